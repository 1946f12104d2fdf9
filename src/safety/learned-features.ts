/**
 * @module safety/learned-features
 * The features of the learned stage: a text is cut into segments (paragraphs merged up to a
 * length), and each segment becomes a sparse vector of hashed word unigrams, word bigrams and
 * character 4-grams (inside and across words), L2-normalised. One pass per segment, no
 * allocation per character; the same code is used by the training script (through `dist/`) and at
 * scan time, so features can never drift between the two.
 */

/** Number of hashed feature slots (a power of two). */
export const FEATURE_DIM = 1 << 16;
const MASK = FEATURE_DIM - 1;

/** Paragraphs are merged until a segment reaches this many characters. */
export const SEGMENT_MIN = 120;
/** A segment never exceeds this many characters (cut at a line end when possible). */
export const SEGMENT_MAX = 1500;
/** Only this many characters of a segment are featurised (long runs add nothing). */
const FEATURE_WINDOW = SEGMENT_MAX;

/** A segment of the original text, `[start, end)` in UTF-16 units. */
export interface Segment {
  readonly start: number;
  readonly end: number;
}

/** Finds line ends forward only: each `indexOf` result is kept until passed, so the text is searched once. */
class LineEnds {
  private next = -2;
  constructor(private readonly text: string) {}
  /** The first `\n` at or after `from`, or -1. Calls must not go backwards. */
  at(from: number): number {
    if (this.next === -1) return -1;
    if (this.next < from) this.next = this.text.indexOf('\n', from);
    return this.next;
  }
}

/** The end of the paragraph starting at `from`: just past the next blank line, or `max`. */
function paragraphEnd(text: string, lines: LineEnds, from: number, max: number): number {
  let i = lines.at(from);
  while (i !== -1 && i < max) {
    let j = i + 1;
    while (j < max && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 13)) j++;
    if (j < max && text.charCodeAt(j) === 10) return j + 1;
    i = lines.at(j);
  }
  return max;
}

/** Cuts `text` into segments: whole paragraphs merged to {@link SEGMENT_MIN}, each at most {@link SEGMENT_MAX}. */
export function segmentText(text: string): Segment[] {
  const out: Segment[] = [];
  const lines = new LineEnds(text);
  let start = 0;
  const n = text.length;
  while (start < n) {
    let end = start;
    while (end < n && end - start < SEGMENT_MIN) {
      end = paragraphEnd(text, lines, end, Math.min(n, start + SEGMENT_MAX));
    }
    if (end - start >= SEGMENT_MAX && end < n) {
      // cut at the last line end of the window when there is one in its second half
      const floor = start + (SEGMENT_MAX >> 1);
      let nl = end - 1;
      while (nl > floor && text.charCodeAt(nl) !== 10) nl--;
      if (nl > floor) end = nl + 1;
    }
    out.push({ start, end });
    start = end;
  }
  return out;
}

/** Folds one UTF-16 unit for hashing: ASCII lower case, fullwidth ASCII to ASCII; 0 for a separator. */
function foldUnit(c: number): number {
  if (c >= 0xff01 && c <= 0xff5e) c -= 0xfee0; // fullwidth forms
  if (c < 0x80) {
    if (c >= 65 && c <= 90) return c + 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) return c;
    return 0;
  }
  if (c === 0x3000 || (c >= 0x2000 && c <= 0x206f) || (c >= 0x3001 && c <= 0x3003)) return 0;
  if (c >= 0xfe00 && c <= 0xfe0f) return -1; // variation selectors: skip
  if (c === 0xff0c || c === 0xff0e || c === 0xff1a || c === 0xff1f) return 0;
  // Latin-1 / Latin Extended / Cyrillic / Greek upper case to lower (approximate, enough for hashing)
  if ((c >= 0xc0 && c <= 0xde && c !== 0xd7) || (c >= 0x410 && c <= 0x42f)) return c + 32;
  if (c >= 0x391 && c <= 0x3a9) return c + 32;
  return c;
}

/** True for units of scripts written without spaces (CJK, kana, Thai), whose "words" are long runs. */
function isUnspaced(c: number): boolean {
  return (
    (c >= 0x3040 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0x0e00 && c <= 0x0e7f)
  );
}

const M1 = 0x01000193;

/** A sparse, L2-normalised feature vector; reused between calls by {@link FeatureBuilder}. */
export interface Features {
  readonly index: Int32Array;
  readonly value: Float32Array;
  readonly size: number;
}

/** {@link foldUnit} of every ASCII unit, so the common case is one table read. */
const ASCII_FOLD = Int32Array.from({ length: 128 }, (_, c) => foldUnit(c));

/** The feature slot of hash `h`. */
function slot(h: number): number {
  return (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0) & MASK;
}

