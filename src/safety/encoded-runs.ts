/**
 * @module safety/encoded-runs
 * Finds encoded runs (base64 / base64url, hex, URL percent-encoding) in the original text and
 * decodes those that decode to readable text, so the scanner can scan them again. Each run is
 * decoded once and the decoded text is shorter than the run, so the work stays linear.
 */
import type { Layer } from './types.js';

/** A run that decoded to readable text. */
export interface DecodedRun {
  readonly layer: Layer;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /**
   * The decoded text stands where the run was among the same plain words (a line of entities or
   * escapes decoded whole, a URL-encoded chunk of three escapes): a finding that needs those plain
   * words (one that decoding by runs alone could not give) is read among the run's surroundings,
   * as plain words at that place are, but never below a flag (see `inPlaceFindings` in
   * `scan-layer.ts`).
   */
  readonly inPlace?: boolean;
  /**
   * For a line decoded in place: the indices (into {@link text}) of the units an escape made.
   * A finding without one is the line's plain text, found in the layer above already. Absent:
   * every unit counts as made.
   */
  readonly made?: readonly number[];
  /**
   * For a line decoded in place: the `[start, end)` pairs (into {@link text}) of the runs that
   * decoding by runs finds (at least four numeric escapes, at most 3 plain characters between
   * two). A finding inside one is read alone, as such a run always was.
   */
  readonly tight?: readonly number[];
}

/** Shortest base64 run considered. */
export const MIN_BASE64 = 20;
/** Shortest hex run considered (in hex digits). */
export const MIN_HEX = 16;
/** Fewest `%XX` escapes for a URL-encoded run. */
export const MIN_PERCENT = 4;
/**
 * Fewest `%XX` escapes for a URL-encoded run when one of them spells an ASCII character (below
 * `%80`): blanks or letters spelled out hide the words between them
 * (`Ignore%20all%20previous%20instructions`); three escapes of bytes above it are one character
 * of a non-English address (`%e2%80%ae`), decoded from four on as before.
 */
export const MIN_PERCENT_ASCII = 3;

const utf8 = new TextDecoder('utf-8', { fatal: true });

const B64 = 1;
const HEX = 2;
const DIGIT = 4;
const UPPER = 8;
const LOWER = 16;
/** Character classes of ASCII, as bit sets. */
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  let k = 0;
  if (c >= 48 && c <= 57) k |= B64 | HEX | DIGIT;
  if (c >= 65 && c <= 90) k |= B64 | UPPER | (c <= 70 ? HEX : 0);
  if (c >= 97 && c <= 122) k |= B64 | LOWER | (c <= 102 ? HEX : 0);
  if (c === 43 || c === 47 || c === 45 || c === 95) k |= B64;
  CLASS[c] = k;
}

function isB64(c: number): boolean {
  return c < 128 && (CLASS[c]! & B64) !== 0;
}

/** A digit or `=`: every run worth decoding holds one or is followed by one. */
const TRIGGER = /[0-9=]/g;

/** Units looked at one by one, after a trigger close to the previous search, before the native search. */
const NEAR = 16;
/**
 * A trigger this close to where its search began (`%69%67`: right after the `%` that ended the
 * last run) makes the next search look one by one first. A wider gap (16) made the benign
 * corpus's encoded-run search about 5% slower: dates and version numbers are near, not dense.
 */
const NEAR_GAP = 2;

/**
 * Index of the next digit or `=` at or after `from`, or -1. `test` instead of `exec`: no match
 * object, and the one-unit match ends at `lastIndex`. Where triggers are dense (`near`: the last
 * one was close to where its search began, as in `%69%67%6e...`, where every run between two
 * `%` is a trigger) the next few units are looked at one by one first, which saves a native
 * call per trigger; elsewhere the native search alone is faster (a JS look first on every call
 * was slower on the benign corpus).
 */
function nextTrigger(text: string, from: number, near: boolean): number {
  if (near) {
    const stop = Math.min(text.length, from + NEAR);
    for (let k = from; k < stop; k++) {
      const c = text.charCodeAt(k);
      if ((c >= 48 && c <= 57) || c === 61) return k;
    }
    if (stop >= text.length) return -1;
    from = stop;
  }
  TRIGGER.lastIndex = from;
  return TRIGGER.test(text) ? TRIGGER.lastIndex - 1 : -1;
}

function isHex(c: number): boolean {
  return c < 128 && (CLASS[c]! & HEX) !== 0;
}

/** True when `s` looks like human text: mostly printable, few control characters. */
export function readable(s: string): boolean {
  if (s.length < 6) return false;
  let good = 0;
  let letters = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 32 && c < 127) || c === 10 || c === 13 || c === 9 || c >= 0xa0) good++;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xc0) letters++;
  }
  return good / s.length >= 0.95 && letters / s.length >= 0.5;
}

/**
 * False when `bytes` is certainly not UTF-8: a byte that cannot start a character (a
 * continuation byte, 0xC0, 0xC1, 0xF5 and above) or a character cut short. The decoder rejects
 * all of these too (it also checks ranges this does not); most runs of hex or base64 that are not
 * text fail here, without the cost of a thrown exception.
 */
function mayBeUtf8(bytes: Uint8Array): boolean {
  const n = bytes.length;
  for (let i = 0; i < n; ) {
    const b = bytes[i++]!;
    if (b < 0x80) continue;
    const more =
      b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (more < 0 || i + more > n) return false;
    for (let k = 0; k < more; k++) if ((bytes[i++]! & 0xc0) !== 0x80) return false;
  }
  return true;
}

