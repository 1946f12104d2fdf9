import type { PromptContext } from '../context.js';
import { defineSection } from '../section.js';
import { guidance } from './_format.js';

/** Plans apply when the flag `plans` is on or a tool's name mentions a plan (`update_plan`, …). */
export function hasPlanTool(ctx: PromptContext): boolean {
  return ctx.features.plans === true || ctx.tools.some((t) => /plan/i.test(t));
}

export const planLifecycleSection = defineSection({
  name: 'plan-lifecycle',
  tier: 'static',
  mainAgentOnly: true,
  guard: hasPlanTool,
  render: () =>
    guidance('Plans', [
      'A plan goes through three stages: draft, confirm, execute.',
      'Draft: for a large or risky change, write the plan (goal, steps, files, checks) and show it to the user.',
      'Confirm: wait for the user to accept it or ask for changes. A draft is never part of this prompt; only a confirmed plan appears, under the current plan.',
      'Execute: follow the confirmed plan step by step. If it turns out to be wrong, stop and propose a revised draft instead of quietly departing from it.',
    ]),
});
