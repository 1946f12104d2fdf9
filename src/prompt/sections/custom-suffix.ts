import { defineSection } from '../section.js';

export const customSuffixSection = defineSection({
  name: 'custom-suffix',
  tier: 'dynamic',
  render: (ctx) => ctx.customSuffix ?? null,
});
