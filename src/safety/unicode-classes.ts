/**
 * @module safety/unicode-classes
 * Character classes the normaliser and the hidden-text rules share. Everything here is a
 * constant-time lookup (with a per-code-unit cache for the Unicode property tests).
 */

/** Kinds of invisible character the scanner distinguishes. */
export type InvisibleKind = 'zero-width' | 'joiner' | 'bidi-mark' | 'bidi-control' | 'tag' | 'bom';

/**
 * Control characters the normalisation drops, like invisible characters, so a control inside a
 * word does not hide it from the phrase rules (`Ign<ESC>ore`, NUL-interleaved UTF-16): C0 controls
 * except tab, newline, form feed and carriage return; DEL; C1 controls. Reported apart by the
 * hidden-text rules (`hidden.control-char`).
 */
export function isDroppedControl(u: number): boolean {
  return u <= 0x08 || u === 0x0b || (u >= 0x0e && u <= 0x1f) || (u >= 0x7f && u <= 0x9f);
}

/**
 * Units that render as nothing and that the normalisation drops besides controls: variation
 * selectors (U+FE00-FE0F; emoji keep their look without them) and Hangul fillers.
 */
export function isDroppedFiller(u: number): boolean {
  return (
    (u >= 0xfe00 && u <= 0xfe0f) || u === 0x115f || u === 0x1160 || u === 0x3164 || u === 0xffa0
  );
}

/** Classifies a code point as invisible, or returns undefined. */
export function invisibleKind(cp: number): InvisibleKind | undefined {
  if (cp < 0x00ad) return undefined;
  if (cp === 0x00ad || cp === 0x200b || cp === 0x2060 || cp === 0x180e || cp === 0x034f) {
    return 'zero-width';
  }
  if (cp >= 0x2061 && cp <= 0x2064) return 'zero-width';
  if (cp === 0x200c || cp === 0x200d) return 'joiner';
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'bidi-mark';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi-control';
  if (cp === 0xfeff) return 'bom';
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  return undefined;
}

const WORD_CACHE = new Uint8Array(0x10000); // 0 unknown, 1 word, 2 not word
const LETTER_OR_NUMBER = /[\p{L}\p{N}\p{M}]/u;

/** True when a UTF-16 code unit is a letter, digit or combining mark (surrogates: false). */
export function isWordUnit(u: number): boolean {
  if (u < 128) {
    return (u >= 97 && u <= 122) || (u >= 48 && u <= 57) || (u >= 65 && u <= 90);
  }
  if (u >= 0xd800 && u <= 0xdfff) return false;
  let c = WORD_CACHE[u]!;
  if (c === 0) {
    c = LETTER_OR_NUMBER.test(String.fromCharCode(u)) ? 1 : 2;
    WORD_CACHE[u] = c;
  }
  return c === 1;
}

/** True for scripts written right to left (Hebrew, Arabic, Syriac, Thaana, NKo, ...). */
export function isRtl(cp: number): boolean {
  return (
    (cp >= 0x0590 && cp <= 0x08ff) ||
    (cp >= 0xfb1d && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff) ||
    (cp >= 0x10800 && cp <= 0x10fff) ||
    (cp >= 0x1e800 && cp <= 0x1efff)
  );
}

/** Scripts whose orthography uses ZWJ / ZWNJ: Arabic (Persian, Urdu), Indic, Sinhala, Khmer. */
export function usesJoiners(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x06ff) ||
    (cp >= 0x0900 && cp <= 0x0dff) ||
    (cp >= 0x1780 && cp <= 0x17ff)
  );
}

/** Pictographic code points (emoji) and the modifiers used inside emoji sequences. */
export function isEmojiPart(cp: number): boolean {
  return (
    (cp >= 0x1f000 && cp <= 0x1faff) ||
    (cp >= 0x2600 && cp <= 0x27bf) ||
    cp === 0xfe0f ||
    cp === 0x20e3 ||
    (cp >= 0x2190 && cp <= 0x21ff) ||
    (cp >= 0x2b00 && cp <= 0x2bff) ||
    cp === 0x00a9 ||
    cp === 0x00ae ||
    cp === 0x2122 ||
    (cp >= 0x2300 && cp <= 0x23ff)
  );
}

/** Cyrillic and Greek letters that look like Latin ones (lower case, after case folding). */
export const CONFUSABLES: ReadonlyMap<number, number> = new Map(
  (
    [
      ['а', 'a'],
      ['в', 'b'],
      ['е', 'e'],
      ['ё', 'e'],
      ['к', 'k'],
      ['м', 'm'],
      ['н', 'h'],
      ['о', 'o'],
      ['р', 'p'],
      ['с', 'c'],
      ['т', 't'],
      ['у', 'y'],
      ['х', 'x'],
      ['ѕ', 's'],
      ['і', 'i'],
      ['ј', 'j'],
      ['ԁ', 'd'],
      ['ԛ', 'q'],
      ['ԝ', 'w'],
      ['һ', 'h'],
      ['ӏ', 'l'],
      ['α', 'a'],
      ['β', 'b'],
      ['ε', 'e'],
      ['η', 'n'],
      ['ι', 'i'],
      ['κ', 'k'],
      ['ν', 'v'],
      ['ο', 'o'],
      ['ρ', 'p'],
      ['τ', 't'],
      ['υ', 'u'],
      ['χ', 'x'],
      ['γ', 'y'],
      ['ѡ', 'w'],
      ['ɑ', 'a'],
      ['ı', 'i'],
      ['ɡ', 'g'],
    ] as const
  ).map(([from, to]) => [from.charCodeAt(0), to.charCodeAt(0)]),
);

/**
 * A unit-to-unit map as a dense table indexed by code unit (0: not mapped), for hot loops where a
 * `Map` look-up per unit costs too much. No map here sends a unit to U+0000.
 */
export function denseUnitMap(map: ReadonlyMap<number, number>): Uint16Array {
  const table = new Uint16Array(Math.max(0, ...map.keys()) + 1);
  for (const [from, to] of map) table[from] = to;
  return table;
}

/** {@link CONFUSABLES} as a dense table (see {@link denseUnitMap}). */
export const CONFUSABLE_UNITS: Uint16Array = denseUnitMap(CONFUSABLES);

/** True for Cyrillic or Greek code units. */
export function isCyrillicOrGreek(u: number): boolean {
  return (u >= 0x0370 && u <= 0x03ff) || (u >= 0x0400 && u <= 0x052f);
}
