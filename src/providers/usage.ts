/**
 * @module providers/usage
 * Cache figures read from what the provider actually reported.
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { SimulatedTurn } from './simulate.js';

/** Whose usage object it is. `ai-sdk` reads both the v5 and the v6 shapes. */
export type UsageProvider = 'anthropic' | 'openai' | 'ai-sdk';

/** One response's token usage, the same fields whatever the provider. */
export interface NormalizedUsage {
  readonly provider: UsageProvider;
  /** All input tokens: uncached + cache read + cache write. */
  readonly inputTotal: number;
  /** Input tokens billed at the full rate. */
  readonly inputUncached: number;
  /** Input tokens read from the cache. */
  readonly cacheRead: number;
  /** Input tokens written to the cache (Anthropic bills these at 1.25x or 2x; OpenAI reports none). */
  readonly cacheWrite: number;
  /**
   * Of `cacheWrite`, the tokens written with a 1-hour TTL (Anthropic's
   * `cache_creation.ephemeral_1h_input_tokens`, billed 2x); the rest are 5-minute writes (1.25x).
   * 0 when the provider does not say.
   */
  readonly cacheWrite1h: number;
  /** Output tokens. */
  readonly output: number;
  /** cacheRead / inputTotal, 0 when there was no input. */
  readonly hitRatio: number;
  /**
   * Work the provider billed outside the top-level figures: Anthropic's server-side compaction
   * (`usage.iterations` entries of type `compaction`, whose tokens the top-level fields leave
   * out). Absent when there was none.
   */
  readonly compaction?: ServerIterationUsage | undefined;
  /** The provider's own object, unchanged. */
  readonly raw: unknown;
}

/** Tokens of one kind of server-side iteration, summed. */
export interface ServerIterationUsage {
  readonly iterations: number;
  /** All input: uncached + cache read + cache write. */
  readonly inputTotal: number;
  readonly inputUncached: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly cacheWrite1h: number;
  readonly output: number;
}

function num(obj: unknown, path: string): number | undefined {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  if (cur === undefined || cur === null) return undefined;
  if (typeof cur !== 'number' || !Number.isFinite(cur) || cur < 0) {
    throw new CtxloomError(
      'E_USAGE_INVALID',
      `usage field ${path} must be a non-negative number, got ${JSON.stringify(cur)}`,
    );
  }
  return cur;
}

function make(
  provider: UsageProvider,
  uncached: number,
  read: number,
  write: number,
  output: number,
  raw: unknown,
  write1h = 0,
  compaction?: ServerIterationUsage,
): NormalizedUsage {
  const inputTotal = uncached + read + write;
  return Object.freeze({
    provider,
    inputTotal,
    inputUncached: uncached,
    cacheRead: read,
    cacheWrite: write,
    cacheWrite1h: write1h,
    output,
    hitRatio: inputTotal === 0 ? 0 : read / inputTotal,
    ...(compaction === undefined ? {} : { compaction }),
    raw,
  });
}

/** Anthropic `usage.iterations` of type `compaction`, summed (undefined when there are none). */
function compactionIterations(raw: unknown): ServerIterationUsage | undefined {
  const list = (raw as Record<string, unknown>).iterations;
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list))
    throw new CtxloomError('E_USAGE_INVALID', 'usage.iterations must be an array');
  let n = 0;
  let uncached = 0;
  let read = 0;
  let write = 0;
  let write1h = 0;
  let output = 0;
  for (const it of list) {
    if ((it as Record<string, unknown> | null)?.type !== 'compaction') continue;
    const at = (f: string) => num(it, f) ?? 0;
    n++;
    uncached += at('input_tokens');
    read += at('cache_read_input_tokens');
    write += at('cache_creation_input_tokens');
    write1h += at('cache_creation.ephemeral_1h_input_tokens');
    output += at('output_tokens');
  }
  if (n === 0) return undefined;
  return Object.freeze({
    iterations: n,
    inputTotal: uncached + read + write,
    inputUncached: uncached,
    cacheRead: read,
    cacheWrite: write,
    cacheWrite1h: write1h,
    output,
  });
}

