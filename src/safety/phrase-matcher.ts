/**
 * @module safety/phrase-matcher
 * Runs every {@link PhrasePattern} over a normalised text in one pass: an Aho-Corasick automaton
 * finds the phrases, and a small per-pattern state machine chains the groups within their gaps.
 * Time is linear in the text plus the number of phrase hits; memory is constant per pattern.
 */
import type { PhraseAutomaton } from './aho-corasick.js';
import { boundaryScript, type PhraseIndex, refTables } from './phrase-index.js';
import type { PhrasePattern } from './phrase-pattern.js';
import { phraseAutomaton, phraseIndex } from './phrase-tables.js';

/** A pattern match, in normalised coordinates. */
export interface PhraseMatch {
  readonly rule: string;
  readonly lang: string;
  readonly start: number;
  readonly end: number;
  /** Id of the last phrase of the match (distinct ids = distinct phrases). */
  readonly phrase: number;
  /** OR of the normalisation flags of the matched phrases (not of the gaps between them). */
  readonly bits: number;
}

/** A check on a phrase occurrence beyond word boundaries (for example `.env` but not `.env.example`). */
export type PhraseGuard = (text: string, start: number, end: number) => boolean;

/** Per code unit below U+0590, 1 for a word unit of an alphabetic script (the boundary check). */
export const BOUNDARY_UNITS = Uint8Array.from({ length: 0x0590 }, (_, u) =>
  boundaryScript(u) ? 1 : 0,
);

/** OR of `flags[start, end)` (0 without flags). */
function flagsOf(flags: Uint8Array | undefined, start: number, end: number): number {
  let bits = 0;
  if (flags !== undefined) for (let k = start; k < end; k++) bits |= flags[k]!;
  return bits;
}

/** Phrase hits in a text from which {@link PhraseMatcher} first looks for patterns that cannot complete. */
const DEAD_CHECK_HITS = 1024;

/** A compiled set of patterns, reusable across texts. */
export class PhraseMatcher {
  readonly #patterns: readonly PhrasePattern[];
  readonly #automaton: PhraseAutomaton;
  /** Per phrase: its length, its guard, and its only-later gap ({@link PhraseIndex.maxGapIfOnlyLater}). */
  readonly #lengths: Int32Array;
  readonly #guards: (PhraseGuard | undefined)[];
  readonly #maxGapIfOnlyLater: Int32Array;
  readonly #offsets: Int32Array;
  readonly #slots: number;
  /** Per pattern, the index of its rule; matches are counted per rule. */
  readonly #ruleOf: Int32Array;
  readonly #rules: number;
  /** The phrase's refs, flattened: refs of phrase `id` are `#refFrom[id]` to `#refFrom[id + 1]`. */
  readonly #refFrom: Int32Array;
  readonly #refPattern: Int32Array;
  readonly #refGroup: Int32Array;
  readonly #refSlot: Int32Array;
  readonly #refRule: Int32Array;
  /** Most characters between the previous group's end and this group's start (gi > 0). */
  readonly #refGap: Int32Array;
  /** 1 when the pattern's groups must sit on one line. */
  readonly #refSameLine: Uint8Array;
  /** 1 when the group is the pattern's last one (a hit completes a match). */
  readonly #refLast: Uint8Array;
  /** Per slot: end, chain start, line and flag bits of the latest live chain (scratch). */
  readonly #lastEnd: Int32Array;
  readonly #chainStart: Int32Array;
  readonly #lineOf: Int32Array;
  readonly #bitsOf: Uint8Array;
  /** Matches reported per rule (scratch). */
  readonly #perRule: Int32Array;
  /** True when the last text had hits: `#lastEnd` and `#perRule` need resetting. */
  #dirty = true;
  /**
   * Per phrase, 1 once every rule it feeds has reached its cap in this text (its hits can change
   * nothing more; scratch), and the phrases marked so, to reset them.
   */
  readonly #capped: Uint8Array;
  readonly #cappedList: number[] = [];
  /**
   * Per ref, 1 when its pattern cannot complete in this text (scratch, see {@link #markDead}),
   * and the refs marked so, to reset them.
   */
  readonly #refDead: Uint8Array;
  readonly #deadList: number[] = [];
  /**
   * Scratch of {@link #markDead}, all zeros between calls: per phrase, hit in this text; per
   * slot, a hit of this text belongs to its group; per pattern, alive or dead (allocating them
   * per text was most of its garbage on text dense in attack words).
   */
  readonly #seenPhrase: Uint8Array;
  readonly #seenSlot: Uint8Array;
  readonly #patternDead: Uint8Array;

