/**
 * @module safety/symbol-decoders
 * Decoders for text spelled out one symbol group at a time, which the run decoders of
 * `encoded-runs.ts` do not see because the groups are separated: Morse code (`.. --. -.`), bytes
 * written as binary octets (`01101001 01100111`) and bytes written as separated hex
 * (`69 67 6e`, `0x69, 0x67`, the usual shape of a byte array in code). Each is one forward pass;
 * a run is decoded once, only when it holds enough groups, and its decoded text is shorter than
 * the run, so the work stays linear. Runs are disjoint and in text order per layer.
 */
import { type DecodedRun, readable } from './encoded-runs.js';

/** Most runs returned per decoder and text. */
const MAX_RUNS = 50;
/** Fewest Morse letters for a run. */
export const MIN_MORSE_LETTERS = 8;
/** Fewest bytes for a binary or separated-hex run. */
export const MIN_BYTES = 6;
/** Most separator characters between two groups. */
const MAX_SEPARATOR = 3;

const MORSE: Readonly<Record<string, string>> = {
  '.-': 'a',
  '-...': 'b',
  '-.-.': 'c',
  '-..': 'd',
  '.': 'e',
  '..-.': 'f',
  '--.': 'g',
  '....': 'h',
  '..': 'i',
  '.---': 'j',
  '-.-': 'k',
  '.-..': 'l',
  '--': 'm',
  '-.': 'n',
  '---': 'o',
  '.--.': 'p',
  '--.-': 'q',
  '.-.': 'r',
  '...': 's',
  '-': 't',
  '..-': 'u',
  '...-': 'v',
  '.--': 'w',
  '-..-': 'x',
  '-.--': 'y',
  '--..': 'z',
  '-----': '0',
  '.----': '1',
  '..---': '2',
  '...--': '3',
  '....-': '4',
  '.....': '5',
  '-....': '6',
  '--...': '7',
  '---..': '8',
  '----.': '9',
  '.-.-.-': '.',
  '--..--': ',',
  '..--..': '?',
  '-.-.--': '!',
  '---...': ':',
  '.----.': "'",
  '.-..-.': '"',
  '-..-.': '/',
  '.--.-.': '@',
};

/** Longest Morse group in the table. */
const MAX_MORSE = 6;

/** Three Morse letters separated by single spaces: present in every run worth decoding. */
const MORSE_START = /[.-]{1,6} [.-]{1,6} [.-]{1,6}/g;
/** Most characters a run is extended back over from where its first three letters are found. */
const MAX_MORSE_BACK = 64;

function isMorseText(c: number): boolean {
  return c === 46 || c === 45 || c === 32 || c === 47 || c === 124;
}

function isMorseMark(c: number): boolean {
  return c === 46 || c === 45; // '.', '-'
}

/**
 * Runs of Morse code: groups of dots and dashes separated by one space (letters) and by `/`,
 * `|` or two or more spaces (words). A run needs {@link MIN_MORSE_LETTERS} letters, both marks,
 * and decodes only if every group is a Morse letter.
 */