function bytesToText(bytes: Uint8Array): string | undefined {
  if (!mayBeUtf8(bytes)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function decodeBase64(run: string): string | undefined {
  let s = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  s = s.slice(0, s.length - (s.length % 4 === 1 ? 1 : 0));
  let bin: string;
  try {
    bin = atob(s);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytesToText(bytes);
}

/** Value of a hex digit by char code, or 255. */
const HEX_VALUE = new Uint8Array(128).fill(255);
for (let c = 0; c < 10; c++) HEX_VALUE[48 + c] = c;
for (let c = 0; c < 6; c++) {
  HEX_VALUE[65 + c] = 10 + c;
  HEX_VALUE[97 + c] = 10 + c;
}

function hexAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c < 128 ? HEX_VALUE[c]! : 255;
}

function decodeHex(run: string): string | undefined {
  const bytes = new Uint8Array(run.length >> 1);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = (hexAt(run, 2 * i) << 4) | hexAt(run, 2 * i + 1);
  return bytesToText(bytes);
}

function decodePercent(run: string): string | undefined {
  const bytes = new Uint8Array(run.length);
  let w = 0;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    if (c === 37 && i + 2 < run.length && hexAt(run, i + 1) !== 255 && hexAt(run, i + 2) !== 255) {
      bytes[w++] = (hexAt(run, i + 1) << 4) | hexAt(run, i + 2);
      i += 2;
    } else if (c === 43) bytes[w++] = 32;
    else if (c < 128) bytes[w++] = c;
    else return undefined;
  }
  return bytesToText(bytes.subarray(0, w));
}

/** Every decodable run in `text`, at most `cap` of them. */
export function findEncodedRuns(text: string, cap = 200): DecodedRun[] {
  const out: DecodedRun[] = [];
  const n = text.length;
  // base64 and hex runs: maximal runs of base64 characters (hex is a subset). A run is decoded
  // only when it holds a digit or is followed by `=` padding, so the walk jumps (natively) from
  // one digit or `=` to the next and grows the run around it; `done` keeps every character
  // visited at most twice.
  let done = 0;
  let from = 0;
  let near = false;
  while (out.length < cap) {
    const h = nextTrigger(text, from, near);
    if (h < 0) break;
    near = h - from < NEAR_GAP;
    let s = h;
    while (s > done && isB64(text.charCodeAt(s - 1))) s--;
    let i = h;
    let any = 0; // OR of the classes in the run
    let all = HEX; // AND of the HEX bit
    for (let k = s; k < h; k++) {
      const c = CLASS[text.charCodeAt(k)]!;
      any |= c;
      all &= c;
    }
    while (i < n) {
      const c = text.charCodeAt(i);
      const k = c < 128 ? CLASS[c]! : 0;
      if ((k & B64) === 0) break;
      any |= k;
      all &= k;
      i++;
    }
    done = i;
    from = i + 1;
    if (i - s < MIN_HEX) continue;
    const allHex = all !== 0;
    const upper = any & UPPER;
    const lower = any & LOWER;
    const digits = any & DIGIT;
    let e = i;
    while (e < n && text.charCodeAt(e) === 61 && e - i < 2) e++;
    const len = i - s;
    if (allHex && len >= MIN_HEX && len % 2 === 0 && digits > 0) {
      const t = decodeHex(text.slice(s, i));
      if (t !== undefined && readable(t)) out.push({ layer: 'hex', start: s, end: i, text: t });
      continue;
    }
    // base64 of 15+ bytes of text mixes cases and almost always has a digit or padding;
    // identifiers (camelCase, paths) without digits are not tried
    if (len >= MIN_BASE64 && upper > 0 && lower > 0 && (digits > 0 || e > i)) {
      const t = decodeBase64(text.slice(s, e));
      if (t !== undefined && readable(t)) out.push({ layer: 'base64', start: s, end: e, text: t });
    }
    done = e;
    from = Math.max(e, i + 1);
  }
  // URL-encoded runs: whitespace-delimited chunks with enough %XX escapes
  let i = 0;
  while (i < n && out.length < cap) {
    const p = text.indexOf('%', i);
    if (p < 0) break;
    let s = p;
    while (s > i && text.charCodeAt(s - 1) > 32) s--;
    let e = p;
    let escapes = 0;
    let ascii = false;
    while (e < n && text.charCodeAt(e) > 32 && e - s < 100_000) {
      if (
        text.charCodeAt(e) === 37 &&
        e + 2 < n &&
        isHex(text.charCodeAt(e + 1)) &&
        isHex(text.charCodeAt(e + 2))
      ) {
        escapes++;
        if (hexAt(text, e + 1) < 8) ascii = true;
      }
      e++;
    }
    if (escapes >= MIN_PERCENT || (ascii && escapes >= MIN_PERCENT_ASCII)) {
      const t = decodePercent(text.slice(s, e));
      // a chunk of three escapes (the fewest, one of them ASCII) stands among the same words:
      // read in place (see DecodedRun.inPlace); from four on it is read alone, as it always was
      if (t !== undefined && readable(t))
        out.push(
          escapes < MIN_PERCENT
            ? { layer: 'url', start: s, end: e, text: t, inPlace: true }
            : { layer: 'url', start: s, end: e, text: t },
        );
    }
    i = e + 1;
  }
  return out;
}
