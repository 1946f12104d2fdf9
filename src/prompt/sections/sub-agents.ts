import type { PromptContext } from '../context.js';
import { defineSection } from '../section.js';
import { guidance } from './_format.js';

const SUB_AGENT_TOOL =
  /^(task|agent|sub[-_]?agents?|spawn[-_]?agent|dispatch[-_]?agent|delegate)$/i;

/** A sub-agent can be started when a tool named like `task`, `agent` or `spawn_agent` exists. */
export function hasSubAgentTool(ctx: PromptContext): boolean {
  return ctx.tools.some((t) => SUB_AGENT_TOOL.test(t));
}

export const subAgentsSection = defineSection({
  name: 'sub-agents',
  tier: 'static',
  mainAgentOnly: true,
  guard: hasSubAgentTool,
  render: () =>
    guidance('Sub-agents', [
      'Delegate a task that is self-contained and would fill your context: a broad search, reading many files, an independent change.',
      'Do it yourself when the task is small, or needs what you have already learned in this conversation.',
      'A fresh sub-agent knows nothing of this conversation: give it the goal, the relevant paths, the constraints and the shape of the answer you need.',
      'Fork mode starts the sub-agent with a copy of your context: use it when the task depends on what you already know.',
      'Run independent sub-agents at the same time. Their results are for you, not the user: check them, then report what matters in your own words.',
    ]),
});
