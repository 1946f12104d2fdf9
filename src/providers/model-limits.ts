/**
 * @module providers/model-limits
 * The shortest prefix each Anthropic model will cache. A breakpoint on a shorter prefix is
 * ignored by the API, so the planner does not spend one there.
 */

/**
 * Minimum cacheable prompt length in tokens, by model-id pattern (first match wins). See the table
 * in docs/providers.md for the source of each figure; ids no row names fall to the Opus / Sonnet
 * row or {@link DEFAULT_MIN_CACHEABLE} (unknown, not measured: override per model id).
 */
export const ANTHROPIC_MIN_CACHEABLE: readonly {
  readonly pattern: RegExp;
  readonly tokens: number;
}[] = Object.freeze([
  { pattern: /opus-4-[56]|opus-4\.[56]/, tokens: 4096 },
  { pattern: /opus-4-7|opus-4\.7/, tokens: 2048 },
  { pattern: /(opus|fable|mythos)-5($|-\d{8}$)/, tokens: 512 },
  { pattern: /haiku-4/, tokens: 4096 },
  { pattern: /haiku-3|3-5-haiku|3-haiku/, tokens: 2048 },
  { pattern: /opus|sonnet/, tokens: 1024 },
]);

/** Fallback when no pattern matches. */
export const DEFAULT_MIN_CACHEABLE = 1024;

/**
 * The minimum cacheable length for `model`; `overrides` (exact model id -> tokens) win.
 * @example minCacheableTokens('claude-haiku-4-5') // 4096
 */
export function minCacheableTokens(
  model: string,
  overrides: Readonly<Record<string, number>> = {},
): number {
  const exact = overrides[model];
  if (exact !== undefined) return exact;
  const id = model.toLowerCase();
  return ANTHROPIC_MIN_CACHEABLE.find((m) => m.pattern.test(id))?.tokens ?? DEFAULT_MIN_CACHEABLE;
}
