/**
 * @module providers/breakpoints
 * The one place that decides where Anthropic cache breakpoints go: end of tools, end of the static
 * tier, end of the dynamic tier, and a sliding one on the latest message. At most four; TTLs never
 * increase along the prefix (a 1-hour breakpoint after a 5-minute one is not allowed); none on a
 * prefix shorter than the model's minimum cacheable length.
 */
import type { TokenCounter } from '../tokens/index.js';
import type { CacheTtl } from './types.js';

/** The places a breakpoint can go, in prefix order. */
export type BreakpointSlot = 'tools' | 'static' | 'dynamic' | 'latest-message';

/** One candidate place, with the prefix length up to its end. */
export interface BreakpointCandidate {
  readonly slot: BreakpointSlot;
  /** Tokens from the start of the request to the end of this slot. */
  readonly prefixTokens: number;
  /** Whether the slot holds anything at all. */
  readonly present: boolean;
  /** Requested lifetime. */
  readonly ttl: CacheTtl;
}

/** The planner's decision for one slot. */
export interface BreakpointDecision {
  readonly slot: BreakpointSlot;
  readonly placed: boolean;
  /** Lifetime when placed (possibly lowered to keep TTLs non-increasing). */
  readonly ttl: CacheTtl;
  readonly prefixTokens: number;
  /** Why it was not placed, or why its TTL changed. */
  readonly note?: string;
}

/** The maximum number of breakpoints Anthropic accepts in one request. */
export const MAX_BREAKPOINTS = 4;

/** Default TTL per slot: tools and static `1h` (shared by every session), dynamic and latest message `5m`. */
export const DEFAULT_SLOT_TTL: Readonly<Record<BreakpointSlot, CacheTtl>> = Object.freeze({
  tools: '1h',
  static: '1h',
  dynamic: '5m',
  'latest-message': '5m',
});

/** What the prefix holds, in the order Anthropic reads it, to size each slot. */
export interface PrefixParts {
  /** The tools as sent (without markers), or null when there are none. */
  readonly toolsJson: string | null;
  readonly static: string;
  /** The dynamic system block as sent, or null when none is sent. */
  readonly dynamic: string | null;
  /** The messages, oldest first. */
  readonly messages: readonly { readonly content: unknown }[];
}

/** Tokens from the start of the request to the end of each slot. */
export function slotPrefixes(
  counter: TokenCounter,
  parts: PrefixParts,
): Record<BreakpointSlot, number> {
  const tools = parts.toolsJson === null ? 0 : counter.count(parts.toolsJson);
  const stat = tools + counter.count(parts.static);
  const dynamic = stat + (parts.dynamic ? counter.count(parts.dynamic) : 0);
  let messages = dynamic;
  for (const m of parts.messages)
    messages += counter.count(
      typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
    );
  return { tools, static: stat, dynamic, 'latest-message': messages };
}

/** The four slots as candidates, in prefix order. */
export function slotCandidates(
  prefixes: Readonly<Record<BreakpointSlot, number>>,
  present: Readonly<Record<BreakpointSlot, boolean>>,
  ttl: Readonly<Record<BreakpointSlot, CacheTtl>>,
): BreakpointCandidate[] {
  const slots: readonly BreakpointSlot[] = ['tools', 'static', 'dynamic', 'latest-message'];
  return slots.map((slot) => ({
    slot,
    prefixTokens: prefixes[slot],
    present: present[slot],
    ttl: ttl[slot],
  }));
}

/**
 * Decides which candidates get a breakpoint. Pure.
 * @param candidates in prefix order
 * @param minTokens shortest cacheable prefix for the model
 */
export function planBreakpoints(
  candidates: readonly BreakpointCandidate[],
  minTokens: number,
): readonly BreakpointDecision[] {
  const decisions: BreakpointDecision[] = [];
  let placed = 0;
  let sawShort = false;
  // Slots whose prefix equals the previous placed one add nothing; prefer the later slot.
  const usable = candidates.map((c, i) => {
    const next = candidates.slice(i + 1).find((n) => n.present);
    return c.present && !(next !== undefined && next.prefixTokens === c.prefixTokens);
  });
  for (const [i, c] of candidates.entries()) {
    if (!c.present) {
      decisions.push({
        slot: c.slot,
        placed: false,
        ttl: c.ttl,
        prefixTokens: c.prefixTokens,
        note: 'empty',
      });
      continue;
    }
    if (!usable[i]) {
      decisions.push({
        slot: c.slot,
        placed: false,
        ttl: c.ttl,
        prefixTokens: c.prefixTokens,
        note: 'same prefix as the next slot',
      });
      continue;
    }
    if (c.prefixTokens < minTokens) {
      decisions.push({
        slot: c.slot,
        placed: false,
        ttl: c.ttl,
        prefixTokens: c.prefixTokens,
        note: `prefix of ${c.prefixTokens} tokens is below the model's minimum of ${minTokens}`,
      });
      continue;
    }
    if (placed >= MAX_BREAKPOINTS) {
      decisions.push({
        slot: c.slot,
        placed: false,
        ttl: c.ttl,
        prefixTokens: c.prefixTokens,
        note: `over the limit of ${MAX_BREAKPOINTS} breakpoints`,
      });
      continue;
    }
    let ttl = c.ttl;
    let note: string | undefined;
    if (ttl === '1h' && sawShort) {
      ttl = '5m';
      note = 'lowered to 5m: a 1h breakpoint may not follow a 5m one';
    }
    if (ttl === '5m') sawShort = true;
    placed++;
    decisions.push(
      note === undefined
        ? { slot: c.slot, placed: true, ttl, prefixTokens: c.prefixTokens }
        : { slot: c.slot, placed: true, ttl, prefixTokens: c.prefixTokens, note },
    );
  }
  return Object.freeze(decisions.map((d) => Object.freeze(d)));
}
