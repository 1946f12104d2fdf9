/**
 * @module safety/phrase-index
 * What {@link PhraseMatcher} derives from a pattern set before it builds its automaton: each
 * distinct folded phrase once (its text, its boundary bits, its guard) and the pattern groups that
 * use it. The scanner's rules hold thousands of phrase spellings, and folding them costs a
 * one-shot `ctxloom scan` tens of milliseconds, so the build stores the index of the scanner's own
 * patterns (`phrase-tables.ts`) and a process decodes it instead of building it.
 */
import { NEEDS_END_BOUNDARY, NEEDS_START_BOUNDARY } from './aho-corasick.js';
import { foldString } from './normalize.js';
import { DEFAULT_GAP, type PhrasePattern } from './phrase-pattern.js';
import { isWordUnit } from './unicode-classes.js';

/** The distinct folded phrases of a pattern set and the groups that use each. */
export interface PhraseIndex {
  /** The folded phrase texts the automaton is built from, by phrase id. */
  readonly texts: readonly string[];
  /** Per phrase, its {@link NEEDS_START_BOUNDARY} / {@link NEEDS_END_BOUNDARY} bits. */
  readonly bounds: Uint8Array;
  /**
   * The phrases whose first spelling is a key of the guards (`guardIds[k]` takes the guard of
   * `guardRaws[k]`): a guard belongs to a spelling, the index only names it.
   */
  readonly guardIds: Int32Array;
  readonly guardRaws: readonly string[];
  /**
   * The refs (pattern, group) of phrase `id` are `refFrom[id]` to `refFrom[id + 1]`, later groups
   * first (so one hit never chains onto itself), in pattern order within a group.
   */
  readonly refFrom: Int32Array;
  readonly refPattern: Int32Array;
  readonly refGroup: Int32Array;
  /** When the phrase only continues chains (never starts one): the largest gap it may follow; else -1. */
  readonly maxGapIfOnlyLater: Int32Array;
}

/** A word unit of an alphabetic script: a phrase starting or ending in one needs a boundary. */
export function boundaryScript(u: number): boolean {
  return isWordUnit(u) && u < 0x0590;
}

/** The index under construction: per phrase, its refs as (pattern, group) pairs. */
interface Draft {
  readonly texts: string[];
  readonly bounds: number[];
  readonly refs: number[][];
  readonly guardIds: number[];
  readonly guardRaws: string[];
}

/** The phrase id of `raw` in `draft`, adding the phrase when its folded form is new (-1: empty). */
function phraseOf(
  draft: Draft,
  ids: Map<string, number>,
  raw: string,
  guards: ReadonlyMap<string, unknown>,
): number {
  const stem = raw.endsWith('*');
  // a leading `*` lets a phrase end a longer word (German compounds: "...modus")
  const suffix = raw.startsWith('*') && raw.length > 1;
  const body = foldString(raw.slice(suffix ? 1 : 0, stem ? -1 : raw.length));
  if (body.length === 0) return -1;
  const key = `${suffix ? '*' : '='}${body}${stem ? '*' : '='}`;
  let id = ids.get(key);
  if (id !== undefined) return id;
  id = draft.texts.length;
  ids.set(key, id);
  draft.texts.push(body);
  const start = !suffix && boundaryScript(body.charCodeAt(0)) ? NEEDS_START_BOUNDARY : 0;
  const end = !stem && boundaryScript(body.charCodeAt(body.length - 1)) ? NEEDS_END_BOUNDARY : 0;
  draft.bounds.push(start | end);
  draft.refs.push([]);
  if (guards.has(raw)) {
    draft.guardIds.push(id);
    draft.guardRaws.push(raw);
  }
  return id;
}

/** Folds every phrase of every group once: the same phrase lists recur in many patterns. */
function draftIndex(
  patterns: readonly PhrasePattern[],
  guards: ReadonlyMap<string, unknown>,
): Draft {
  const draft: Draft = { texts: [], bounds: [], refs: [], guardIds: [], guardRaws: [] };
  const ids = new Map<string, number>();
  const byRaw = new Map<string, number>();
  for (let pi = 0; pi < patterns.length; pi++) {
    const groups = patterns[pi]!.groups;
    for (let gi = 0; gi < groups.length; gi++) {
      for (const raw of groups[gi]!) {
        let id = byRaw.get(raw);
        if (id === undefined) {
          id = phraseOf(draft, ids, raw, guards);
          if (id < 0) continue;
          byRaw.set(raw, id);
        }
        const refs = draft.refs[id]!;
        // refs arrive in (pattern, group) order, so a repeat can only be the latest pair
        const n = refs.length;
        if (n === 0 || refs[n - 2] !== pi || refs[n - 1] !== gi) refs.push(pi, gi);
      }
    }
  }
  return draft;
}

