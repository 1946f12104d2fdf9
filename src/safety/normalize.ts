/**
 * @module safety/normalize
 * The normalisation pipeline the phrase rules match against: NFKC-style compatibility folding,
 * diacritic stripping, case folding, removal of invisible and control characters, confusable mapping in
 * mixed-script words, de-spacing ("i g n o r e") and de-leeting ("1gn0r3"). Every normalised
 * UTF-16 unit remembers the index of the original character it came from, so findings always
 * point at the original text. One pass per step, each linear in the input.
 */
import {
  CONFUSABLE_UNITS,
  denseUnitMap,
  invisibleKind,
  isCyrillicOrGreek,
  isDroppedControl,
  isDroppedFiller,
  isWordUnit,
} from './unicode-classes.js';

/** Transformations that touched a normalised unit (bit flags). */
export const NORM_FLAG = Object.freeze({ despaced: 1, leet: 2, homoglyph: 4 });

/** A normalised view of a text, with the way back to the original. */
export interface NormalizedText {
  /** The normalised text. */
  readonly text: string;
  /** `map[k]` is the original UTF-16 index of normalised unit `k`; `map[text.length]` is the original length. */
  readonly map: Int32Array;
  /** Per normalised unit, the {@link NORM_FLAG} bits of the transformations that produced it. */
  readonly flags: Uint8Array;
}

const PUNCT_FOLD: ReadonlyMap<number, string> = new Map([
  [0x2018, "'"],
  [0x2019, "'"],
  [0x201a, "'"],
  [0x201b, "'"],
  [0x2032, "'"],
  [0x00b4, "'"],
  [0x201c, '"'],
  [0x201d, '"'],
  [0x201e, '"'],
  [0x201f, '"'],
  [0x2033, '"'],
  [0x00ab, '"'],
  [0x00bb, '"'],
  [0x2010, '-'],
  [0x2011, '-'],
  [0x2012, '-'],
  [0x2013, '-'],
  [0x2014, '-'],
  [0x2212, '-'],
  [0x3000, ' '],
]);

/**
 * Latin letter small capitals, as small-caps text generators write each letter (ᴀ ʙ ᴄ ᴅ ᴇ ꜰ ɢ ...:
 * phonetic letters, which no compatibility decomposition maps to a letter, so a sentence in them
 * passed every phrase rule; in-the-wild jailbreaks use them). Each folds to its ASCII letter.
 */
const SMALL_CAPITALS: ReadonlyMap<number, string> = new Map([
  [0x1d00, 'a'],
  [0x0299, 'b'],
  [0x1d04, 'c'],
  [0x1d05, 'd'],
  [0x1d07, 'e'],
  [0xa730, 'f'],
  [0x0262, 'g'],
  [0x029c, 'h'],
  [0x026a, 'i'],
  [0x1d0a, 'j'],
  [0x1d0b, 'k'],
  [0x029f, 'l'],
  [0x1d0d, 'm'],
  [0x0274, 'n'],
  [0x1d0f, 'o'],
  [0x1d18, 'p'],
  [0xa7af, 'q'],
  [0x0280, 'r'],
  [0xa731, 's'],
  [0x1d1b, 't'],
  [0x1d1c, 'u'],
  [0x1d20, 'v'],
  [0x1d21, 'w'],
  [0x028f, 'y'],
  [0x1d22, 'z'],
]);

