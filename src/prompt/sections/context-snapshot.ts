import { defineSection } from '../section.js';
import { tag } from '../tag.js';

export const contextSnapshotSection = defineSection({
  name: 'context-snapshot',
  tier: 'dynamic',
  mainAgentOnly: true,
  render: (ctx) =>
    ctx.contextSnapshot?.trim()
      ? tag(
          'context-snapshot',
          `A summary of the earlier part of this conversation, which was compacted:\n\n${ctx.contextSnapshot}`,
        )
      : null,
});
