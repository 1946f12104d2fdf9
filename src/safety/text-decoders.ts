/**
 * @module safety/text-decoders
 * Decoders for encodings that hide text from the phrase rules without looking like binary data:
 * Caesar shifts (ROT13 among them), reversed text, HTML / XML character entities and backslash
 * escapes (`\x69`, `\u0069`). Shifts and reversal are judged per line or sentence, so one
 * encoded sentence inside a plain paragraph is found too. Each finds bounded runs and returns their decoded text, which the scanner scans as one more
 * layer with the same rules. (Fullwidth, small-caps-free compatibility forms and mathematical
 * letters need no decoder: the normaliser folds them.) Every function is one forward pass with
 * bounded look-around, never throws, and returns disjoint runs in text order whose decoded text
 * is no longer than the run.
 */
import type { DecodedRun } from './encoded-runs.js';

/** Most runs returned per decoder and text. */
const MAX_RUNS = 50;
/** Entities or escapes needed for a run. */
export const MIN_ESCAPES = 4;
/** Function words of the encoded language needed on a line before it is decoded. */
export const MIN_FUNCTION_WORDS = 2;
/**
 * Function words needed under a Caesar shift other than 13 (of three letters or more): with 24
 * more shifts to try, a line of code or prose hits two of them by chance far more often.
 */
export const MIN_CAESAR_WORDS = 3;

/** Common English function words, the signal that a line is English once decoded. */
const FUNCTION_WORDS = [
  'the',
  'and',
  'you',
  'your',
  'that',
  'this',
  'with',
  'for',
  'all',
  'are',
  'of',
  'to',
  'is',
];

/** Shifts a letter forward by `k` places in the alphabet (other units unchanged). */
function shiftChar(c: number, k: number): number {
  if (c >= 97 && c <= 122) return ((c - 97 + k) % 26) + 97;
  if (c >= 65 && c <= 90) return ((c - 65 + k) % 26) + 65;
  return c;
}

/** `s` with every ASCII letter shifted forward by `k` places (a Caesar shift; 13 is ROT13). */
export function caesarShift(s: string, k: number): string {
  const kk = ((k % 26) + 26) % 26;
  let out = '';
  const units = new Uint16Array(Math.min(s.length, CHUNK));
  for (let from = 0; from < s.length; from += CHUNK) {
    const to = Math.min(s.length, from + CHUNK);
    for (let i = from; i < to; i++) units[i - from] = shiftChar(s.charCodeAt(i), kk);
    const part = units.subarray(0, to - from);
    out += String.fromCharCode.apply(null, part as unknown as number[]);
  }
  return out;
}

/** Units turned back into a string per call (an argument list has a size limit). */
const CHUNK = 8192;

/** ROT13 of a string (an involution). */
export function rot13(s: string): string {
  return caesarShift(s, 13);
}

/** `s` reversed by code point (surrogate pairs kept whole). */
export function reverseText(s: string): string {
  return Array.from(s).reverse().join('');
}

/** Longest function word, in letters: longer words need no lookup. */
const MAX_WORD = 4;
/** Bit of the reversed reading in a word's mask (bits 0-25 are shifts; 0 is plain text). */
const REVERSED_BIT = 26;

/** A word of at most {@link MAX_WORD} lowercase letters as a number (base 27, no zero digit). */
function wordKey(w: string): number {
  let k = 0;
  for (let i = 0; i < w.length; i++) k = k * 27 + (w.charCodeAt(i) - 96);
  return k;
}

const READING_SLOTS = 4096;

function slotOf(key: number): number {
  return Math.imul(key, 0x9e3779b1) >>> 20;
}

/**
 * Per word key, the readings under which it is a function word: bit `k` when shifting it back by
 * `k` gives one (bit 0: it is one), bit {@link REVERSED_BIT} when reversing it does (and it is
 * not one itself).
 */
