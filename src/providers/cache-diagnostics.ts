/**
 * @module providers/cache-diagnostics
 * What the providers say about a cache miss, next to what ctxloom predicted, in one vocabulary.
 * - Anthropic (beta `cache-diagnosis-2026-04-07`): the request carries
 *   `diagnostics.previous_message_id`; the response's `diagnostics.cache_miss_reason` is one of
 *   `model_changed`, `system_changed`, `tools_changed`, `messages_changed` (with
 *   `cache_missed_input_tokens`), `previous_message_not_found`, `unavailable`, or `null` (still
 *   pending). Shapes: `BetaCacheMissReason` in `@anthropic-ai/sdk` 1.14 and
 *   platform.claude.com/docs/en/build-with-claude/cache-diagnostics.
 * - OpenAI Responses (gpt-5.6 and later): the request carries
 *   `prompt_cache_options.comparison_response_id`; the response's `prompt_cache_diagnostics` is
 *   `cache_miss` (`reason`, `cache_missed_tokens`), `cache_hit`, `comparison_response_not_found`
 *   or `unavailable` (`openai` 7.59 types).
 * And ctxloom's side: {@link predictedCacheMiss} reads an `explainCacheMiss` result the same way.
 * Pure.
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { CacheMissExplanation } from './explain.js';

/** The part of the prefix a miss is blamed on. */
export type CacheMissCause =
  | 'model'
  | 'tools'
  | 'system'
  | 'messages'
  | 'cache-key'
  | 'compaction'
  | 'settings'
  | 'unknown';

/** One miss diagnosis: the provider's report or ctxloom's prediction. */
export interface CacheMissReport {
  readonly source: 'anthropic' | 'openai' | 'ctxloom';
  /** `miss`: part of the previous prefix was not reused; `pending`: the provider had not decided yet. */
  readonly status: 'hit' | 'miss' | 'pending' | 'not-found' | 'unavailable';
  readonly cause?: CacheMissCause | undefined;
  /** The provider's own reason code (or ctxloom's block id). */
  readonly reason?: string | undefined;
  /** Tokens that would have been read from the cache had the prefix matched. */
  readonly missedTokens?: number | undefined;
}

const ANTHROPIC_CAUSE: Record<string, CacheMissCause> = {
  model_changed: 'model',
  system_changed: 'system',
  tools_changed: 'tools',
  messages_changed: 'messages',
};

const OPENAI_CAUSE: Record<string, CacheMissCause> = {
  model_changed: 'model',
  prompt_cache_key_changed: 'cache-key',
  tools_changed: 'tools',
  input_changed: 'messages',
  context_compacted: 'compaction',
  text_format_changed: 'settings',
  reasoning_effort_changed: 'settings',
  verbosity_changed: 'settings',
  service_tier_changed: 'settings',
};

type Json = Record<string, unknown>;

function tokens(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new CtxloomError(
      'E_USAGE_INVALID',
      `${what} must be a non-negative number, got ${JSON.stringify(value)}`,
    );
  return value;
}

function report(fields: CacheMissReport): CacheMissReport {
  const out: Record<string, unknown> = { source: fields.source, status: fields.status };
  if (fields.cause !== undefined) out.cause = fields.cause;
  if (fields.reason !== undefined) out.reason = fields.reason;
  if (fields.missedTokens !== undefined) out.missedTokens = fields.missedTokens;
  return Object.freeze(out) as unknown as CacheMissReport;
}

/**
 * Reads the provider's cache diagnosis from a response body (Anthropic Messages or OpenAI
 * Responses). `undefined` when the response carries none (diagnostics not requested).
 */
