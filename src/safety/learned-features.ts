/**
 * @module safety/learned-features
 * The features of the learned stage: a text is cut into segments (paragraphs merged up to a
 * length), and each segment becomes a list of 32-bit feature hashes: word unigrams and word
 * bigrams over a folded stream, plus word-class features (see `learned-lexicon.ts`). The model is
 * a vocabulary of feature hashes with a weight each ({@link FeatureVocabulary}): a feature outside
 * it adds nothing but length. One pass per segment, no allocation per character; the training
 * script reads the same code through `dist/`, so features can never drift between the two.
 */
import { CLASS_COUNT, WORD_CLASSES } from './learned-lexicon.js';

/** Paragraphs are merged until a segment reaches this many characters. */
export const SEGMENT_MIN = 120;
/** A segment never exceeds this many characters (cut at a line end when possible). */
export const SEGMENT_MAX = 1500;

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

/** Fewest words (as the hasher cuts them) a segment needs to be scored: a line such as `</rules>` is too little text to judge. */
export const MIN_UNIT_WORDS = 5;

/** A segment's margin is divided by the square root of its feature count, but never of fewer than this. */
export const NORM_FLOOR = 16;

/** Folds one UTF-16 unit for hashing: ASCII lower case, fullwidth ASCII to ASCII; 0 for a separator. */
function foldUnit(c: number): number {
  if (c >= 0xff01 && c <= 0xff5e) c -= 0xfee0; // fullwidth forms
  if (c < 0x80) {
    if (c >= 65 && c <= 90) return c + 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) return c;
    return 0;
  }
  if (c === 0x3000 || (c >= 0x2000 && c <= 0x206f) || (c >= 0x3001 && c <= 0x3003)) return 0;
  if (c === 0x964 || c === 0x965) return 0; // Devanagari danda and double danda
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

/** Mixes a feature hash to its final 32-bit value (never 0: 0 marks an empty vocabulary slot). */
export function mixHash(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h ^= h >>> 13;
  return h === 0 ? 1 : h;
}

/** ASCII units that end a sentence: `.`, `!`, `?` and the line feed. */
const ASCII_END = Uint8Array.from({ length: 128 }, (_, c) =>
  c === 46 || c === 33 || c === 63 || c === 10 ? 1 : 0,
);

/** Non-ASCII sentence ends: ideographic full stop, fullwidth `!` and `?`, the Devanagari danda. */
const isSentenceEnd = (r: number): boolean =>
  r === 0x3002 || r === 0xff01 || r === 0xff1f || r === 0x964 || r === 0x965;

/** {@link foldUnit} of every ASCII unit, so the common case is one table read. */
const ASCII_FOLD = Int32Array.from({ length: 128 }, (_, c) => foldUnit(c));

/** Features per segment at most: a word, a bigram and up to four class features per unit. */
const MAX_FEATURES = 6 * (SEGMENT_MAX + 1) + 8;

/** Hash seed of a class feature and of a class pair (kept apart from word hashes). */
const CLASS_SEED = 0x43a11;
const PAIR_SEED = 0x9a1e5;

/** The hash of a word's folded units, as {@link FeatureHasher} computes it. */
export function wordHash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    const r = word.charCodeAt(i);
    const c = r < 128 ? ASCII_FOLD[r]! : foldUnit(r);
    if (c > 0) h = Math.imul(h ^ c, M1);
  }
  return h;
}

/** The pre-mix hash of the bigram `prev word`. */
export function bigramHash(prev: number, word: number): number {
  return Math.imul(prev, 0x9e3779b1) ^ word ^ 0x27d4eb2f;
}

/**
 * Writes the feature hashes of `text.slice(start, stop)` into a reused buffer: per word its
 * unigram and its bigram with the previous word; per word (or two-word phrase) of a lexicon
 * class, the class and its pairs with the classes of the last few class words in the same
 * sentence (unordered, so word order across languages does not matter). One pass, no allocation.
 */
export class FeatureHasher {
  readonly hashes = new Int32Array(MAX_FEATURES);
  size = 0;
  /** Words of the last run (each unit of an unspaced script is one). */
  words = 0;

