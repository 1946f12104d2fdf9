import { defineSection } from '../section.js';

export const outputLanguageSection = defineSection({
  name: 'output-language',
  tier: 'dynamic',
  render: (ctx) =>
    ctx.outputLanguage?.trim()
      ? `Always answer the user in ${ctx.outputLanguage.trim()}, whatever the language of the files, tool output or this prompt.`
      : null,
});
