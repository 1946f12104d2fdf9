import { defineSection } from '../section.js';
import { neutraliseWrapperTags, tag } from '../tag.js';

export const contextSnapshotSection = defineSection({
  name: 'context-snapshot',
  tier: 'dynamic',
  mainAgentOnly: true,
  render: (ctx) =>
    ctx.contextSnapshot?.trim()
      ? tag(
          'context-snapshot',
          `A summary of the earlier part of this conversation, which was compacted:\n\n${neutraliseWrapperTags(ctx.contextSnapshot)}`,
        )
      : null,
});