  run(text: string, start: number, stop: number): void {
    const out = this.hashes;
    const fold = ASCII_FOLD;
    let n = 0;
    let words = 0;
    let word = 0x811c9dc5; // hash of the current word (FNV-1a)
    let wordLen = 0;
    let prevWord = 0; // hash of the previous word, 0 at the start of the segment
    this.window = 0;
    for (let i = start; i <= stop; i++) {
      let c = 0;
      let r = 32;
      if (i < stop) {
        r = text.charCodeAt(i);
        // the hottest path: ASCII letters and digits extend the word, in a loop of their own
        if (r < 128 && fold[r]! > 0 && wordLen < 23) {
          let len = wordLen;
          do {
            word = Math.imul(word ^ fold[r]!, M1);
            len++;
            r = ++i < stop ? text.charCodeAt(i) : 32;
          } while (r < 128 && fold[r]! > 0 && len < 23);
          wordLen = len;
          if (i >= stop) {
            i = stop - 1; // the end of the segment ends the word: handled by the next turn
            continue;
          }
        }
        c = r < 128 ? fold[r]! : foldUnit(r);
        // the hot path: a letter of a spaced script extends the word
        if (c > 0 && (c < 0x0e00 || !isUnspaced(c))) {
          word = Math.imul(word ^ c, M1);
          if (++wordLen < 24) continue;
          c = -2; // a word of 24 units is cut here; this unit is in it
        } else if (c === -1) continue;
      }
      if (wordLen > 0) {
        let h = Math.imul(word ^ (word >>> 16), 0x85ebca6b);
        h ^= h >>> 13;
        out[n++] = h === 0 ? 1 : h;
        words++;
        let k = 0;
        if (prevWord !== 0) {
          const bg = bigramHash(prevWord, word);
          h = Math.imul(bg ^ (bg >>> 16), 0x85ebca6b);
          h ^= h >>> 13;
          out[n++] = h === 0 ? 1 : h;
          if (mayBeClass(bg)) k = classOf(bg);
        }
        if (k === 0 && mayBeClass(word)) k = classOf(word);
        if (k !== 0) n = this.classFeatures(k, n);
        prevWord = word;
        word = 0x811c9dc5;
        wordLen = 0;
      }
      if (c > 0) {
        // a unit of an unspaced script starts a word of its own
        word = Math.imul(word ^ c, M1);
        wordLen = 1;
      } else if (c === 0 && (r < 128 ? ASCII_END[r] === 1 : isSentenceEnd(r))) this.window = 0;
    }
    this.size = n;
    this.words = words;
  }

  /** Classes of the last class words of the sentence, one byte each, the latest lowest. */
  private window = 0;

  /** Writes the features of a word of class `k` at `out[n]` (its class, its pairs); returns the new `n`. */
  private classFeatures(k: number, n: number): number {
    const out = this.hashes;
    out[n++] = mixHash(CLASS_SEED + k);
    let w = this.window;
    let seen = 0; // bit per class already paired
    for (let j = 0; j < 4; j++, w >>>= 8) {
      const c = w & 0xff;
      if (c === 0) break;
      if (c === k || (seen & (1 << c)) !== 0) continue;
      seen |= 1 << c;
      out[n++] = mixHash(PAIR_SEED + pairOf(c, k));
    }
    if ((this.window & 0xff) !== k) this.window = ((this.window << 8) | k) >>> 0;
    return n;
  }
}

/** Keys (word or bigram hashes) and class ids of the lexicon, open addressing. */
const CLASS_BITS = 12;
const CLASS_KEYS = new Int32Array(1 << CLASS_BITS);
const CLASS_IDS = new Uint8Array(1 << CLASS_BITS);

/** The first probe of a word or bigram hash in the class table. */
const classSlot = (key: number): number => Math.imul(key, 0x9e3779b1) >>> (32 - CLASS_BITS);

/**
 * One bit per value of a second 15-bit hash of every lexicon key (4 KB): a clear bit means "no
 * class" for sure, so the two look-ups per word skip the table for all but about 2% of the words
 * that are not lexicon words (the table's own first probe let about 17% through, each a branch
 * the processor could not predict).
 */