const READINGS = (() => {
  const m = new Map<number, number>();
  const add = (w: string, bit: number) => {
    const key = wordKey(w);
    m.set(key, (m.get(key) ?? 0) | (1 << bit));
  };
  for (const w of FUNCTION_WORDS) {
    for (let k = 0; k < 26; k++) {
      // two-letter words under 24 shifts are too often ordinary tokens (`id`, `md`, `js`)
      if (k === 0 || k === 13 || w.length >= 3) add(caesarShift(w, k), k);
    }
    const r = reverseText(w);
    if (!FUNCTION_WORDS.includes(r)) add(r, REVERSED_BIT);
  }
  // an open-addressing table (about 340 keys in 4096 slots): a typed-array probe is several
  // times cheaper than a Map lookup, and every short word of the text is looked up
  const keys = new Int32Array(READING_SLOTS);
  const masks = new Int32Array(READING_SLOTS);
  for (const [key, mask] of m) {
    let h = slotOf(key);
    while (keys[h] !== 0) h = (h + 1) & (READING_SLOTS - 1);
    keys[h] = key;
    masks[h] = mask;
  }
  return { keys, masks };
})();

/** The readings of a word key (see {@link READINGS}), 0 when it is no function word at all. */
function readingsOf(key: number): number {
  let h = slotOf(key);
  for (;;) {
    const k = READINGS.keys[h]!;
    if (k === key) return READINGS.masks[h]!;
    if (k === 0) return 0;
    h = (h + 1) & (READING_SLOTS - 1);
  }
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** True when a segment (a line or a sentence) ends at `i`: a line break, or `.!?` and a blank. */
function segmentEndsAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 10) return true;
  if (c !== 46 && c !== 33 && c !== 63) return false;
  const n = text.charCodeAt(i + 1);
  return n === 32 || n === 9 || n === 13 || n === 10;
}

/** The reading (shift 1-25 or {@link REVERSED_BIT}) a segment's word counts point to, or 0. */
function bestReading(counts: Int32Array): number {
  let best = 0;
  let bestN = MIN_FUNCTION_WORDS - 1;
  for (let k = 1; k <= REVERSED_BIT; k++) {
    const n = counts[k]!;
    const least = k === 13 || k === REVERSED_BIT ? MIN_FUNCTION_WORDS : MIN_CAESAR_WORDS;
    if (n > bestN && n >= least && n > counts[0]!) {
      best = k;
      bestN = n;
    }
  }
  return best;
}

function decodeReading(s: string, reading: number): string {
  if (reading === REVERSED_BIT) return s.split('\n').map(reverseText).join('\n');
  return caesarShift(s, 26 - reading);
}

function layerOf(reading: number): 'rot13' | 'reversed' | 'caesar' {
  return reading === REVERSED_BIT ? 'reversed' : reading === 13 ? 'rot13' : 'caesar';
}

/**
 * Segments (lines, or sentences within a line) that read as English once shifted back by a
 * Caesar shift (ROT13 among them) or once reversed: a segment qualifies when it holds at least
 * {@link MIN_FUNCTION_WORDS} English function words under one reading, and more than it holds
 * plain. Consecutive segments with the same reading are one run. One pass over the text; a
 * word is looked up only when it has at most four letters.
 */
