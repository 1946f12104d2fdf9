/**
 * @module providers/simulate
 * Predicts how many input tokens of each request in a sequence a provider would serve from its
 * prompt cache, with the real tokenizer and the provider's rules:
 * - `anthropic`: entries are written at explicit breakpoints (when the prefix reaches the model's
 *   minimum); a later request reads the longest cached prefix that ends at a block boundary within
 *   `lookback` (20) blocks before one of its breakpoints; entries live for their TTL from last use.
 * - `openai`: automatic; the longest prefix shared with an earlier live request, counted from 1024
 *   tokens in 128-token steps; entries live `ttlMs` (5 minutes) from last use.
 * - `kv`: a local inference server's prefix cache with a fixed block size: whole blocks of the
 *   longest prefix shared with any earlier request.
 */
import { createHash } from 'node:crypto';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import type { CacheBlock, CacheRequest } from './blocks.js';
import type { CacheTtl } from './types.js';

/** Provider rules for {@link simulateCache}. */
export type CacheRules =
  | {
      readonly kind: 'anthropic';
      readonly minTokens: number;
      readonly lookback?: number | undefined;
    }
  | {
      readonly kind: 'openai';
      readonly minTokens?: number | undefined;
      readonly step?: number | undefined;
      readonly ttlMs?: number | undefined;
    }
  | { readonly kind: 'kv'; readonly blockSize: number };

/** The prediction for one request. */
export interface SimulatedTurn {
  readonly index: number;
  readonly inputTokens: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  /** Of `cacheWrite`, the tokens written under a 1-hour breakpoint (Anthropic). */
  readonly cacheWrite1h: number;
  readonly uncached: number;
  readonly hitRatio: number;
}

/** The prediction for the sequence. */
export interface CacheSimulation {
  readonly turns: readonly SimulatedTurn[];
  readonly totals: {
    readonly inputTokens: number;
    readonly cacheRead: number;
    readonly cacheWrite: number;
    readonly cacheWrite1h: number;
    readonly uncached: number;
    readonly hitRatio: number;
  };
}

const TTL_MS: Record<CacheTtl, number> = { '5m': 5 * 60_000, '1h': 60 * 60_000 };

/** Per-request facts: prefix hashes and cumulative tokens per block. */
interface Prepared {
  readonly hashes: string[];
  readonly cumulative: number[];
  readonly blocks: readonly CacheBlock[];
  readonly at: number;
}

function prepare(requests: readonly CacheRequest[], counter: TokenCounter): Prepared[] {
  const memo = new Map<string, number>();
  const tokens = (text: string) => {
    let n = memo.get(text);
    if (n === undefined) {
      n = counter.count(text);
      memo.set(text, n);
    }
    return n;
  };
  let clock = 0;
  return requests.map((r) => {
    let h = '';
    let sum = 0;
    const hashes: string[] = [];
    const cumulative: number[] = [];
    for (const b of r.blocks) {
      h = createHash('sha1').update(h).update('\u0000').update(b.text).digest('hex');
      sum += tokens(b.text);
      hashes.push(h);
      cumulative.push(sum);
    }
    clock = r.at ?? clock;
    return { hashes, cumulative, blocks: r.blocks, at: clock };
  });
}

function turn(
  index: number,
  input: number,
  read: number,
  write: number,
  write1h = 0,
): SimulatedTurn {
  return Object.freeze({
    index,
    inputTokens: input,
    cacheRead: read,
    cacheWrite: write,
    cacheWrite1h: write1h,
    uncached: input - read - write,
    hitRatio: input === 0 ? 0 : read / input,
  });
}