const CLASS_BLOOM = new Int32Array(1 << 10);
const classBit = (key: number): number => Math.imul(key, 0x2545f491) >>> 17;
const mayBeClass = (key: number): boolean => {
  const b = classBit(key);
  return (CLASS_BLOOM[b >>> 5]! & (1 << (b & 31))) !== 0;
};

/** The words of a lexicon entry as the hasher cuts them (spaces; one word per unspaced character). */
function entryWords(entry: string): string[] {
  if (entry.includes(' ')) return entry.split(' ');
  const units = [...entry];
  if (units.every((u) => isUnspaced(u.charCodeAt(0)))) return units;
  return [entry];
}

WORD_CLASSES.forEach((words, i) => {
  for (const entry of words) {
    const parts = entryWords(entry);
    if (parts.length > 2) continue;
    const key =
      parts.length === 1
        ? wordHash(parts[0]!)
        : bigramHash(wordHash(parts[0]!), wordHash(parts[1]!));
    let p = classSlot(key);
    while (CLASS_IDS[p] !== 0 && CLASS_KEYS[p] !== key) p = (p + 1) & ((1 << CLASS_BITS) - 1);
    if (CLASS_IDS[p] !== 0) continue; // first class wins
    CLASS_KEYS[p] = key;
    CLASS_IDS[p] = i + 1;
    const b = classBit(key);
    CLASS_BLOOM[b >>> 5]! |= 1 << (b & 31);
  }
});

/** The class id (1..{@link CLASS_COUNT}) of a word or bigram hash, 0 for none. */
function classOf(key: number): number {
  let p = classSlot(key);
  for (;;) {
    const id = CLASS_IDS[p]!;
    if (id === 0) return 0;
    if (CLASS_KEYS[p] === key) return id;
    p = (p + 1) & ((1 << CLASS_BITS) - 1);
  }
}

/** An unordered pair of classes as one number. */
function pairOf(a: number, b: number): number {
  return a < b ? a * (CLASS_COUNT + 1) + b : b * (CLASS_COUNT + 1) + a;
}

/** Size of the filter in front of the weight table, in bits (log2): 32 KB, in cache. */
const BLOOM_BITS = 18;
/** Int32 words of that filter. */
export const BLOOM_WORDS = 1 << (BLOOM_BITS - 5);

/**
 * What a {@link FeatureWeights} reads: per slot of a power-of-two open-addressing table, a
 * feature hash (`keys[2 * slot]`, 0 = empty) and its weight (`vals[2 * slot + 1]`), two views of
 * the same bytes so that both sit in one cache line; `bloom` has one bit per value of a hash's top
 * {@link BLOOM_BITS} bits; `size` is the number of features. The build stores the shipped
 * model's (see `learned-table.ts`).
 */
export interface FeatureTable {
  readonly keys: Int32Array;
  readonly vals: Float32Array;
  readonly bloom: Int32Array;
  readonly size: number;
}

/** The table of `hashes` (distinct) with weights `weights[i] * scale`. */
export function buildFeatureTable(
  hashes: Int32Array,
  weights: ArrayLike<number>,
  scale = 1,
): FeatureTable {
  let cap = 16;
  while (cap < hashes.length * 2) cap <<= 1;
  const entries = new ArrayBuffer(8 * cap);
  const keys = new Int32Array(entries);
  const vals = new Float32Array(entries);
  const bloom = new Int32Array(BLOOM_WORDS);
  const mask = cap - 1;
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes[i]!;
    let p = h & mask;
    while (keys[2 * p] !== 0 && keys[2 * p] !== h) p = (p + 1) & mask;
    keys[2 * p] = h;
    vals[2 * p + 1] = weights[i]! * scale;
    const b = h >>> (32 - BLOOM_BITS);
    bloom[b >>> 5]! |= 1 << (b & 31);
  }
  return { keys, vals, bloom, size: hashes.length };
}

/**
 * A model's features and weights: feature hash to weight, open addressing over a power-of-two
 * table (linear probing, hash 0 = empty), key and weight side by side in one buffer so a probe
 * reads one cache line.
 */