export function findRot13AndReversed(text: string): DecodedRun[] {
  const out: DecodedRun[] = [];
  const perLayer = { rot13: 0, reversed: 0, caesar: 0 };
  const counts = new Int32Array(REVERSED_BIT + 1);
  let segStart = 0;
  let runStart = -1;
  let runEnd = -1;
  let runReading = 0;
  const flush = () => {
    if (runStart < 0) return;
    const layer = layerOf(runReading);
    if (perLayer[layer] < MAX_RUNS) {
      perLayer[layer]++;
      const slice = text.slice(runStart, runEnd);
      out.push({ layer, start: runStart, end: runEnd, text: decodeReading(slice, runReading) });
    }
    runStart = -1;
  };
  // whether the current segment has a word with a reading other than plain text
  let encoded = false;
  const endSegment = (end: number) => {
    let reading = 0;
    if (encoded) {
      reading = bestReading(counts);
      counts.fill(0);
      encoded = false;
    } else counts[0] = 0;
    if (reading === 0 || reading !== runReading) flush();
    if (reading !== 0) {
      if (runStart < 0) runStart = segStart;
      runReading = reading;
      runEnd = end;
    }
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isLetter(c)) {
      // the word's key, computed while walking it (a longer word needs no lookup)
      let key = (c | 32) - 96;
      let e = i + 1;
      for (; e < n; e++) {
        const d = text.charCodeAt(e);
        if (!isLetter(d)) break;
        if (e - i < MAX_WORD) key = key * 27 + ((d | 32) - 96);
      }
      if (e - i <= MAX_WORD) {
        let mask = readingsOf(key);
        if (mask > 1) encoded = true;
        while (mask !== 0) {
          counts[31 - Math.clz32(mask & -mask)]!++;
          mask &= mask - 1;
        }
      }
      i = e;
      continue;
    }
    if (c === 10 || ((c === 46 || c === 33 || c === 63) && segmentEndsAt(text, i))) {
      if (encoded || runStart >= 0) endSegment(c === 10 ? i : i + 1);
      else counts[0] = 0; // the common case: a plain segment after a plain one
      segStart = i + 1;
    }
    i++;
  }
  endSegment(n);
  flush();
  return out.sort((a, b) => (a.layer < b.layer ? -1 : a.layer > b.layer ? 1 : a.start - b.start));
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};
/** One entity or escape at the start of the match. */
const ESCAPE =
  /&#(\d{1,7});?|&#[xX]([0-9a-fA-F]{1,6});?|&([a-zA-Z]{2,6});|\\x([0-9a-fA-F]{2})|\\u\{?([0-9a-fA-F]{4,6})\}?/y;

function codeOf(m: RegExpExecArray): string | undefined {
  const num = m[1] ?? undefined;
  const hex = m[2] ?? m[4] ?? m[5];
  if (m[3] !== undefined) return NAMED[m[3].toLowerCase()];
  const cp = num !== undefined ? Number.parseInt(num, 10) : Number.parseInt(hex!, 16);
  if (!(cp > 0 && cp <= 0x10ffff) || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
  return String.fromCodePoint(cp);
}

/**
 * Runs of HTML / XML character entities or backslash escapes (at least {@link MIN_ESCAPES}
 * numeric ones, at most 3 plain characters between two), decoded; plain characters in between
 * are kept as they are.
 */
export function findEscapeRuns(text: string): DecodedRun[] {
  const out: DecodedRun[] = [];
  if (text.indexOf('&#') === -1 && text.indexOf('\\x') === -1 && text.indexOf('\\u') === -1)
    return out;
  let i = 0;
  while (i < text.length && out.length < MAX_RUNS) {
    const amp = text.indexOf('&', i);
    const bs = text.indexOf('\\', i);
    const next = amp === -1 ? bs : bs === -1 ? amp : Math.min(amp, bs);
    if (next === -1) break;
    let p = next;
    let numeric = 0;
    let decoded = '';
    let lastEnd = next;
    while (p < text.length) {
      ESCAPE.lastIndex = p;
      const m = ESCAPE.exec(text);
      const ch = m === null ? undefined : codeOf(m);
      if (m === null || ch === undefined) {
        // up to 3 plain characters may sit between escapes
        if (p - lastEnd >= 3) break;
        p++;
        continue;
      }
      decoded += text.slice(lastEnd, m.index) + ch;
      if (m[3] === undefined) numeric++;
      p = m.index + m[0].length;
      lastEnd = p;
    }
    if (numeric >= MIN_ESCAPES) {
      const layer = text.charCodeAt(next) === 38 ? 'html-entities' : 'escapes';
      out.push({ layer, start: next, end: lastEnd, text: decoded });
    }
    i = Math.max(lastEnd, next + 1);
  }
  return out;
}