function simulateAnthropic(
  prepared: Prepared[],
  minTokens: number,
  lookback: number,
): SimulatedTurn[] {
  const cache = new Map<string, { expires: number; ttl: number }>();
  return prepared.map((p, index) => {
    const total = p.cumulative.at(-1) ?? 0;
    const live = (j: number) => {
      const e = cache.get(p.hashes[j] as string);
      return e !== undefined && e.expires >= p.at ? e : undefined;
    };
    const breakpoints = p.blocks.flatMap((b, i) => (b.breakpoint ? [i] : []));
    let best = -1;
    for (const b of breakpoints) {
      for (let j = b; j >= Math.max(0, b - lookback + 1); j--) {
        if (j > best && live(j)) {
          best = j;
          break;
        }
      }
    }
    const read = best >= 0 ? (p.cumulative[best] as number) : 0;
    if (best >= 0) {
      const e = live(best);
      if (e) e.expires = p.at + e.ttl;
    }
    let writtenTo = best;
    let write1h = 0;
    for (const b of breakpoints) {
      const prefix = p.cumulative[b] as number;
      if (prefix < minTokens) continue;
      const ttl = TTL_MS[p.blocks[b]?.breakpoint ?? '5m'];
      // the tokens this breakpoint writes beyond what was read or written before it take its TTL
      if (b > writtenTo && p.blocks[b]?.breakpoint === '1h')
        write1h += prefix - (writtenTo >= 0 ? (p.cumulative[writtenTo] as number) : 0);
      const existing = cache.get(p.hashes[b] as string);
      cache.set(p.hashes[b] as string, {
        expires: p.at + Math.max(ttl, existing?.ttl ?? 0),
        ttl: Math.max(ttl, existing?.ttl ?? 0),
      });
      if (b > writtenTo) writtenTo = b;
    }
    const write = writtenTo > best ? (p.cumulative[writtenTo] as number) - read : 0;
    return turn(index, total, read, write, write1h);
  });
}

/** Tokens of the longest common prefix of two prepared requests (partial block counted too). */
function commonPrefixTokens(a: Prepared, b: Prepared, counter: TokenCounter): number {
  let k = 0;
  const n = Math.min(a.hashes.length, b.hashes.length);
  while (k < n && a.hashes[k] === b.hashes[k]) k++;
  let tokens = k > 0 ? (a.cumulative[k - 1] as number) : 0;
  if (k < n) {
    const ta = a.blocks[k]?.text ?? '';
    const tb = b.blocks[k]?.text ?? '';
    let i = 0;
    while (i < ta.length && i < tb.length && ta.charCodeAt(i) === tb.charCodeAt(i)) i++;
    // the token that spans the divergence point is not shared
    if (i > 0) tokens += Math.max(0, counter.count(ta.slice(0, i)) - 1);
  }
  return tokens;
}

/**
 * Simulates a sequence of requests under `rules`.
 * @example simulateCache(requests.map((r) => ({ blocks: requestToBlocks('anthropic', r) })), { kind: 'anthropic', minTokens: 1024 })
 */
export function simulateCache(
  requests: readonly CacheRequest[],
  rules: CacheRules,
  counter: TokenCounter = defaultTokenCounter,
): CacheSimulation {
  const prepared = prepare(requests, counter);
  let turns: SimulatedTurn[];
  if (rules.kind === 'anthropic')
    turns = simulateAnthropic(prepared, rules.minTokens, rules.lookback ?? 20);
  else {
    const lastUse: number[] = [];
    turns = prepared.map((p, index) => {
      const total = p.cumulative.at(-1) ?? 0;
      let lcp = 0;
      for (let j = 0; j < index; j++) {
        if (rules.kind === 'openai' && p.at - (lastUse[j] as number) > (rules.ttlMs ?? 5 * 60_000))
          continue;
        lcp = Math.max(lcp, commonPrefixTokens(p, prepared[j] as Prepared, counter));
      }
      let read: number;
      if (rules.kind === 'openai') {
        const min = rules.minTokens ?? 1024;
        const step = rules.step ?? 128;
        read = lcp >= min ? min + Math.floor((lcp - min) / step) * step : 0;
      } else {
        read = Math.floor(lcp / rules.blockSize) * rules.blockSize;
      }
      lastUse[index] = p.at;
      return turn(index, total, Math.min(read, total), 0);
    });
  }
  const sum = (f: (t: SimulatedTurn) => number) => turns.reduce((s, t) => s + f(t), 0);
  const inputTokens = sum((t) => t.inputTokens);
  const cacheRead = sum((t) => t.cacheRead);
  return Object.freeze({
    turns: Object.freeze(turns),
    totals: Object.freeze({
      inputTokens,
      cacheRead,
      cacheWrite: sum((t) => t.cacheWrite),
      cacheWrite1h: sum((t) => t.cacheWrite1h),
      uncached: sum((t) => t.uncached),
      hitRatio: inputTokens === 0 ? 0 : cacheRead / inputTokens,
    }),
  });
}
