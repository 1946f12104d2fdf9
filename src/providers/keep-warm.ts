/**
 * @module providers/keep-warm
 * Keeping an Anthropic prompt cache entry alive across an idle gap: when each entry expires (an
 * entry lives for its TTL from its last use, and a read refreshes it), the minimal request that
 * refreshes it (the same prefix, `max_tokens: 1`), and the cost model that says whether pinging
 * pays for an idle gap of N minutes against letting it expire and writing it again. Pure: times
 * are arguments, nothing is sent.
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { AnthropicContentBlock, AnthropicMessage, AnthropicRequest } from './anthropic.js';
import type { BreakpointDecision, BreakpointSlot } from './breakpoints.js';
import { ANTHROPIC_PRICING, type CacheLedger, type CachePricing } from './ledger.js';
import type { CacheTtl } from './types.js';

const MINUTE = 60_000;
/** Lifetime of an entry per TTL, in minutes. */
export const TTL_MINUTES: Readonly<Record<CacheTtl, number>> = Object.freeze({ '5m': 5, '1h': 60 });

/** When the entry written at one placed breakpoint expires. */
export interface CacheExpiry {
  readonly slot: BreakpointSlot;
  readonly ttl: CacheTtl;
  readonly prefixTokens: number;
  /** ms since the epoch. */
  readonly expiresAt: number;
}

/**
 * The expiry of every entry a request wrote or refreshed, soonest first (then by prefix).
 * @param lastUseAt when the request was sent (ms since the epoch)
 */
export function cacheExpiries(
  breakpoints: readonly BreakpointDecision[],
  lastUseAt: number,
): readonly CacheExpiry[] {
  return Object.freeze(
    breakpoints
      .filter((b) => b.placed)
      .map((b) =>
        Object.freeze({
          slot: b.slot,
          ttl: b.ttl,
          prefixTokens: b.prefixTokens,
          expiresAt: lastUseAt + TTL_MINUTES[b.ttl] * MINUTE,
        }),
      )
      .sort((a, b) => a.expiresAt - b.expiresAt || a.prefixTokens - b.prefixTokens),
  );
}

function hasMarker(b: AnthropicContentBlock): boolean {
  return 'cache_control' in b && b.cache_control !== undefined && b.cache_control !== null;
}

/**
 * The smallest request that refreshes every entry `request` would read: the same tools, system
 * and messages up to the last cache breakpoint (what follows it, e.g. the clock, is left out),
 * `max_tokens: 1`, no diagnostics. Without a breakpoint in the messages, the cached prefix is
 * tools + system and one `"."` user message stands in for the conversation. A read refreshes an
 * entry's TTL, so sending this before the earliest expiry keeps the cache warm.
 */
export function keepWarmRequest(request: AnthropicRequest): AnthropicRequest {
  const { diagnostics: _drop, ...rest } = request;
  let cut = -1;
  request.messages.forEach((m, i) => {
    if (typeof m.content !== 'string' && m.content.some(hasMarker)) cut = i;
  });
  let messages: AnthropicMessage[];
  if (cut < 0) messages = [{ role: 'user', content: '.' }];
  else {
    messages = request.messages.slice(0, cut + 1);
    const last = messages[cut] as AnthropicMessage;
    const blocks = last.content as AnthropicContentBlock[];
    let end = blocks.length - 1;
    while (end >= 0 && !hasMarker(blocks[end] as AnthropicContentBlock)) end--;
    messages[cut] = { role: last.role, content: blocks.slice(0, end + 1) };
  }
  return { ...rest, max_tokens: 1, messages };
}

/** Inputs of {@link keepWarmCost}. */
export interface KeepWarmInput {
  /** Tokens of the cached prefix the next request reads; or take it from `ledger`. */
  readonly prefixTokens?: number | undefined;
  /** The last turn's cache read + write is the prefix; its pricing is used. */
  readonly ledger?: CacheLedger | undefined;
  /** How long until the next real request. */
  readonly idleMinutes: number;
  /** TTL of the entry (and of its re-write when it expires). */
  readonly ttl: CacheTtl;
  /** Default: the ledger's, else Anthropic's (read 0.1, 5m write 1.25, 1h write 2). */
  readonly pricing?: CachePricing | undefined;
  /** Output price / input price (Sonnet and Opus: 5). A ping bills one output token. */
  readonly outputPriceRatio?: number | undefined;
  /** Tokens a ping sends after the last breakpoint (uncached); 0 with {@link keepWarmRequest}. */
  readonly pingUncachedTokens?: number | undefined;
  /** Ping this long before the entry would expire (default 0.5 minutes). */
  readonly marginMinutes?: number | undefined;
}

/** The verdict, costs in base-price input tokens. */
export interface KeepWarmVerdict {
  readonly prefixTokens: number;
  /** Pings needed to bridge the gap (0 when the gap is within the TTL). */
  readonly pings: number;
  /** Pings plus the next request reading the prefix. */
  readonly warmCost: number;
  /** The next request writing the prefix again (after the entry expired). */
  readonly coldCost: number;
  readonly pays: boolean;
  /** The longest idle gap for which pinging still pays, in minutes. */
  readonly breakEvenMinutes: number;
}

function nonNegative(value: number, what: string): number {
  if (!Number.isFinite(value) || value < 0)
    throw new CtxloomError(
      'E_PAYLOAD_INVALID',
      `${what} must be a non-negative number, got ${value}`,
    );
  return value;
}

/**
 * Whether keep-alive pings pay for an idle gap: `pings` refreshes at `ttl - margin` intervals,
 * each reading the prefix (read price) plus one output token, then the next request reads it;
 * against the next request writing it again at the TTL's write price. Within the TTL no ping is
 * needed (`pings: 0`, warm = one read).
 */
export function keepWarmCost(input: KeepWarmInput): KeepWarmVerdict {
  const last = input.ledger?.turns.at(-1);
  const prefix = nonNegative(
    input.prefixTokens ?? (last === undefined ? 0 : last.cacheRead + last.cacheWrite),
    'prefixTokens',
  );
  const idle = nonNegative(input.idleMinutes, 'idleMinutes');
  const p = input.pricing ?? input.ledger?.pricing ?? ANTHROPIC_PRICING;
  const ttl = TTL_MINUTES[input.ttl];
  const margin = nonNegative(input.marginMinutes ?? 0.5, 'marginMinutes');
  if (margin >= ttl)
    throw new CtxloomError('E_PAYLOAD_INVALID', `marginMinutes must be below the TTL (${ttl})`);
  const interval = ttl - margin;
  const pingCost =
    prefix * p.read +
    nonNegative(input.pingUncachedTokens ?? 0, 'pingUncachedTokens') +
    nonNegative(input.outputPriceRatio ?? 5, 'outputPriceRatio');
  const pings = idle <= ttl ? 0 : Math.ceil((idle - ttl) / interval);
  const read = prefix * p.read;
  const write = prefix * (input.ttl === '1h' ? p.write1h : p.write5m);
  const warmCost = pings * pingCost + read;
  // most pings that still cost less than the re-write, and the gap they bridge
  const maxPings =
    pingCost <= 0 ? Number.POSITIVE_INFINITY : Math.ceil((write - read) / pingCost) - 1;
  return Object.freeze({
    prefixTokens: prefix,
    pings,
    warmCost,
    coldCost: write,
    pays: pings === 0 || warmCost < write,
    breakEvenMinutes: maxPings < 0 ? ttl : ttl + maxPings * interval,
  });
}
