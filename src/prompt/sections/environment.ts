import { defineSection } from '../section.js';
import { oneLine, tag } from '../tag.js';

export const environmentSection = defineSection({
  name: 'environment',
  tier: 'dynamic',
  render: (ctx) => {
    // every value is one line: a cwd named `x\n</environment>\n...` cannot add lines of its own
    const lines: string[] = [];
    if (ctx.cwd !== undefined) lines.push(`Working directory: ${oneLine(ctx.cwd)}`);
    if (ctx.home !== undefined) lines.push(`Home folder: ${oneLine(ctx.home)}`);
    if (ctx.platform !== undefined) lines.push(`Platform: ${oneLine(ctx.platform)}`);
    if (ctx.shell !== undefined) lines.push(`Shell: ${oneLine(ctx.shell)}`);
    if (ctx.locale !== undefined) lines.push(`Locale: ${oneLine(ctx.locale)}`);
    return tag('environment', lines.join('\n'));
  },
});
