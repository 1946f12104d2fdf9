/**
 * @module safety/text-decoders
 * Decoders for encodings that hide text from the phrase rules without looking like binary data:
 * Caesar shifts (ROT13 among them), reversed text, HTML / XML character entities and backslash
 * escapes (`\x69`, `\u0069`). Shifts and reversal are judged per line or sentence, so one
 * encoded sentence inside a plain paragraph is found too. Each finds bounded runs and returns their decoded text, which the scanner scans as one more
 * layer with the same rules. (Fullwidth, small capitals, other compatibility forms and
 * mathematical letters need no decoder: the normaliser folds them.) Every function is one forward pass with
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
  const parts: string[] = [];
  const units = new Uint16Array(Math.min(s.length, CHUNK));
  for (let from = 0; from < s.length; from += CHUNK) {
    const to = Math.min(s.length, from + CHUNK);
    for (let i = from; i < to; i++) units[i - from] = shiftChar(s.charCodeAt(i), kk);
    const part = units.subarray(0, to - from);
    parts.push(String.fromCharCode.apply(null, part as unknown as number[]));
  }
  return parts.join(''); // joined, not concatenated: a flat string, not a rope
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

/**
 * Shifted function words that are ordinary tokens of English or of code (`max` is "the" shifted
 * by 19, `rfc` by 24): counting them would read plain text as shifted, and finding them would
 * send most texts down the slow path. They still count for ROT13.
 */
const ORDINARY_TOKENS: ReadonlySet<string> = new Set([
  'max',
  'lcp',
  'rfc',
  'jan',
  'tee',
  'cnn',
  'cpf',
  'sgd',
  'pda',
  'gps',
  'rad',
  'eua',
  'bpm',
  'wms',
  'evi',
  'dmp',
  'rcc',
  'itt',
  'hxd',
  'pcs',
  'sdd',
  'esp',
  'uff',
  'mabl',
  'rdoc',
]);

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
      const shifted = caesarShift(w, k);
      if (k !== 0 && k !== 13 && (w.length < 3 || ORDINARY_TOKENS.has(shifted))) continue;
      add(shifted, k);
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

/**
 * The encoded function words of three letters or more (a shift other than 13 needs three of
 * them; ROT13 and reversal, like before, are looked for only when one is there): words that are
 * function words under some reading but not plain, nor ordinary tokens.
 */
function encodedWords(): string[] {
  const words = new Set<string>();
  for (const w of FUNCTION_WORDS) {
    if (w.length < 3) continue;
    for (let k = 1; k < 26; k++) words.add(caesarShift(w, k));
    words.add(reverseText(w));
  }
  for (const w of FUNCTION_WORDS) words.delete(w);
  for (const w of ORDINARY_TOKENS) words.delete(w);
  return [...words].sort();
}

/** {@link encodedWords}, computed once (at load: the two tables below are built from them). */
const ENCODED_WORDS = encodedWords();

/**
 * The reference form of {@link nextEncodedWord}: a whole word (`\b...\b`, ASCII `\w`) that is one
 * of {@link encodedWords}, in any case; the search for texts longer than {@link JS_SEARCH_LENGTH}.
 */
export const MAYBE_ENCODED = new RegExp(`\\b(?:${ENCODED_WORDS.join('|')})\\b`, 'gi');

/** Bit per word key of {@link encodedWords} (keys of at most four letters are below 27^4). */
const ENCODED_KEYS = (() => {
  const bits = new Uint32Array(Math.ceil(27 ** MAX_WORD / 32));
  for (const w of ENCODED_WORDS) {
    const key = wordKey(w);
    bits[key >>> 5]! |= 1 << (key & 31);
  }
  return bits;
})();

function isAsciiWordUnit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * Texts up to this long are searched by {@link nextEncodedWord}, longer ones natively by
 * {@link MAYBE_ENCODED} (same answers): the native search is faster per unit, the JS pass saves
 * the native call's fixed cost, which is what a short line pays.
 */
const JS_SEARCH_LENGTH = 64;

/** The first encoded function word at or after `from` (see {@link nextEncodedWord}), the faster way for the text's length. */
function encodedWordFrom(text: string, from: number): number {
  if (text.length <= JS_SEARCH_LENGTH) return nextEncodedWord(text, from);
  MAYBE_ENCODED.lastIndex = from;
  const m = MAYBE_ENCODED.exec(text);
  if (m === null) return -1;
  encodedLength = m[0].length;
  return m.index;
}

