/**
 * @module providers/prompt-delivery
 * Where each part of a built prompt goes in a request, read from the prompt's structure (its
 * parts and sections), never cut out of the tier strings: the static tier, the stable dynamic
 * part, the volatile tail (the clock), and the repository section when it is placed in the
 * conversation.
 */
import { type BuiltSection, REPOSITORY_SECTION, SECTION_SEPARATOR } from '../prompt/index.js';
import type { DeliveredTiers, PromptTiers, RepositoryPlacement } from './types.js';

/** Joins the texts that are not null with the section separator; null when there are none. */
function joinSections(texts: readonly (string | null)[]): string | null {
  const present = texts.filter((t): t is string => t !== null);
  return present.length > 0 ? present.join(SECTION_SEPARATOR) : null;
}

/** The rendered dynamic sections of `sections` that `keep` accepts, in output order, joined. */
function joinDynamic(
  sections: readonly BuiltSection[],
  keep: (s: BuiltSection) => boolean,
): string | null {
  return joinSections(sections.filter((s) => s.tier === 'dynamic' && keep(s)).map((s) => s.text));
}

/**
 * The prompt as a payload builder delivers it. The volatile tail (sections declared volatile,
 * which `build` always renders last) is apart from the stable dynamic part: anything in the
 * system prompt precedes the whole conversation in the cached prefix, so a clock there would
 * invalidate every message each turn; delivered after the history instead, it costs only itself.
 * For `repositoryPlacement: 'user'` the repository section is apart too, and the stable part is
 * joined again from the other sections. A prompt without `parts` (plain tiers) has no tail and
 * no repository section to take.
 */
export function deliverPrompt(
  prompt: PromptTiers,
  repositoryPlacement: RepositoryPlacement | undefined,
): DeliveredTiers {
  const parts = prompt.parts;
  if (parts === undefined)
    return { static: prompt.static, dynamic: prompt.dynamic, volatile: null, repository: null };
  const repository =
    repositoryPlacement === 'user'
      ? (prompt.sections?.find((s) => s.tier === 'dynamic' && s.name === REPOSITORY_SECTION)
          ?.text ?? null)
      : null;
  if (repository === null || prompt.sections === undefined)
    return { static: prompt.static, dynamic: parts.stable, volatile: parts.volatile, repository };
  const others = (s: BuiltSection) => s.name !== REPOSITORY_SECTION;
  return {
    static: prompt.static,
    dynamic: joinDynamic(prompt.sections, (s) => !s.volatile && others(s)),
    volatile: joinDynamic(prompt.sections, (s) => s.volatile && others(s)),
    repository,
  };
}

/**
 * The dynamic system block as sent: the stable part alone when the tail goes after the history
 * (`tailAtEnd`), else the stable part and the tail joined.
 */
export function dynamicBlock(tiers: DeliveredTiers, tailAtEnd: boolean): string | null {
  return tailAtEnd ? tiers.dynamic : joinSections([tiers.dynamic, tiers.volatile]);
}
