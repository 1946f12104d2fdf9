import { defineSection } from '../section.js';
import { tag } from '../tag.js';

export const currentPlanSection = defineSection({
  name: 'current-plan',
  tier: 'dynamic',
  mainAgentOnly: true,
  render: (ctx) =>
    ctx.plan?.text.trim()
      ? tag(
          'current-plan',
          `The confirmed plan for this task. Follow it; if it has to change, say so before deviating.\n\n${ctx.plan.text}`,
          {
            file: ctx.plan.name,
          },
        )
      : null,
});