/** Length of the word {@link encodedWordFrom} found last. */
let encodedLength = 0;

/**
 * Index of the first whole word at or after `from` that is an encoded function word (what
 * {@link MAYBE_ENCODED} finds from `lastIndex = from`), or -1; its length is left in
 * {@link encodedLength}. One pass over the words with a bit-set look-up: cheaper than a native
 * call on a short line (slower per unit on a long text).
 */
export function nextEncodedWord(text: string, from: number): number {
  const n = text.length;
  let i = from;
  // a word that began before `from` has no boundary at `from`: no match starts inside it
  if (i > 0)
    while (i < n && isAsciiWordUnit(text.charCodeAt(i)) && isAsciiWordUnit(text.charCodeAt(i - 1)))
      i++;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (!isAsciiWordUnit(c)) {
      i++;
      continue;
    }
    let e = i;
    let key = 0;
    let letters = true;
    for (; e < n; e++) {
      const d = text.charCodeAt(e);
      if (!isAsciiWordUnit(d)) break;
      if (!isLetter(d)) letters = false;
      else if (e - i < MAX_WORD) key = key * 27 + ((d | 32) - 96);
    }
    const len = e - i;
    if (
      letters &&
      len >= 3 &&
      len <= MAX_WORD &&
      (ENCODED_KEYS[key >>> 5]! & (1 << (key & 31))) !== 0
    ) {
      encodedLength = len;
      return i;
    }
    i = e;
  }
  return -1;
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
 * Words of an injection's own vocabulary, of five letters or more (longer than a function word),
 * as ROT13 writes them and as reversal writes them: in a segment already picked by a function
 * word, each counts for its reading like one, so "vtaber nyy cerivbhf vafgehpgvbaf" (one function
 * word, "nyy") is read as ROT13. Ordinary text never holds these spellings.
 */
const ATTACK_WORDS = [
  'ignore',
  'previous',
  'instructions',
  'instruction',
  'system',
  'prompt',
  'disregard',
  'forget',
  'reveal',
  'password',
  'secret',
  'override',
  'jailbreak',
  'bypass',
  'restrictions',
  'developer',
];
const ENCODED_ATTACK_WORDS: ReadonlyMap<string, number> = new Map(
  ATTACK_WORDS.flatMap((w) => [
    [rot13(w), 13],
    [reverseText(w), REVERSED_BIT],
  ]),
);

/** Longest word looked up in {@link ENCODED_ATTACK_WORDS}. */
const MAX_ATTACK_WORD = Math.max(...ATTACK_WORDS.map((w) => w.length));

/** Counts the readings of the words in `[from, to)` into `counts` (which starts zeroed). */
function countReadings(text: string, from: number, to: number, counts: Int32Array): void {
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (!isLetter(c)) {
      i++;
      continue;
    }
    // the word's key, computed while walking it (a longer word needs no lookup)
    let key = (c | 32) - 96;
    let e = i + 1;
    for (; e < to; e++) {
      const d = text.charCodeAt(e);
      if (!isLetter(d)) break;
      if (e - i < MAX_WORD) key = key * 27 + ((d | 32) - 96);
    }
    if (e - i <= MAX_WORD) {
      let mask = readingsOf(key);
      while (mask !== 0) {
        counts[31 - Math.clz32(mask & -mask)]!++;
        mask &= mask - 1;
      }
    } else if (e - i <= MAX_ATTACK_WORD) {
      const reading = ENCODED_ATTACK_WORDS.get(text.slice(i, e).toLowerCase());
      if (reading !== undefined) counts[reading]!++;
    }
    i = e;
  }
}

/** Where the segment holding `at` starts: after the last segment end before it, not before `floor`. */
function segmentStart(text: string, at: number, floor: number): number {
  for (let k = at - 1; k >= floor; k--) {
    if (text.charCodeAt(k) === 10) return k + 1;
    if (k > floor && segmentEndsAt(text, k - 1)) return k;
  }
  return floor;
}

/** The index of the end of the segment holding `at` (a line break, a stop before a blank), or the text's length. */
function segmentEndFrom(text: string, at: number): number {
  for (let k = at; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10 || ((c === 46 || c === 33 || c === 63) && segmentEndsAt(text, k))) return k;
  }
  return text.length;
}

