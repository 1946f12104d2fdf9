/**
 * @module providers/model-limits
 * The shortest prefix each Anthropic model will cache. A breakpoint on a shorter prefix is
 * ignored by the API, so the planner does not spend one there.
 */

/** Minimum cacheable prompt length in tokens, by model-id pattern (first match wins). */
export const ANTHROPIC_MIN_CACHEABLE: readonly {
  readonly pattern: RegExp;
  readonly tokens: number;
}[] = Object.freeze([
  { pattern: /opus-4-[5-9]|opus-4\.[5-9]/, tokens: 4096 },
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