export function readCacheDiagnostics(
  provider: 'anthropic' | 'openai',
  response: unknown,
): CacheMissReport | undefined {
  if (typeof response !== 'object' || response === null)
    throw new CtxloomError('E_USAGE_INVALID', 'response must be an object');
  const r = response as Json;
  if (provider === 'anthropic') {
    const d = r.diagnostics as Json | undefined | null;
    if (d === undefined || d === null || !('cache_miss_reason' in d)) return undefined;
    const reason = d.cache_miss_reason as Json | null;
    if (reason === null) return report({ source: 'anthropic', status: 'pending' });
    const type = String(reason.type);
    if (type === 'previous_message_not_found')
      return report({ source: 'anthropic', status: 'not-found', reason: type });
    if (type === 'unavailable')
      return report({ source: 'anthropic', status: 'unavailable', reason: type });
    return report({
      source: 'anthropic',
      status: 'miss',
      cause: ANTHROPIC_CAUSE[type] ?? 'unknown',
      reason: type,
      missedTokens: tokens(reason.cache_missed_input_tokens, 'cache_missed_input_tokens'),
    });
  }
  const d = r.prompt_cache_diagnostics as Json | undefined | null;
  if (d === undefined || d === null) return undefined;
  const type = String(d.type);
  if (type === 'cache_hit') return report({ source: 'openai', status: 'hit' });
  if (type === 'comparison_response_not_found')
    return report({ source: 'openai', status: 'not-found', reason: type });
  if (type === 'cache_miss')
    return report({
      source: 'openai',
      status: 'miss',
      cause: OPENAI_CAUSE[String(d.reason)] ?? 'unknown',
      reason: String(d.reason),
      missedTokens: tokens(d.cache_missed_tokens, 'cache_missed_tokens'),
    });
  return report({ source: 'openai', status: 'unavailable', reason: type });
}

/** Which part of the request a block id names (`requestToBlocks` ids). */
function causeOf(e: CacheMissExplanation): CacheMissCause {
  if (e.blockId.startsWith('tools')) return 'tools';
  if (e.blockId.startsWith('system') || e.blockId === 'instructions' || e.section !== undefined)
    return 'system';
  if (e.blockId.startsWith('messages') || e.blockId.startsWith('input')) return 'messages';
  return 'unknown';
}

/**
 * ctxloom's prediction (`explainCacheMiss(previous, next)`) in the providers' vocabulary:
 * `hit` when `next` extends the whole of `previous`, else a miss blamed on the part where they
 * diverge, with the tokens no longer cacheable.
 */
export function predictedCacheMiss(explanation: CacheMissExplanation): CacheMissReport {
  if (explanation.identicalPrefix) return report({ source: 'ctxloom', status: 'hit' });
  return report({
    source: 'ctxloom',
    status: 'miss',
    cause: causeOf(explanation),
    reason:
      explanation.section === undefined
        ? explanation.blockId
        : `${explanation.blockId} (${explanation.section})`,
    missedTokens: explanation.lostTokens,
  });
}

/** What Anthropic's context editing cleared in one response (`context_management.applied_edits`). */
export interface ClearedContext {
  readonly toolUses: number;
  readonly thinkingTurns: number;
  readonly inputTokens: number;
}

/** Reads `context_management.applied_edits` from an Anthropic response (undefined when absent). */
export function readClearedContext(response: unknown): ClearedContext | undefined {
  if (typeof response !== 'object' || response === null)
    throw new CtxloomError('E_USAGE_INVALID', 'response must be an object');
  const cm = (response as Json).context_management as Json | undefined | null;
  const edits = cm?.applied_edits;
  if (!Array.isArray(edits)) return undefined;
  let toolUses = 0;
  let thinkingTurns = 0;
  let inputTokens = 0;
  for (const e of edits as Json[]) {
    inputTokens += tokens(e.cleared_input_tokens, 'cleared_input_tokens') ?? 0;
    toolUses += tokens(e.cleared_tool_uses, 'cleared_tool_uses') ?? 0;
    thinkingTurns += tokens(e.cleared_thinking_turns, 'cleared_thinking_turns') ?? 0;
  }
  return Object.freeze({ toolUses, thinkingTurns, inputTokens });
}