/** No run (shared: nothing writes to it). */
const NO_RUNS: readonly DecodedRun[] = Object.freeze([]);

/** Per-segment reading counts, reused (a typed array per call cost about a quarter of a one-line scan's decoders). */
const COUNTS = new Int32Array(REVERSED_BIT + 1);

/**
 * Segments (lines, or sentences within a line) that read as English once shifted back by a
 * Caesar shift (ROT13 among them) or once reversed: a segment qualifies when it holds at least
 * {@link MIN_FUNCTION_WORDS} English function words under one reading, and more than it holds
 * plain. Consecutive segments with the same reading are one run. Only segments that hold an
 * encoded function word of three letters or more are read (found natively; see
 * {@link MAYBE_ENCODED}), each once, so the work is one pass.
 */
export function findRot13AndReversed(text: string): readonly DecodedRun[] {
  // most texts hold no encoded word: no run, and none of the set-up below
  const first = encodedWordFrom(text, 0);
  if (first === -1) return NO_RUNS;
  const out: DecodedRun[] = [];
  const perLayer = { rot13: 0, reversed: 0, caesar: 0 };
  const counts = COUNTS;
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
  let floor = 0;
  for (let at = first; at !== -1; at = encodedWordFrom(text, floor)) {
    const start = segmentStart(text, at, floor);
    const stop = segmentEndFrom(text, at + encodedLength);
    const end = stop < text.length && text.charCodeAt(stop) !== 10 ? stop + 1 : stop;
    counts.fill(0);
    countReadings(text, start, end, counts);
    const reading = bestReading(counts);
    // a run goes on only into the very next segment with the same reading
    if (reading === 0 || reading !== runReading || start !== floor) flush();
    if (reading !== 0) {
      if (runStart < 0) runStart = start;
      runReading = reading;
      runEnd = end;
    }
    floor = stop + 1;
    if (floor >= text.length) break;
  }
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

/** Longest line decoded in place; a longer one (minified code, most likely) is decoded by runs. */
export const MAX_IN_PLACE_LINE = 2000;
/**
 * Numeric entities or escapes a line of at most {@link MAX_IN_PLACE_LINE} characters needs to be
 * decoded in place: an attacker encodes a trigger word (`&#73;&#103;&#110;&#111;&#114;&#101; all
 * previous instructions`) or the blanks between plain words (`Ignore\x20all\x20previous`), and
 * neither is a run that reads as anything once decoded alone.
 */
export const MIN_LINE_ESCAPES = 3;

/**
 * HTML / XML character entities and backslash escapes, decoded. A line of at most
 * {@link MAX_IN_PLACE_LINE} characters with at least {@link MIN_LINE_ESCAPES} numeric ones is
 * decoded whole, its plain text kept in place (`inPlace`: findings its plain text already gives are
 * not reported again for it); on a longer line, runs of at least {@link MIN_ESCAPES} numeric ones
 * (at most 3 plain characters between two) are decoded, plain characters in between kept.
 */
export function findEscapeRuns(text: string): DecodedRun[] {
  const out: DecodedRun[] = [];
  if (text.indexOf('&#') === -1 && text.indexOf('\\x') === -1 && text.indexOf('\\u') === -1)
    return out;
  let i = 0;
  // the next `&` and backslash, looked for again only once passed (a text without one of them
  // was searched to its end for every line)
  let amp = -2;
  let bs = -2;
  while (i < text.length && out.length < MAX_RUNS) {
    if (amp !== -1 && amp < i) amp = text.indexOf('&', i);
    if (bs !== -1 && bs < i) bs = text.indexOf('\\', i);
    const next = amp === -1 ? bs : bs === -1 ? amp : Math.min(amp, bs);
    if (next === -1) break;
    const lineStart = text.lastIndexOf('\n', next - 1) + 1;
    let lineEnd = text.indexOf('\n', next);
    if (lineEnd === -1) lineEnd = text.length;
    if (lineEnd - lineStart <= MAX_IN_PLACE_LINE) {
      // a short line is read whole once (its start is at or after `i`: lines before were), and
      // only when it can hold enough numeric escapes (most lines with an `&` or a backslash, a
      // shell's `&&`, a Windows path, hold none)
      if (!mayHoldEscapes(text, next, lineEnd)) {
        i = lineEnd + 1;
        continue;
      }
      const line = decodeEscapes(text, next, lineEnd, true, next - lineStart);
      if (line.numeric >= MIN_LINE_ESCAPES) {
        out.push({
          layer: line.layer,
          start: lineStart,
          end: lineEnd,
          text: text.slice(lineStart, next) + line.text,
          inPlace: true,
          made: line.made,
          tight: line.tight,
        });
      }
      i = lineEnd + 1;
      continue;
    }
    const run = decodeEscapes(text, next, text.length, false);
    if (run.numeric >= MIN_ESCAPES) {
      out.push({ layer: run.layer, start: next, end: run.end, text: run.text });
    }
    i = Math.max(run.end, next + 1);
  }
  return out;
}

/**
 * Decodes the entities and escapes of `text[from, to)` from `from` (an `&` or a backslash): all
 * of them with `whole` (the plain text up to `to` kept), else while at most 3 plain characters
 * sit between two. `end` is just past the last one decoded, `text` the decoded span (plain
 * characters kept), `layer` the kind of its first numeric one. With `whole`, also `made` (the
 * decoded units an escape made, as indices into `offset` units of prefix and then `text`) and
 * `tight` (the `[start, end)` pairs, same indices, of the runs decoding by runs would find: at
 * least {@link MIN_ESCAPES} numeric ones with at most 3 plain characters between two).
 */
function decodeEscapes(
  text: string,
  from: number,
  to: number,
  whole: boolean,
  offset = 0,
): {
  text: string;
  end: number;
  numeric: number;
  layer: 'html-entities' | 'escapes';
  made: number[];
  tight: number[];
} {
  let p = from;
  let numeric = 0;
  let decoded = '';
  let lastEnd = from;
  let layer: 'html-entities' | 'escapes' | undefined;
  const made: number[] = [];
  const tight: number[] = [];
  let runStart = -1;
  let runEnd = 0;
  let runNumeric = 0;
  const closeRun = () => {
    if (runStart >= 0 && runNumeric >= MIN_ESCAPES) tight.push(runStart, runEnd);
    runStart = -1;
    runNumeric = 0;
  };
  while (p < to) {
    const c = text.charCodeAt(p);
    const m = c === 38 || c === 92 ? escapeAt(text, p) : null;
    const ch = m === null ? undefined : codeOf(m);
    if (m === null || ch === undefined || m.index + m[0].length > to) {
      if (!whole && p - lastEnd >= 3) break;
      p++;
      continue;
    }
    if (whole && runStart >= 0 && m.index - lastEnd > 3) closeRun();
    decoded += text.slice(lastEnd, m.index);
    if (whole) {
      const at = offset + decoded.length;
      for (let k = 0; k < ch.length; k++) made.push(at + k);
      if (runStart < 0) runStart = at;
      runEnd = at + ch.length;
    }
    decoded += ch;
    if (m[3] === undefined) {
      numeric++;
      runNumeric++;
      layer ??= c === 38 ? 'html-entities' : 'escapes';
    }
    p = m.index + m[0].length;
    lastEnd = p;
  }
  if (whole) {
    closeRun();
    decoded += text.slice(lastEnd, to);
    lastEnd = to;
  }
  return {
    text: decoded,
    end: lastEnd,
    numeric,
    layer: layer ?? (text.charCodeAt(from) === 38 ? 'html-entities' : 'escapes'),
    made,
    tight,
  };
}

/** The openers of a numeric entity or escape: `&#`, `\x`, `\u`. */
const NUMERIC_OPENER = /&#|\\[xu]/g;

/** True when `text[from, to)` holds {@link MIN_LINE_ESCAPES} openers of numeric escapes or more. */
function mayHoldEscapes(text: string, from: number, to: number): boolean {
  NUMERIC_OPENER.lastIndex = from;
  for (let n = 0; n < MIN_LINE_ESCAPES; n++) {
    if (!NUMERIC_OPENER.test(text) || NUMERIC_OPENER.lastIndex > to) return false;
  }
  return true;
}

/** {@link ESCAPE} tried at `p`. */
function escapeAt(text: string, p: number): RegExpExecArray | null {
  ESCAPE.lastIndex = p;
  return ESCAPE.exec(text);
}