const MARKS = /[\u0300-\u036f\u064b-\u065f\u0670\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/g;
const FOLD_CACHE = new Map<number, string>();
/** BMP code points whose fold is one unit: `FOLD1[cp]` is that unit + 1 (0 = not cached). */
const FOLD1 = new Uint32Array(0x10000);

/**
 * Folds one non-ASCII code point: compatibility decomposition, combining marks removed,
 * recomposed, lower-cased. Also used on rule phrases, so text and phrases fold alike.
 */
export function foldCodePoint(cp: number): string {
  let f = FOLD_CACHE.get(cp);
  if (f === undefined) {
    f = PUNCT_FOLD.get(cp) ?? SMALL_CAPITALS.get(cp);
    if (f === undefined) {
      f = String.fromCodePoint(cp)
        .normalize('NFKD')
        .replace(MARKS, '')
        .normalize('NFC')
        .toLowerCase();
    }
    if (FOLD_CACHE.size < 50_000) FOLD_CACHE.set(cp, f);
  }
  return f;
}

/** Folds a whole string the way {@link normalize} folds text (no de-spacing / de-leeting). */
export function foldString(s: string): string {
  // printable ASCII only changes case (most rule phrases: building the phrase matcher folds
  // thousands of them once per process)
  if (PRINTABLE_ASCII.test(s)) return s.toLowerCase();
  // pass 1 alone, as normalize() runs it without obfuscation, minus the map and flags it returns
  const first = fold(s, s.length + 64);
  const { a } = first ?? fold(s, 18 * s.length + 64)!;
  const len = foldedLength;
  if (len > 1024) return decodeUnits(a, len);
  for (let k = 0; k < len; k++) {
    const u = a[k]!;
    // the UTF-16 decoder turns lone surrogates into U+FFFD: let it decide
    if (u >= 0xd800 && u <= 0xdfff) return decodeUnits(a, len);
  }
  // short strings: one native call per string is cheaper than the decoder's per-call cost
  return String.fromCharCode.apply(null, a.subarray(0, len) as unknown as number[]);
}

const PRINTABLE_ASCII = /^[\t\n\f\r\x20-\x7e]*$/;

/** Leetspeak digits and signs, mapped to the letters they stand for. */
export const LEET: ReadonlyMap<number, number> = new Map(
  (
    [
      ['0', 'o'],
      ['1', 'i'],
      ['3', 'e'],
      ['4', 'a'],
      ['5', 's'],
      ['7', 't'],
      ['@', 'a'],
      ['$', 's'],
    ] as const
  ).map(([a, b]) => [a.charCodeAt(0), b.charCodeAt(0)]),
);

/** {@link LEET} as a dense table (see {@link denseUnitMap}). */
export const LEET_UNITS: Uint16Array = denseUnitMap(LEET);

function isSeparator(u: number): boolean {
  return u === 0x20 || u === 0x2e || u === 0x2d || u === 0x5f || u === 0x2a || u === 0x09;
}
/** Minimum number of spaced-out single letters before they are joined. */
export const MIN_SPACED_LETTERS = 4;

/**
 * The separator a run of spaced-out letters is joined over, the run being its letters at `from`,
 * `from + 2`, ... `to` with one separator between each two (`unitAt` reads a unit): the kind of
 * separator it holds most often (the first one's kind on a tie). Separators of another kind stay
 * as word breaks, so `i.g.n.o.r.e a.l.l` reads `ignore all`, where joining over every separator
 * made one word of the whole sentence.
 */
export function joinedSeparator(unitAt: (k: number) => number, from: number, to: number): number {
  const count = SEPARATOR_COUNT;
  const kinds: number[] = []; // in order of first appearance
  for (let k = from + 1; k < to; k += 2) {
    const u = unitAt(k);
    const seen = count[u]!;
    count[u] = seen + 1;
    if (seen === 0) kinds.push(u);
  }
  let best = kinds[0]!;
  for (const u of kinds) if (count[u]! > count[best]!) best = u;
  for (const u of kinds) count[u] = 0;
  return best;
}

/** Scratch of {@link joinedSeparator}: a count per separator unit (all are ASCII), zero between calls. */
const SEPARATOR_COUNT = new Int32Array(128);

let foldedLength = 0;

/**
 * Scratch buffers reused across calls (grown, never shrunk below {@link SCRATCH_KEEP}), so a scan
 * does not allocate and zero-fill fresh arrays per text. Only the results are copied out.
 */
let scratchA = new Uint16Array(1024);
let scratchM = new Int32Array(1024);
let scratchF = new Uint8Array(1024);
const SCRATCH_KEEP = 1 << 22;

function scratch(cap: number): void {
  if (scratchA.length >= cap && (scratchA.length <= SCRATCH_KEEP || cap > SCRATCH_KEEP >> 2))
    return;
  const size = Math.max(1024, cap);
  scratchA = new Uint16Array(size);
  scratchM = new Int32Array(size);
  scratchF = new Uint8Array(size);
}

/** Pass 1 into buffers of `cap` units; undefined when they would overflow. Sets {@link foldedLength}. */
function fold(input: string, cap: number): { a: Uint16Array; m: Int32Array } | undefined {
  const n = input.length;
  scratch(cap + 1);
  const a = scratchA;
  const m = scratchM;
  let len = 0;
  for (let i = 0; i < n; i++) {
    const u = input.charCodeAt(i);
    if (u < 0xa0 ? isDroppedControl(u) : u >= 0x115f && isDroppedFiller(u)) continue;
    if (u < 128) {
      a[len] = u >= 65 && u <= 90 ? u + 32 : u;
      m[len] = i;
      len++;
      continue;
    }
    if (u < 0xd800 || u > 0xdfff) {
      const one = FOLD1[u]!;
      if (one !== 0) {
        // cached single-unit fold (never set for invisible characters)
        a[len] = one - 1;
        m[len] = i;
        len++;
        continue;
      }
    }
    let cp = u;
    let width = 1;
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < n) {
      const lo = input.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = (u - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    if (invisibleKind(cp) !== undefined) {
      i += width - 1;
      continue;
    }
    const f = width === 2 && cp >= 0x1f000 ? input.slice(i, i + 2) : foldCodePoint(cp);
    if (width === 1 && f.length === 1) FOLD1[cp] = f.charCodeAt(0) + 1;
    if (len + f.length + (n - i - width) > cap) return undefined;
    for (let k = 0; k < f.length; k++) {
      a[len] = f.charCodeAt(k);
      m[len] = i;
      len++;
    }
    i += width - 1;
  }
  foldedLength = len;
  return { a, m };
}

/** Normalises `input` for matching. `obfuscation: false` skips de-spacing, de-leeting and confusables. */
export function normalize(input: string, options: { obfuscation?: boolean } = {}): NormalizedText {
  const obfuscation = options.obfuscation ?? true;
  const n = input.length;
  // pass 1: folding and invisible removal, into buffers sized for the common case; a text whose
  // folds expand a lot is redone with room for the worst case (18 units per code point, U+FDFA).
  const first = fold(input, n + 64);
  const { a, m } = first ?? fold(input, 18 * n + 64)!;
  let len = foldedLength;
  a[len] = 0; // the scratch buffers hold earlier texts past `len`
  const flags = scratchF;
  flags.fill(0, 0, len + 1);
  if (obfuscation) {
    len = despace(a, m, flags, len);
    mapWords(a, flags, len);
  }
  const map = new Int32Array(len + 1);
  map.set(m.subarray(0, len));
  map[len] = n;
  const text = decodeUnits(a, len);
  return { text, map, flags: flags.slice(0, len + 1) };
}

function isolatedLetter(a: Uint16Array, len: number, p: number): boolean {
  return (
    p < len &&
    isWordUnit(a[p]!) &&
    (p === 0 || !isWordUnit(a[p - 1]!)) &&
    (p + 1 >= len || !isWordUnit(a[p + 1]!))
  );
}

/** Is there a run of {@link MIN_SPACED_LETTERS} isolated letters, each followed by one separator? One pass. */
function hasSpacedRun(a: Uint16Array, len: number): boolean {
  let w0 = false;
  let w1 = len > 0 && isWordUnit(a[0]!);
  let count = 0;
  let expect = -1;
  for (let p = 0; p < len; p++) {
    const w2 = p + 1 < len && isWordUnit(a[p + 1]!);
    if (w1 && !w0 && !w2) {
      count = p === expect ? count + 1 : 1;
      if (count >= MIN_SPACED_LETTERS) return true;
      expect = p + 1 < len && isSeparator(a[p + 1]!) ? p + 2 : -1;
    }
    w0 = w1;
    w1 = w2;
  }
  return false;
}

/**
 * {@link hasSpacedRun} over `s.slice(from, to)` (the folded text before de-spacing); the slice
 * edges count as non-letters, so a slice can only find more runs than the whole text, never fewer
 * inside it.
 */
export function spacedRunIn(s: string, from = 0, to = s.length): boolean {
  const len = to;
  let w0 = false;
  let w1 = from < len && isWordUnit(s.charCodeAt(from));
  let count = 0;
  let expect = -1;
  for (let p = from; p < len; p++) {
    const w2 = p + 1 < len && isWordUnit(s.charCodeAt(p + 1));
    if (w1 && !w0 && !w2) {
      count = p === expect ? count + 1 : 1;
      if (count >= MIN_SPACED_LETTERS) return true;
      expect = p + 1 < len && isSeparator(s.charCodeAt(p + 1)) ? p + 2 : -1;
    }
    w0 = w1;
    w1 = w2;
  }
  return false;
}

/** Pass 2: joins runs of isolated single letters separated by one separator. Returns the new length. */
function despace(a: Uint16Array, m: Int32Array, flags: Uint8Array, len: number): number {
  if (!hasSpacedRun(a, len)) return len;
  let w = 0;
  let p = 0;
  while (p < len) {
    if (!isSeparator(a[p + 1] ?? 0) || !isolatedLetter(a, len, p)) {
      a[w] = a[p]!;
      m[w] = m[p]!;
      flags[w] = flags[p]!;
      w++;
      p++;
      continue;
    }
    let q = p;
    let count = 1;
    while (q + 2 < len && isSeparator(a[q + 1]!) && isolatedLetter(a, len, q + 2)) {
      q += 2;
      count++;
    }
    const join = count >= MIN_SPACED_LETTERS;
    const joined = join ? joinedSeparator((k) => a[k]!, p, q) : -1;
    for (let k = p; k <= q; k++) {
      const separator = (k - p) % 2 === 1;
      if (join && separator && a[k] === joined) continue;
      a[w] = a[k]!;
      m[w] = m[k]!;
      flags[w] = join && !separator ? NORM_FLAG.despaced : flags[k]!;
      w++;
    }
    p = q + 1;
  }
  return w;
}

/**
 * Pass 3: per word, confusables (mixed Latin with Cyrillic/Greek) and leetspeak (letters with
 * digits), in place over `a[0, len)`, marking `flags`.
 */
export function mapWords(a: Uint16Array, flags: Uint8Array, len: number): void {
  let p = 0;
  while (p < len) {
    const u0 = a[p]!;
    if (!isWordUnit(u0)) {
      p++;
      continue;
    }
    let q = p;
    let latin = 0;
    let cyrGreek = 0;
    let leet = 0;
    while (q < len) {
      const u = a[q]!;
      if (u >= 97 && u <= 122) latin++;
      else if (u >= 48 && u <= 57) {
        if (u !== 50 && u !== 54 && u !== 56 && u !== 57) leet++;
      } else if (u === 0x40 || u === 0x24) {
        if (!(q > p && q + 1 < len && isWordUnit(a[q + 1]!))) break;
        leet++;
      } else if (!isWordUnit(u)) break;
      else if (isCyrillicOrGreek(u)) cyrGreek++;
      q++;
    }
    if (latin > 0 && cyrGreek > 0) {
      for (let k = p; k < q; k++) {
        const u = a[k]!;
        const to = u < CONFUSABLE_UNITS.length ? CONFUSABLE_UNITS[u]! : 0;
        if (to !== 0) {
          a[k] = to;
          flags[k]! |= NORM_FLAG.homoglyph;
        }
      }
    }
    if (leet > 0 && latin >= 3 && cyrGreek === 0) {
      for (let k = p; k < q; k++) {
        const u = a[k]!;
        const to = u < LEET_UNITS.length ? LEET_UNITS[u]! : 0;
        if (to !== 0) {
          a[k] = to;
          flags[k]! |= NORM_FLAG.leet;
        }
      }
    }
    p = q;
  }
}

const UTF16 = new TextDecoder('utf-16le');

function decodeUnits(a: Uint16Array, len: number): string {
  return UTF16.decode(a.subarray(0, len));
}

/** The original index just past the character that produced normalised unit `k`. */
export function originalEnd(norm: NormalizedText, original: string, k: number): number {
  const at = norm.map[k]!;
  const u = original.charCodeAt(at);
  return u >= 0xd800 && u <= 0xdbff && at + 1 < original.length ? at + 2 : at + 1;
}
