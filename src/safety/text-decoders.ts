/**
 * @module safety/text-decoders
 * Decoders for encodings that hide text from the phrase rules without looking like binary data:
 * ROT13, reversed text, HTML / XML character entities and backslash escapes (`\x69`, `\u0069`).
 * Each finds bounded runs and returns their decoded text, which the scanner scans as one more
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

function rot13Char(c: number): number {
  if (c >= 97 && c <= 122) return ((c - 97 + 13) % 26) + 97;
  if (c >= 65 && c <= 90) return ((c - 65 + 13) % 26) + 65;
  return c;
}

/** ROT13 of a string (an involution). */
export function rot13(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(rot13Char(s.charCodeAt(i)));
  return out;
}

/** `s` reversed by code point (surrogate pairs kept whole). */
export function reverseText(s: string): string {
  return Array.from(s).reverse().join('');
}

const ROT_WORDS = new Set(FUNCTION_WORDS.map(rot13));
const REV_WORDS = new Set(
  FUNCTION_WORDS.map(reverseText).filter((w) => !FUNCTION_WORDS.includes(w)),
);
const PLAIN_WORDS = new Set(FUNCTION_WORDS);
/** A cheap test that a text may hold ROT13 or reversed English at all. */
const MAYBE_ENCODED = new RegExp(
  `\\b(?:${[...ROT_WORDS, ...REV_WORDS].filter((w) => w.length >= 3).join('|')})\\b`,
  'i',
);

/** Counts words of `set` and of the plain function words on `line` (ASCII words only). */
function countWords(line: string, set: ReadonlySet<string>): [number, number] {
  let hits = 0;
  let plain = 0;
  const words = line.toLowerCase().match(/[a-z]+/g) ?? [];
  for (const w of words) {
    if (set.has(w)) hits++;
    else if (PLAIN_WORDS.has(w)) plain++;
  }
  return [hits, plain];
}

function lineRuns(
  text: string,
  layer: 'rot13' | 'reversed',
  set: ReadonlySet<string>,
  decode: (s: string) => string,
): DecodedRun[] {
  const out: DecodedRun[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart >= 0 && out.length < MAX_RUNS) {
      out.push({ layer, start: runStart, end: runEnd, text: decode(text.slice(runStart, runEnd)) });
    }
    runStart = -1;
  };
  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = text.length;
    const [hits, plain] = countWords(text.slice(pos, Math.min(nl, pos + 4000)), set);
    if (hits >= MIN_FUNCTION_WORDS && hits > plain) {
      if (runStart < 0) runStart = pos;
      runEnd = nl;
    } else flush();
    pos = nl + 1;
  }
  flush();
  return out;
}

/** Lines of `text` that read as English once ROT13-decoded, or once reversed, decoded. */
export function findRot13AndReversed(text: string): DecodedRun[] {
  if (!MAYBE_ENCODED.test(text)) return [];
  return [
    ...lineRuns(text, 'rot13', ROT_WORDS, rot13),
    ...lineRuns(text, 'reversed', REV_WORDS, (s) => s.split('\n').map(reverseText).join('\n')),
  ];
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