  constructor(
    patterns: readonly PhrasePattern[],
    guards: ReadonlyMap<string, PhraseGuard> = new Map(),
  ) {
    this.#patterns = patterns;
    // stored at build time for the scanner's rules, else built here
    const index = phraseIndex(patterns, guards);
    const { texts, maxGapIfOnlyLater } = index;
    const refs = refTables(index, patterns);
    this.#offsets = refs.offsets;
    this.#slots = refs.slots;
    this.#ruleOf = refs.ruleOf;
    this.#rules = refs.rules;
    this.#maxGapIfOnlyLater = maxGapIfOnlyLater;
    // precomputed at build time for the scanner's rules, else compiled here; the walk already
    // drops what match() would skip at once (see there)
    this.#automaton = phraseAutomaton(texts, index.bounds, BOUNDARY_UNITS, maxGapIfOnlyLater);
    const lengths = new Int32Array(texts.length);
    for (let k = 0; k < texts.length; k++) lengths[k] = texts[k]!.length;
    this.#lengths = lengths;
    this.#guards = new Array<PhraseGuard | undefined>(texts.length).fill(undefined);
    index.guardIds.forEach((id, k) => {
      this.#guards[id] = guards.get(index.guardRaws[k]!);
    });
    this.#refFrom = index.refFrom;
    this.#refPattern = index.refPattern;
    this.#refGroup = index.refGroup;
    this.#refSlot = refs.slot;
    this.#refRule = refs.rule;
    this.#refGap = refs.gap;
    this.#refSameLine = refs.sameLine;
    this.#refLast = refs.last;
    this.#lastEnd = new Int32Array(this.#slots);
    this.#chainStart = new Int32Array(this.#slots);
    this.#lineOf = new Int32Array(this.#slots);
    this.#bitsOf = new Uint8Array(this.#slots);
    this.#perRule = new Int32Array(this.#rules);
    this.#capped = new Uint8Array(texts.length);
    this.#refDead = new Uint8Array(index.refPattern.length);
    this.#seenPhrase = new Uint8Array(texts.length);
    this.#seenSlot = new Uint8Array(this.#slots);
    this.#patternDead = new Uint8Array(patterns.length);
  }