export class FeatureWeights {
  /** Even entries: feature hashes; odd entries (through {@link vals}): their weights. */
  readonly keys: Int32Array;
  readonly vals: Float32Array;
  /** Number of table slots less one (the key of slot `p` is `keys[2 * p]`). */
  readonly mask: number;
  readonly size: number;
  /** One bit per value of a hash's top {@link BLOOM_BITS} bits: clear means "not a feature of the model", without a probe. */
  readonly bloom: Int32Array;
  /** The table, for the build to store. */
  readonly table: FeatureTable;

  /**
   * `weights[i] * scale` is the weight of feature `hashes[i]`; the hashes must be distinct.
   * `table`, when given, must be {@link buildFeatureTable} of them (see {@link fromTable}).
   */
  constructor(
    hashes: Int32Array,
    weights: ArrayLike<number>,
    scale = 1,
    table: FeatureTable = buildFeatureTable(hashes, weights, scale),
  ) {
    this.table = table;
    this.keys = table.keys;
    this.vals = table.vals;
    this.mask = table.keys.length / 2 - 1;
    this.size = table.size;
    this.bloom = table.bloom;
  }

  /** Weights over a table {@link buildFeatureTable} made (one the build stored). */
  static fromTable(table: FeatureTable): FeatureWeights {
    return new FeatureWeights(new Int32Array(0), [], 1, table);
  }

  /** The weight of feature `h` (0 when it is not in the model). */
  weightOf(h: number): number {
    const keys = this.keys;
    const mask = this.mask;
    let p = h & mask;
    for (;;) {
      const k = keys[2 * p]!;
      if (k === h) return this.vals[2 * p + 1]!;
      if (k === 0) return 0;
      p = (p + 1) & mask;
    }
  }
}

/**
 * Scores segments against a model's weights: the sum of the weights of the segment's features
 * (each occurrence counts) over the square root of its number of features, known or not (at
 * least {@link NORM_FLOOR}, so a short passage is not inflated). Holds
 * a scratch buffer, so one scorer is reused for every segment.
 */
export class SegmentScorer {
  private readonly hasher = new FeatureHasher();
  /** The features of the last segment that pass the weights' filter (scratch). */
  private readonly passed = new Int32Array(MAX_FEATURES);

  constructor(private readonly table: FeatureWeights) {}

  /**
   * The margin (before the bias) of `text.slice(start, end)` (at most {@link SEGMENT_MAX} units
   * of it); `-Infinity` for a segment of fewer than {@link MIN_UNIT_WORDS} words (not scored).
   */
  dot(text: string, start: number, end: number): number {
    const h = this.hasher;
    h.run(text, start, Math.min(end, start + SEGMENT_MAX));
    const hashes = h.hashes;
    const { keys, vals, mask, bloom } = this.table;
    const n = h.size;
    if (h.words < MIN_UNIT_WORDS) return Number.NEGATIVE_INFINITY;
    // the filter first, without a branch (it lets about half of the features through, an
    // unpredictable branch each): the features it passes, compacted in order, then their probes
    const passed = this.passed;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const x = hashes[i]!;
      const b = x >>> (32 - BLOOM_BITS);
      passed[m] = x;
      m += (bloom[b >>> 5]! >>> (b & 31)) & 1;
    }
    let z = 0;
    for (let i = 0; i < m; i++) {
      const x = passed[i]!;
      let p = x & mask;
      for (;;) {
        const k = keys[2 * p]!;
        if (k === x) {
          z += vals[2 * p + 1]!;
          break;
        }
        if (k === 0) break;
        p = (p + 1) & mask;
      }
    }
    return z / Math.sqrt(Math.max(n, NORM_FLOOR));
  }
}

const trainingHasher = new FeatureHasher();

/**
 * The feature hashes of a segment (for the training script): a copy, in text order; `undefined`
 * for a segment the scorer does not score (fewer than {@link MIN_UNIT_WORDS} words).
 */
export function segmentHashes(text: string, start: number, end: number): Int32Array | undefined {
  const h = trainingHasher;
  h.run(text, start, Math.min(end, start + SEGMENT_MAX));
  return h.words < MIN_UNIT_WORDS ? undefined : h.hashes.slice(0, h.size);
}
