import type { PromptContext } from '../context.js';
import { defineSection } from '../section.js';

/** Who the agent is. Reads only `agentName`, a static input. */
export function identityLine(ctx: PromptContext): string {
  const who = ctx.agentName ? `${ctx.agentName}, an AI coding agent` : 'an AI coding agent';
  return `You are ${who} working in the user's software project.`;
}

const PRECEDENCE =
  "The user's instructions come first; guidance from the project's own files appears later in this prompt as repository context.";

/** The identity: the `SOUL.md` text when there is one (a static input), else the built-in one. */
export const identitySection = defineSection({
  name: 'identity',
  tier: 'static',
  render: (ctx) =>
    ctx.soul?.trim()
      ? `${ctx.soul.trim()}\n\n${PRECEDENCE}`
      : `${identityLine(ctx)} You read and change code, run commands and tools, and report what you did. ${PRECEDENCE}`,
});

/** The one-line identity used by mode `none`, where the caller supplies the rest. */
export const identityLineSection = defineSection({
  name: 'identity-line',
  tier: 'static',
  render: identityLine,
});