/** {@link PhraseIndex} of `patterns`; `guards` names the spellings that carry a guard. */
export function buildPhraseIndex(
  patterns: readonly PhrasePattern[],
  guards: ReadonlyMap<string, unknown> = new Map(),
): PhraseIndex {
  const draft = draftIndex(patterns, guards);
  const total = draft.refs.reduce((a, r) => a + r.length / 2, 0);
  const refFrom = new Int32Array(draft.texts.length + 1);
  const refPattern = new Int32Array(total);
  const refGroup = new Int32Array(total);
  const maxGapIfOnlyLater = new Int32Array(draft.texts.length);
  let r = 0;
  draft.refs.forEach((pairs, id) => {
    refFrom[id] = r;
    const order = Array.from({ length: pairs.length / 2 }, (_, k) => k);
    // later groups first; a stable sort keeps pattern order within a group
    order.sort((a, b) => pairs[2 * b + 1]! - pairs[2 * a + 1]!);
    let gap = 0;
    for (const k of order) {
      const pi = pairs[2 * k]!;
      const gi = pairs[2 * k + 1]!;
      refPattern[r] = pi;
      refGroup[r++] = gi;
      if (gap < 0) continue;
      gap = gi === 0 ? -1 : Math.max(gap, patterns[pi]!.gaps?.[gi - 1] ?? DEFAULT_GAP);
    }
    maxGapIfOnlyLater[id] = gap;
  });
  refFrom[draft.texts.length] = r;
  return {
    texts: draft.texts,
    bounds: Uint8Array.from(draft.bounds),
    guardIds: Int32Array.from(draft.guardIds),
    guardRaws: draft.guardRaws,
    refFrom,
    refPattern,
    refGroup,
    maxGapIfOnlyLater,
  };
}

/** What the matcher reads per ref and per pattern, derived from an index and its patterns. */
export interface RefTables {
  /** Per pattern, the index of its first group slot, and the number of group slots. */
  readonly offsets: Int32Array;
  readonly slots: number;
  /** Per pattern, the index of its rule (matches are counted per rule), and the number of rules. */
  readonly ruleOf: Int32Array;
  readonly rules: number;
  /** Per ref: its group slot, its rule, its gap (0 for a first group), same-line and last bits. */
  readonly slot: Int32Array;
  readonly rule: Int32Array;
  readonly gap: Int32Array;
  readonly sameLine: Uint8Array;
  readonly last: Uint8Array;
}

/** The per-ref and per-pattern tables the matcher reads, for `index` of `patterns`. */
export function refTables(index: PhraseIndex, patterns: readonly PhrasePattern[]): RefTables {
  const offsets = new Int32Array(patterns.length);
  const ruleOf = new Int32Array(patterns.length);
  const ruleIds = new Map<string, number>();
  let slots = 0;
  patterns.forEach((p, pi) => {
    offsets[pi] = slots;
    slots += p.groups.length;
    if (!ruleIds.has(p.rule)) ruleIds.set(p.rule, ruleIds.size);
    ruleOf[pi] = ruleIds.get(p.rule)!;
  });
  // per slot first (one read of each pattern), so the loop over the refs reads typed arrays only
  const slotGap = new Int32Array(slots);
  const slotSameLine = new Uint8Array(slots);
  const slotLast = new Uint8Array(slots);
  patterns.forEach((p, pi) => {
    const at = offsets[pi]!;
    for (let gi = 0; gi < p.groups.length; gi++) {
      slotGap[at + gi] = gi === 0 ? 0 : (p.gaps?.[gi - 1] ?? DEFAULT_GAP);
      slotSameLine[at + gi] = (p.sameLine ?? true) ? 1 : 0;
      slotLast[at + gi] = gi === p.groups.length - 1 ? 1 : 0;
    }
  });
  const total = index.refPattern.length;
  const t = {
    offsets,
    slots,
    ruleOf,
    rules: ruleIds.size,
    slot: new Int32Array(total),
    rule: new Int32Array(total),
    gap: new Int32Array(total),
    sameLine: new Uint8Array(total),
    last: new Uint8Array(total),
  };
  for (let r = 0; r < total; r++) {
    const pi = index.refPattern[r]!;
    const slot = offsets[pi]! + index.refGroup[r]!;
    t.slot[r] = slot;
    t.rule[r] = ruleOf[pi]!;
    t.gap[r] = slotGap[slot]!;
    t.sameLine[r] = slotSameLine[slot]!;
    t.last[r] = slotLast[slot]!;
  }
  return t;
}
