/**
 * @module inspect/timeline
 * The cache timeline of a session: per turn (one turn per assistant message), the hit ratio and
 * the input cost relative to sending everything uncached, predicted by the providers' cache
 * simulator over the request each turn sent (rebuilt from the history: the prompt, the tools and
 * the messages before that assistant message) and, where the ledger has the turn (a live engine's
 * `ledger.turns`, matched on the assistant message id), what the provider reported.
 */
import type { History } from '../history/index.js';
import type { BuiltPrompt } from '../prompt/index.js';
import {
  type CachePricing,
  type CacheRequest,
  type CacheRules,
  cachePricingFor,
  type LedgerTurn,
  minCacheableTokens,
  requestToBlocks,
  simulateCache,
  toAnthropicRequest,
  toOpenAIChatRequest,
} from '../providers/index.js';
import type { TokenCounter } from '../tokens/index.js';
import type { ToolDefinition } from '../tools/index.js';
import type { TimelineTurn } from './types.js';

/** What {@link cacheTimeline} needs. */
export interface TimelineInput {
  readonly provider: string;
  readonly model: string;
  readonly prompt: BuiltPrompt;
  readonly tools: readonly ToolDefinition[];
  readonly history: History;
  /** The ledger's turns (labels are assistant message ids), when a live engine is inspected. */
  readonly ledger?: readonly LedgerTurn[] | undefined;
  readonly tokenCounter: TokenCounter;
  /** At most this many turns, the latest (default 200). */
  readonly maxTurns?: number | undefined;
}

/** The providers whose requests carry explicit breakpoints (Anthropic rules). */
export function usesBreakpoints(provider: string): boolean {
  return provider === 'anthropic' || provider === 'ai-sdk';
}

function relativeCost(
  p: CachePricing,
  u: { input: number; read: number; write: number; write1h: number },
): number {
  if (u.input === 0) return 0;
  const uncached = Math.max(0, u.input - u.read - u.write);
  return (
    (uncached + u.read * p.read + (u.write - u.write1h) * p.write5m + u.write1h * p.write1h) /
    u.input
  );
}

function requestBlocks(input: TimelineInput, history: History): CacheRequest {
  if (usesBreakpoints(input.provider)) {
    const { request } = toAnthropicRequest({
      model: input.model,
      maxTokens: 4096,
      prompt: input.prompt,
      tools: input.tools,
      history,
      tokenCounter: input.tokenCounter,
    });
    return { blocks: requestToBlocks('anthropic', request, input.prompt) };
  }
  const request = toOpenAIChatRequest({
    model: input.model,
    prompt: input.prompt,
    tools: input.tools,
    history,
  });
  return { blocks: requestToBlocks('openai-chat', request, input.prompt) };
}

/** Predicted (and, from the ledger, reported) cache figures per turn. Pure. */
export function cacheTimeline(input: TimelineInput): readonly TimelineTurn[] {
  const ends: { index: number; id: string }[] = [];
  input.history.forEach((m, index) => {
    if (m.role === 'assistant') ends.push({ index, id: m.id });
  });
  const latest = ends.slice(-(input.maxTurns ?? 200));
  const requests = latest.map((e) => requestBlocks(input, input.history.slice(0, e.index)));
  const rules: CacheRules = usesBreakpoints(input.provider)
    ? { kind: 'anthropic', minTokens: minCacheableTokens(input.model) }
    : { kind: 'openai' };
  const simulated = simulateCache(requests, rules, input.tokenCounter).turns;
  const pricing = cachePricingFor(input.model);
  const reported = new Map((input.ledger ?? []).map((t) => [t.label, t]));
  const first = ends.length - latest.length;
  return Object.freeze(
    latest.map((e, i) => {
      const s = simulated[i];
      const r = reported.get(e.id);
      const rIn = r?.inputTotal ?? 0;
      return Object.freeze({
        turn: first + i + 1,
        label: e.id,
        predictedHitRatio: s?.hitRatio,
        predictedRelativeCost:
          s === undefined
            ? undefined
            : relativeCost(pricing, {
                input: s.inputTokens,
                read: s.cacheRead,
                write: s.cacheWrite,
                write1h: s.cacheWrite1h,
              }),
        reportedHitRatio: r === undefined || rIn === 0 ? undefined : r.cacheRead / rIn,
        reportedRelativeCost:
          r === undefined
            ? undefined
            : relativeCost(pricing, {
                input: rIn,
                read: r.cacheRead,
                write: r.cacheWrite,
                write1h: r.cacheWrite1h,
              }),
        inputTokens: s?.inputTokens,
      });
    }),
  );
}
