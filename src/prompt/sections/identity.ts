import type { PromptContext } from '../context.js';
import { defineSection } from '../section.js';
import { localisedTexts } from './localised-text.js';

/**
 * Who the agent is, in the session's locale. Reads only `agentName` and `locale`, static inputs.
 */
export function identityLine(ctx: PromptContext): string {
  return localisedTexts(ctx.locale).intro(ctx.agentName);
}

/**
 * The identity: the `SOUL.md` text when there is one (a static input; it wins over the built-in
 * text in every locale), else the built-in one in the session's locale (a fixed table, English
 * for a locale outside it). Either way the sentence on the rank of the user's instructions follows.
 */
export const identitySection = defineSection({
  name: 'identity',
  tier: 'static',
  render: (ctx) => {
    const t = localisedTexts(ctx.locale);
    const soul = ctx.soul?.trim();
    if (soul) return `${soul}\n\n${t.precedence}`;
    return [t.intro(ctx.agentName), t.work, t.precedence].join(t.join);
  },
});

/** The one-line identity used by mode `none`, where the caller supplies the rest. */
export const identityLineSection = defineSection({
  name: 'identity-line',
  tier: 'static',
  render: identityLine,
});