/**
 * Turns segments into feature vectors. Holds scratch buffers, so one builder is reused for
 * every segment (not thread-safe, which JavaScript does not need).
 *
 * A segment's counts never saturate: each featurised unit (plus the final separator) adds at
 * most three features (a 4-gram, a word and a bigram), so no slot exceeds
 * `3 * (FEATURE_WINDOW + 1)`, far below the `Uint16Array` limit.
 */
export class FeatureBuilder {
  private readonly counts = new Uint16Array(FEATURE_DIM);
  private readonly touched = new Int32Array(3 * FEATURE_WINDOW + 8);
  private readonly outIndex = new Int32Array(3 * FEATURE_WINDOW + 8);
  private readonly outValue = new Float32Array(3 * FEATURE_WINDOW + 8);
  /** Distinct slots of the last {@link count}, in first-seen order. */
  private nTouched = 0;
  /** Sum of squared counts of the last {@link count} (exact: small integers). */
  private sq = 0;

  /**
   * Counts the hashed features of `text.slice(start, stop)` into `counts` / `touched`. One pass
   * over the char codes, no allocation; locals instead of fields in the hot loop.
   */
  private count(text: string, start: number, stop: number): void {
    const counts = this.counts;
    const touched = this.touched;
    let n = 0;
    let sq = 0;
    let word = 0x811c9dc5; // hash of the current word (FNV-1a)
    let wordLen = 0;
    let prevWord = 0; // hash of the previous word, 0 at the start
    let g0 = 32;
    let g1 = 32;
    let g2 = 32; // the last three folded units (32 = a separator)
    let lastSep = true;
    for (let i = start; i <= stop; i++) {
      let c = 0;
      if (i < stop) {
        const r = text.charCodeAt(i);
        c = r < 128 ? ASCII_FOLD[r]! : foldUnit(r);
        if (c === -1) continue;
      }
      const sep = c === 0;
      if (sep && lastSep) continue; // runs of separators count once
      const u = sep ? 32 : c;
      // character 4-gram over the folded stream (separators as one space)
      let k = slot((((g0 * 31 + g1) * 31 + g2) * 31 + u) ^ 0x5bd1e995);
      let v = counts[k]!;
      if (v === 0) touched[n++] = k;
      counts[k] = v + 1;
      sq += 2 * v + 1;
      g0 = g1;
      g1 = g2;
      g2 = u;
      if (wordLen > 0 && (sep || wordLen >= 24 || (c >= 0x0e00 && isUnspaced(c)))) {
        k = slot(word);
        v = counts[k]!;
        if (v === 0) touched[n++] = k;
        counts[k] = v + 1;
        sq += 2 * v + 1;
        if (prevWord !== 0) {
          k = slot(Math.imul(prevWord, 0x9e3779b1) ^ word ^ 0x27d4eb2f);
          v = counts[k]!;
          if (v === 0) touched[n++] = k;
          counts[k] = v + 1;
          sq += 2 * v + 1;
        }
        prevWord = word;
        word = 0x811c9dc5;
        wordLen = 0;
      }
      if (!sep) {
        word = Math.imul(word ^ c, M1);
        wordLen++;
      }
      lastSep = sep;
    }
    this.nTouched = n;
    this.sq = sq;
  }

  /** The features of `text.slice(start, end)` (at most {@link FEATURE_WINDOW} units of it). */
  build(text: string, start: number, end: number): Features {
    this.count(text, start, Math.min(end, start + FEATURE_WINDOW));
    const sq = this.sq;
    const inv = sq > 0 ? 1 / Math.sqrt(sq) : 0;
    for (let t = 0; t < this.nTouched; t++) {
      const k = this.touched[t]!;
      this.outIndex[t] = k;
      this.outValue[t] = this.counts[k]! * inv;
      this.counts[k] = 0;
    }
    return { index: this.outIndex, value: this.outValue, size: this.nTouched };
  }

  /**
   * The dot product of `weights` with the features of `text.slice(start, end)`, without
   * materialising them: the same value as summing `weights[index[t]] * value[t]` over
   * {@link build}'s output in order (each value rounded to float32 as `build` stores it).
   */
  dot(weights: Float32Array | Int8Array, text: string, start: number, end: number): number {
    this.count(text, start, Math.min(end, start + FEATURE_WINDOW));
    const counts = this.counts;
    const touched = this.touched;
    const n = this.nTouched;
    const sq = this.sq;
    const inv = sq > 0 ? 1 / Math.sqrt(sq) : 0;
    let z = 0;
    for (let t = 0; t < n; t++) {
      const k = touched[t]!;
      z += weights[k]! * Math.fround(counts[k]! * inv);
      counts[k] = 0;
    }
    return z;
  }
}