export function findMorseRuns(text: string): DecodedRun[] {
  const out: DecodedRun[] = [];
  if (text.indexOf('.-') === -1 && text.indexOf('-.') === -1) return out;
  const n = text.length;
  let i = 0;
  while (i < n && out.length < MAX_RUNS) {
    // jump (natively) to three letters in a row, then back to where their run starts
    MORSE_START.lastIndex = i;
    const m = MORSE_START.exec(text);
    if (m === null) break;
    const floor = i;
    i = m.index;
    for (let k = 0; k < MAX_MORSE_BACK && i > floor && isMorseText(text.charCodeAt(i - 1)); k++)
      i--;
    while (!isMorseMark(text.charCodeAt(i))) i++;
    const start = i;
    const decoded: string[] = [];
    let letters = 0;
    let dots = 0;
    let dashes = 0;
    let end = i;
    let ok = true;
    for (;;) {
      let g = i;
      while (g < n && isMorseMark(text.charCodeAt(g)) && g - i <= MAX_MORSE) g++;
      const letter = MORSE[text.slice(i, g)];
      if (letter === undefined || (g < n && isMorseMark(text.charCodeAt(g)))) {
        ok = letters > 0;
        if (letter === undefined && letters === 0) i = Math.max(g, i + 1);
        break;
      }
      for (let k = i; k < g; k++) {
        if (text.charCodeAt(k) === 46) dots++;
        else dashes++;
      }
      decoded.push(letter);
      letters++;
      end = g;
      // separator: spaces, with `/` or `|` (or 2+ spaces) for a word break
      let s = g;
      let word = false;
      while (s < n && s - g <= MAX_SEPARATOR) {
        const c = text.charCodeAt(s);
        if (c === 47 || c === 124) word = true;
        else if (c !== 32) break;
        s++;
      }
      if (s === g || s >= n || !isMorseMark(text.charCodeAt(s))) break;
      if (word || s - g >= 2) decoded.push(' ');
      i = s;
    }
    if (ok && letters >= MIN_MORSE_LETTERS && dots > 0 && dashes > 0) {
      out.push({ layer: 'morse', start, end, text: decoded.join('') });
    }
    i = Math.max(end, i + 1);
  }
  return out;
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function isWordChar(c: number): boolean {
  return isHexDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isSeparator(c: number): boolean {
  return c === 32 || c === 44 || c === 58 || c === 9;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes of the run being read (grown by doubling; reused from run to run). */
let buffer = new Uint8Array(256);
let used = 0;
/** A buffer grown past this for one long run is dropped after the run (a long process keeps none). */
const BUFFER_KEEP = 1 << 16;

function put(byte: number): void {
  if (used === buffer.length) {
    const bigger = new Uint8Array(2 * buffer.length);
    bigger.set(buffer);
    buffer = bigger;
  }
  buffer[used++] = byte;
}

function bytesText(): string | undefined {
  try {
    return utf8.decode(buffer.subarray(0, used));
  } catch {
    return undefined;
  }
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  return (c | 32) - 87; // 'a'-'f' (callers checked isHexDigit)
}

/**
 * Reads one group at `i`: binary (exactly 8 of `0`/`1`) or hex (an optional `0x`, then 2, 4, 6
 * or 8 hex digits), standing alone as a word. Returns the group's end, or -1; with `keep`, its
 * bytes are appended to the run's buffer.
 */
function groupAt(text: string, i: number, binary: boolean, keep: boolean): number {
  const n = text.length;
  if (i > 0 && isWordChar(text.charCodeAt(i - 1))) return -1;
  let p = i;
  if (!binary && text.charCodeAt(p) === 48 && (text.charCodeAt(p + 1) | 32) === 120) p += 2;
  let e = p;
  while (e < n && e - p <= 8) {
    const c = text.charCodeAt(e);
    if (binary ? c !== 48 && c !== 49 : !isHexDigit(c)) break;
    e++;
  }
  if (e < n && isWordChar(text.charCodeAt(e))) return -1;
  const len = e - p;
  if (binary ? len !== 8 : len < 2 || len > 8 || len % 2 !== 0) return -1;
  if (!keep) return e;
  if (binary) {
    let v = 0;
    for (let k = p; k < e; k++) v = (v << 1) | (text.charCodeAt(k) - 48);
    put(v);
  } else {
    for (let k = p; k < e; k += 2)
      put((hexValue(text.charCodeAt(k)) << 4) | hexValue(text.charCodeAt(k + 1)));
  }
  return e;
}

/**
 * Where a run worth reading can be: two separated groups, the first ending in a digit-led pair
 * or a digit (every byte of ASCII text is `2x`-`7x` in hex, every octet `0xxxxxxx`). A digit or
 * `0` first lets the native search skip ahead fast; the run is then read from the start of that
 * group's word, or of a few groups before it.
 */
const BINARY_START = /0[01]{7}[ ,:\t]{1,3}[01]{8}/g;
const HEX_START = /[0-9][0-9a-fA-F]?[ ,:\t]{1,3}(?:0[xX])?[0-9a-fA-F]{2}/g;
/** Earlier groups a run is extended back over from where its first digit-led pair is. */
const LEAD_GROUPS = 3;

/** The start of the word around `at` (at most 10 characters back, not before `floor`). */
function wordStart(text: string, at: number, floor: number): number {
  let i = at;
  for (let k = 0; k < 10 && i > floor && isWordChar(text.charCodeAt(i - 1)); k++) i--;
  return i;
}

/**
 * Walks back from the group at `i` over up to {@link LEAD_GROUPS} earlier groups of the same
 * run, so that a run whose first groups have no digit-led pair (the lead bytes of a UTF-8
 * character, `e5 bf bd`) still starts at its first group.
 */
function groupsBefore(text: string, i: number, floor: number, binary: boolean): number {
  for (let k = 0; k < LEAD_GROUPS; k++) {
    let s = i;
    while (s > floor && i - s < MAX_SEPARATOR && isSeparator(text.charCodeAt(s - 1))) s--;
    if (s === i || s <= floor) break;
    const w = wordStart(text, s - 1, floor);
    if (groupAt(text, w, binary, false) !== s) break;
    i = w;
  }
  return i;
}

/** Separated binary-octet or hex-byte runs (see {@link findByteRuns}). */
function byteRuns(text: string, binary: boolean): DecodedRun[] {
  const out: DecodedRun[] = [];
  const n = text.length;
  const find = binary ? BINARY_START : HEX_START;
  let i = 0;
  while (i < n && out.length < MAX_RUNS) {
    // jump (natively) to the next place where two groups follow each other
    find.lastIndex = i;
    const m = find.exec(text);
    if (m === null) break;
    // never back before where this search resumed: what lies before was read already
    const floor = i;
    i = groupsBefore(text, wordStart(text, m.index, floor), floor, binary);
    const c = text.charCodeAt(i);
    used = 0;
    const first = (binary ? c === 48 || c === 49 : isHexDigit(c))
      ? groupAt(text, i, binary, true)
      : -1;
    if (first < 0) {
      // skip the rest of this word: no group starts inside it
      i++;
      if (isWordChar(c)) while (i < n && isWordChar(text.charCodeAt(i))) i++;
      continue;
    }
    const start = i;
    let end = first;
    let groups = 1;
    for (;;) {
      let s = end;
      while (s < n && s - end < MAX_SEPARATOR && isSeparator(text.charCodeAt(s))) s++;
      if (s === end) break;
      const next = groupAt(text, s, binary, true);
      if (next < 0) break;
      end = next;
      groups++;
    }
    if (groups >= 2 && used >= MIN_BYTES) {
      const t = bytesText();
      if (t !== undefined && readable(t)) {
        out.push({ layer: binary ? 'binary' : 'hex', start, end, text: t });
      }
    }
    i = end;
  }
  if (buffer.length > BUFFER_KEEP) buffer = new Uint8Array(256);
  return out;
}

/**
 * Bytes spelled out as separated groups: binary octets (`01101001 01100111`) and hex bytes
 * (`69 67`, `0x69, 0x67`, `69:67`), separated by spaces, commas or colons, at least
 * {@link MIN_BYTES} bytes and two groups, decoding to readable UTF-8. One contiguous hex run is
 * left to `findEncodedRuns`.
 */
export function findByteRuns(text: string): DecodedRun[] {
  return [...byteRuns(text, true), ...byteRuns(text, false)];
}
