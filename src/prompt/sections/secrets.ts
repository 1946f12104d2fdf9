import { defineSection } from '../section.js';
import { tag } from '../tag.js';

export const secretsSection = defineSection({
  name: 'secrets',
  tier: 'dynamic',
  mainAgentOnly: true,
  render: (ctx) =>
    ctx.secretNames.length === 0
      ? null
      : tag(
          'secrets',
          `These secrets are set as environment variables. Use them by name (for example \`$${ctx.secretNames[0]}\`); never print, log or send their values.\n${ctx.secretNames.map((n) => `- ${n}`).join('\n')}`,
        ),
});