  /**
   * Marks in {@link #refDead} the refs of the phrases hit in this text whose pattern has a group
   * that no hit of the text belongs to: such a pattern can never complete, so its chains need no
   * updates. Leaving them out changes no match: a pattern's state is its own, a phrase whose live
   * refs are all capped or dead is skipped as capped (its hits can change nothing), and the
   * latest group end that lets a later-only phrase through is then taken over the live patterns,
   * the only ones it could extend. Text made of a few trigger words repeated (a 1 MB Chinese
   * text of 忽略之前的, `ignore previous` in homoglyphs) spent most of its matching time on
   * chains of patterns whose last words never came.
   */
  #markDead(hits: Int32Array, entries: number): void {
    const seen = this.#seenPhrase;
    const present: number[] = [];
    for (let h = 0; h < entries; h += 2) {
      const id = hits[h]!;
      if (seen[id] === 0) {
        seen[id] = 1;
        present.push(id);
      }
    }
    const slotSeen = this.#seenSlot;
    for (const id of present)
      for (let r = this.#refFrom[id]!; r < this.#refFrom[id + 1]!; r++)
        slotSeen[this.#refSlot[r]!] = 1;
    // per pattern met in a ref: 1 alive, 2 dead (a group with no hit), decided once
    const dead = this.#patternDead;
    const met: number[] = [];
    for (const id of present) {
      for (let r = this.#refFrom[id]!; r < this.#refFrom[id + 1]!; r++) {
        const pi = this.#refPattern[r]!;
        if (dead[pi] === 0) {
          dead[pi] = this.#hasUnseenGroup(pi, slotSeen) ? 2 : 1;
          met.push(pi);
        }
        if (dead[pi] === 2) {
          this.#refDead[r] = 1;
          this.#deadList.push(r);
        }
      }
    }
    // the scratch back to zeros: only what this text marked
    for (const id of present) {
      seen[id] = 0;
      for (let r = this.#refFrom[id]!; r < this.#refFrom[id + 1]!; r++)
        slotSeen[this.#refSlot[r]!] = 0;
    }
    for (const pi of met) dead[pi] = 0;
  }

  /** True when a group of pattern `pi` has no slot marked in `slotSeen` (no hit of the text belongs to it). */
  #hasUnseenGroup(pi: number, slotSeen: Uint8Array): boolean {
    const base = this.#offsets[pi]!;
    const groups = this.#patterns[pi]!.groups.length;
    for (let k = 0; k < groups; k++) if (slotSeen[base + k] === 0) return true;
    return false;
  }

  /**
   * Resets the chain state, reused from call to call (allocating it per text cost about 9 us,
   * more than scanning a short text): only lastEnd, perRule and the capped marks need it, the
   * other slots are read only where lastEnd says a chain is live, and only after a text that had
   * hits.
   */
  #reset(): void {
    this.#lastEnd.fill(-1);
    this.#perRule.fill(0);
    for (const id of this.#cappedList) this.#capped[id] = 0;
    this.#cappedList.length = 0;
    this.#dirty = false;
  }

  /** Marks phrase `id`: every rule it feeds is at its cap in this text. */
  #markCapped(id: number): void {
    this.#capped[id] = 1;
    this.#cappedList.push(id);
  }

  /** Every match of every pattern in `text`, at most `maxPerRule` per rule, in order of end. */
  match(text: string, maxPerRule = 200, flags?: Uint8Array): PhraseMatch[] {
    const patterns = this.#patterns;
    const offsets = this.#offsets;
    if (this.#dirty) this.#reset();
    const capped = this.#capped;
    const lastEnd = this.#lastEnd;
    const chainStart = this.#chainStart;
    const lineOf = this.#lineOf;
    const bitsOf = this.#bitsOf;
    const perRule = this.#perRule;
    const lengths = this.#lengths;
    const guards = this.#guards;
    const maxGapIfOnlyLater = this.#maxGapIfOnlyLater;
    const refFrom = this.#refFrom;
    const refPattern = this.#refPattern;
    const refGroup = this.#refGroup;
    const refSlot = this.#refSlot;
    const refRule = this.#refRule;
    const refGap = this.#refGap;
    const refSameLine = this.#refSameLine;
    const refLast = this.#refLast;
    const out: PhraseMatch[] = [];
    let line = 0;
    let nextNewline = text.indexOf('\n');
    // end of the latest group hit of any pattern: a phrase that only continues chains is skipped
    // at once when it is farther than its largest gap from every live chain (most ":" or quotes)
    let latestGroupEnd = -1_000_000;
    const entries = this.#hitsIn(text);
    const hits = this.#automaton.hitBuffer;
    const refDead = this.#refDead;
    for (let h = 0; h < entries; h += 2) {
      const id = hits[h]!;
      const end = hits[h + 1]!;
      const start = end - lengths[id]!;
      const gapOnly = maxGapIfOnlyLater[id]!;
      if (gapOnly >= 0 && start - latestGroupEnd > gapOnly) continue;
      // a phrase whose rules are all at their cap (text made of trigger words) is skipped whole
      if (capped[id] === 1) continue;
      const guard = guards[id];
      if (guard !== undefined && !guard(text, start, end)) continue;
      while (nextNewline >= 0 && nextNewline < end) {
        line++;
        nextNewline = text.indexOf('\n', nextNewline + 1);
      }
      // the phrase's normalisation flags, computed when a chain first needs them
      let bits = -1;
      let live = false;
      const last = refFrom[id + 1]!;
      for (let r = refFrom[id]!; r < last; r++) {
        // a rule at its cap reports nothing more, nor a pattern that cannot complete, so their
        // chains need no updates
        if (refDead[r] === 1 || perRule[refRule[r]!]! >= maxPerRule) continue;
        live = true;
        const slot = refSlot[r]!;
        if (refGroup[r] === 0) {
          if (bits < 0) bits = flagsOf(flags, start, end);
          latestGroupEnd = end;
          lastEnd[slot] = end;
          chainStart[slot] = start;
          lineOf[slot] = line;
          bitsOf[slot] = bits;
        } else {
          const prev = slot - 1;
          const prevEnd = lastEnd[prev]!;
          if (prevEnd < 0 || start < prevEnd) continue;
          if (start - prevEnd > refGap[r]!) continue;
          if (refSameLine[r] === 1 && lineOf[prev] !== line) continue;
          if (bits < 0) bits = flagsOf(flags, start, end);
          latestGroupEnd = end;
          lastEnd[slot] = end;
          chainStart[slot] = chainStart[prev]!;
          lineOf[slot] = line;
          bitsOf[slot] = bitsOf[prev]! | bits;
        }
        if (refLast[r] === 1) {
          const rule = refRule[r]!;
          const n = perRule[rule]!;
          const pattern = patterns[refPattern[r]!]!;
          if (n < maxPerRule) {
            out.push({
              rule: pattern.rule,
              lang: pattern.lang,
              start: chainStart[slot]!,
              end,
              phrase: id,
              bits: bitsOf[slot]!,
            });
            perRule[rule] = n + 1;
          }
          const base = offsets[refPattern[r]!]!;
          for (let k = 0; k < pattern.groups.length; k++) lastEnd[base + k] = -1;
        }
      }
      if (!live) this.#markCapped(id);
    }
    this.#done();
    return out;
  }

  /** Walks `text` (the automaton checks word boundaries), marks the dead refs; the number of hit-buffer entries. */
  #hitsIn(text: string): number {
    const entries = this.#automaton.occurrenceEntries(text);
    if (entries > 0) this.#dirty = true;
    // worth its fixed cost only on texts with many hits (the result is the same either way)
    if (entries >= 2 * DEAD_CHECK_HITS) this.#markDead(this.#automaton.hitBuffer, entries);
    return entries;
  }

  /** Releases the hit buffer and clears the dead marks of the last text. */
  #done(): void {
    this.#automaton.releaseHits();
    for (const r of this.#deadList) this.#refDead[r] = 0;
    this.#deadList.length = 0;
  }
}