/**
 * Normalises a provider usage object.
 * - Anthropic: `input_tokens` (after the last breakpoint), `cache_read_input_tokens`,
 *   `cache_creation_input_tokens`, split by TTL in `cache_creation.ephemeral_5m_input_tokens` /
 *   `ephemeral_1h_input_tokens` (when the split does not add up to the total, the rest is 5m).
 * - OpenAI: Chat Completions `prompt_tokens` + `prompt_tokens_details.cached_tokens`, or Responses
 *   `input_tokens` + `input_tokens_details.cached_tokens` (both totals include the cached part).
 * - Anthropic compaction: `usage.iterations` entries of type `compaction` (left out of the
 *   top-level fields) are summed into `compaction`.
 * - AI SDK: v6 `inputTokens` + `inputTokenDetails.{noCacheTokens, cacheReadTokens, cacheWriteTokens}`
 *   (the 1-hour split from `raw.cache_creation` when the provider's raw usage carries it);
 *   v5 `inputTokens` + `cachedInputTokens`.
 * @example normalizeUsage('anthropic', response.usage).hitRatio
 */
export function normalizeUsage(provider: UsageProvider, raw: unknown): NormalizedUsage {
  if (typeof raw !== 'object' || raw === null) {
    throw new CtxloomError(
      'E_USAGE_INVALID',
      `usage must be an object, got ${raw === null ? 'null' : typeof raw}`,
    );
  }
  if (provider === 'anthropic') {
    const input = num(raw, 'input_tokens');
    if (input === undefined)
      throw new CtxloomError('E_USAGE_INVALID', 'Anthropic usage has no input_tokens');
    const w1h = num(raw, 'cache_creation.ephemeral_1h_input_tokens') ?? 0;
    const w5m = num(raw, 'cache_creation.ephemeral_5m_input_tokens') ?? 0;
    const write = num(raw, 'cache_creation_input_tokens') ?? w1h + w5m;
    if (w1h + w5m > write)
      throw new CtxloomError(
        'E_USAGE_INVALID',
        `cache_creation splits (${w5m} + ${w1h}) exceed cache_creation_input_tokens (${write})`,
      );
    return make(
      provider,
      input,
      num(raw, 'cache_read_input_tokens') ?? 0,
      write,
      num(raw, 'output_tokens') ?? 0,
      raw,
      w1h,
      compactionIterations(raw),
    );
  }
  if (provider === 'openai') {
    const chat = num(raw, 'prompt_tokens');
    const total = chat ?? num(raw, 'input_tokens');
    if (total === undefined)
      throw new CtxloomError(
        'E_USAGE_INVALID',
        'OpenAI usage has neither prompt_tokens nor input_tokens',
      );
    const cached =
      (chat !== undefined
        ? num(raw, 'prompt_tokens_details.cached_tokens')
        : num(raw, 'input_tokens_details.cached_tokens')) ?? 0;
    const output =
      (chat !== undefined ? num(raw, 'completion_tokens') : num(raw, 'output_tokens')) ?? 0;
    if (cached > total)
      throw new CtxloomError(
        'E_USAGE_INVALID',
        `cached tokens (${cached}) exceed input tokens (${total})`,
      );
    return make(provider, total - cached, cached, 0, output, raw);
  }
  if (provider === 'ai-sdk') {
    const total = num(raw, 'inputTokens') ?? 0;
    const output = num(raw, 'outputTokens') ?? 0;
    const details = (raw as Record<string, unknown>).inputTokenDetails;
    if (typeof details === 'object' && details !== null) {
      const read = num(raw, 'inputTokenDetails.cacheReadTokens') ?? 0;
      const write = num(raw, 'inputTokenDetails.cacheWriteTokens') ?? 0;
      const noCache =
        num(raw, 'inputTokenDetails.noCacheTokens') ?? Math.max(0, total - read - write);
      // `raw` is the provider's own usage: @ai-sdk/anthropic's keeps the 1-hour split
      const write1h = Math.min(
        write,
        num(raw, 'raw.cache_creation.ephemeral_1h_input_tokens') ?? 0,
      );
      return make(provider, noCache, read, write, output, raw, write1h);
    }
    const cached = num(raw, 'cachedInputTokens') ?? 0;
    if (cached > total)
      throw new CtxloomError(
        'E_USAGE_INVALID',
        `cachedInputTokens (${cached}) exceed inputTokens (${total})`,
      );
    return make(provider, total - cached, cached, 0, output, raw);
  }
  throw new CtxloomError('E_USAGE_INVALID', `unknown provider "${String(provider)}"`);
}

/**
 * A simulated turn as usage, so a `CacheLedger` prices a prediction the same way it prices what
 * the provider reported (predicted vs true, side by side).
 */
export function simulatedUsage(
  turn: SimulatedTurn,
  provider: UsageProvider = 'anthropic',
): NormalizedUsage {
  return make(provider, turn.uncached, turn.cacheRead, turn.cacheWrite, 0, turn, turn.cacheWrite1h);
}
