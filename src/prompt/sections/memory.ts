import { defineSection } from '../section.js';
import { tag } from '../tag.js';

export const memorySection = defineSection({
  name: 'memory',
  tier: 'dynamic',
  mainAgentOnly: true,
  render: (ctx) =>
    ctx.memory?.trim()
      ? tag(
          'memory',
          `Notes kept from earlier sessions. They may be out of date: check before relying on them.\n\n${ctx.memory}`,
        )
      : null,
});
