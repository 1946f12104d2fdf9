import { defineSection } from '../section.js';
import { tag } from '../tag.js';

export const environmentSection = defineSection({
  name: 'environment',
  tier: 'dynamic',
  render: (ctx) => {
    const lines: string[] = [];
    if (ctx.cwd !== undefined) lines.push(`Working directory: ${ctx.cwd}`);
    if (ctx.platform !== undefined) lines.push(`Platform: ${ctx.platform}`);
    if (ctx.shell !== undefined) lines.push(`Shell: ${ctx.shell}`);
    if (ctx.locale !== undefined) lines.push(`Locale: ${ctx.locale}`);
    return tag('environment', lines.join('\n'));
  },
});
