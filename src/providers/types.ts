/**
 * @module providers/types
 * Provider-neutral inputs for request payloads. No SDK is imported at run time: payloads are plain
 * objects whose shapes are checked against the real SDK types in the tests.
 */
import { compareCodeUnits } from '../_internal/compare.js';
import { SECTION_SEPARATOR, type SectionSpan } from '../prompt/index.js';
import type { ToolDefinition } from '../tools/index.js';

/** Cache lifetime of a breakpoint. */
export type CacheTtl = '5m' | '1h';

/** The two tiers of a built system prompt (a `BuiltPrompt` fits). */
export interface PromptTiers {
  readonly static: string;
  readonly dynamic: string | null;
  /** Section spans; with them, volatile sections (the clock) can be delivered after the history. */
  readonly spans?: readonly SectionSpan[] | undefined;
}

/** Where the volatile tail of the dynamic tier (the clock) goes. */
export type VolatilePlacement = 'end' | 'system';

/** The prompt as delivered: the volatile tail split off the dynamic tier. */
export interface DeliveredTiers {
  readonly static: string;
  /** The dynamic tier without its volatile tail. */
  readonly dynamic: string | null;
  /** The volatile sections (always last in the dynamic tier), or null. */
  readonly volatile: string | null;
}

/**
 * Splits the volatile tail (sections declared volatile, which `build` always renders last) off
 * the dynamic tier. Anything in the system prompt precedes the whole conversation in the cached
 * prefix, so a clock there would invalidate every message each turn; delivered after the
 * history instead, it costs only itself.
 */
export function splitVolatileTail(prompt: PromptTiers): DeliveredTiers {
  const first = prompt.spans?.find((s) => s.tier === 'dynamic' && s.volatile);
  if (first === undefined || prompt.dynamic === null)
    return { static: prompt.static, dynamic: prompt.dynamic, volatile: null };
  const stable = prompt.dynamic.slice(0, first.start).trimEnd();
  return {
    static: prompt.static,
    dynamic: stable.length > 0 ? stable : null,
    volatile: prompt.dynamic.slice(first.start),
  };
}

/**
 * Where the repository-provided instruction files (the `repository-context` section) go:
 * `system` (default) in the dynamic system block; `user` at the head of the conversation, as
 * the first user content (some models weigh user-turn guidance differently, and some harnesses
 * want the system prompt to hold only their own rules).
 */
export type RepositoryPlacement = 'system' | 'user';

/** Name of the section that renders the instruction files. */
export const REPOSITORY_SECTION = 'repository-context';

/**
 * Takes the named dynamic section out of the prompt, by its span: returns the prompt without it
 * (the separator before it dropped, later spans shifted) and its text, or the prompt unchanged
 * and null when the section did not render (or the prompt has no spans).
 */
export function takeSection(
  prompt: PromptTiers,
  name: string,
): { prompt: PromptTiers; text: string | null } {
  const span = prompt.spans?.find((s) => s.tier === 'dynamic' && s.name === name);
  if (span === undefined || prompt.dynamic === null || prompt.spans === undefined)
    return { prompt, text: null };
  const dynamic = prompt.dynamic;
  const text = dynamic.slice(span.start, span.end);
  // the separator that joined it to its neighbours: the one before it, or (first section) after it
  let from = span.start;
  let to = span.end;
  if (
    from >= SECTION_SEPARATOR.length &&
    dynamic.startsWith(SECTION_SEPARATOR, from - SECTION_SEPARATOR.length)
  )
    from -= SECTION_SEPARATOR.length;
  else if (dynamic.startsWith(SECTION_SEPARATOR, to)) to += SECTION_SEPARATOR.length;
  const rest = dynamic.slice(0, from) + dynamic.slice(to);
  const cut = to - from;
  const spans = prompt.spans
    .filter((s) => s !== span)
    .map((s) =>
      s.tier === 'dynamic' && s.start >= to ? { ...s, start: s.start - cut, end: s.end - cut } : s,
    );
  return { prompt: { static: prompt.static, dynamic: rest.length > 0 ? rest : null, spans }, text };
}

/**
 * The prompt as the payload builders deliver it for `placement`: unchanged for `system`; for
 * `user`, without the repository section, which is returned apart to become user content.
 */
export function placeRepository(
  prompt: PromptTiers,
  placement: RepositoryPlacement | undefined,
): { prompt: PromptTiers; repository: string | null } {
  if (placement !== 'user') return { prompt, repository: null };
  const taken = takeSection(prompt, REPOSITORY_SECTION);
  return { prompt: taken.prompt, repository: taken.text };
}

/** Joins a stable dynamic tier and a volatile tail back into one block. */
export function joinTail(dynamic: string | null, volatile: string | null): string | null {
  if (volatile === null) return dynamic;
  return dynamic === null ? volatile : `${dynamic}\n\n${volatile}`;
}

/** Sorts tools by name (byte stability: tool order is part of the cached prefix). */
export function sortTools(tools: readonly ToolDefinition[] = []): ToolDefinition[] {
  return [...tools].sort((a, b) => compareCodeUnits(a.name, b.name));
}
