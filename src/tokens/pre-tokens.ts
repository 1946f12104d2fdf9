/**
 * @module tokens/pre-tokens
 * The o200k split pattern's pre-tokens, found by a hand-written scanner over ASCII text.
 *
 * Running the tokenizer's split pattern (`O200K_TOKEN_SPLIT_REGEX`, seven Unicode-property
 * alternatives) allocates a match array per pre-token and was a third of a cold count. Over ASCII
 * the pattern's classes are plain ranges (letters `A-Z` / `a-z`, digits `0-9`, whitespace
 * `\t \n \v \f \r` and space), so {@link asciiPreTokenEnd} decides each pre-token by the same
 * ordered alternatives, with the same backtracking, on character codes. Any decision that would
 * look at a character outside ASCII returns -1, and the caller runs the pattern itself (sticky, at
 * the same position) for that one pre-token: the pre-tokens are always the pattern's.
 */

/** Character kinds over ASCII: 1 upper-case letter, 2 lower-case, 3 digit, 4 newline (`\r \n`), 5 other whitespace, 0 other. */
const KIND = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (c >= 65 && c <= 90) KIND[c] = 1;
  else if (c >= 97 && c <= 122) KIND[c] = 2;
  else if (c >= 48 && c <= 57) KIND[c] = 3;
  else if (c === 10 || c === 13) KIND[c] = 4;
  else if (c === 9 || c === 11 || c === 12 || c === 32) KIND[c] = 5;
}
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const NEWLINE = 4;
const SPACE = 5;
const OTHER = 0;
/** Returned for a position whose pre-token needs the pattern itself. */
const NEEDS_PATTERN = -1;
/** A character code outside ASCII, as a kind: no decision may rest on it. */
const WIDE = 9;

function kindAt(text: string, i: number): number {
  if (i >= text.length) return -2; // the end of the text
  const c = text.charCodeAt(i);
  return c < 128 ? KIND[c]! : WIDE;
}

/** The end of `'s 'd 'm 't 'll 've 're` (any case) at `i`, or `i` when there is none; -1 when undecidable. */
function contractionEnd(text: string, i: number): number {
  if (text.charCodeAt(i) !== 39) return i;
  const a = text.charCodeAt(i + 1) | 0x20;
  if (a === 0x73 || a === 0x64 || a === 0x6d || a === 0x74) return i + 2; // s d m t
  const b = text.charCodeAt(i + 2) | 0x20;
  if ((a === 0x6c && b === 0x6c) || (a === 0x76 && b === 0x65) || (a === 0x72 && b === 0x65))
    return i + 3; // ll ve re
  return i;
}

/**
 * The letter alternatives at `from` (after an optional prefix): `[A-Z]*[a-z]+` or `[A-Z]+[a-z]*`,
 * then an optional contraction. The end, 0 when neither matches, -1 when undecidable.
 */
function lettersEnd(text: string, from: number): number {
  let j = from;
  let k = kindAt(text, j);
  while (k === UPPER) k = kindAt(text, ++j);
  while (k === LOWER) k = kindAt(text, ++j);
  if (k === WIDE) return NEEDS_PATTERN; // a wider letter or mark could continue either run
  // [A-Z]*[a-z]+ when a lower-case letter follows the upper-case run, else [A-Z]+[a-z]*
  return j === from ? 0 : contractionEnd(text, j);
}

/** The end of the whitespace run starting at `i`, or -1 when it reaches a character outside ASCII. */
function spaceRunEnd(text: string, i: number): number {
  let e = i;
  let k = kindAt(text, e);
  while (k === SPACE || k === NEWLINE) k = kindAt(text, ++e);
  return k === WIDE ? NEEDS_PATTERN : e;
}

function whitespaceEnd(text: string, i: number): number {
  const e = spaceRunEnd(text, i);
  if (e < 0) return NEEDS_PATTERN;
  // \s*[\r\n]+ : up to the last newline of the run
  for (let p = e - 1; p >= i; p--) if (KIND[text.charCodeAt(p)] === NEWLINE) return p + 1;
  // \s+(?!\S) : the run but its last character, unless the run ends the text
  if (e === text.length || e - i === 1) return e; // \s+(?!\S) whole, or \s+ alone
  return e - 1;
}

/** ` ?[^\s\p{L}\p{N}]+[\r\n/]*` at `i` (whose character is a space or other); 0 when it does not match. */
function symbolsEnd(text: string, i: number): number {
  let j = i;
  let k = kindAt(text, j);
  if (text.charCodeAt(j) === 32) k = kindAt(text, ++j);
  if (k === WIDE) return NEEDS_PATTERN;
  if (k !== OTHER) return 0;
  while (k === OTHER) k = kindAt(text, ++j);
  if (k === WIDE) return NEEDS_PATTERN;
  for (let c = text.charCodeAt(j); c === 10 || c === 13 || c === 47; c = text.charCodeAt(++j)) {}
  return j;
}

/**
 * The end of the pre-token the o200k split pattern matches at `i` (`i < text.length`), or -1
 * when deciding it needs a character outside ASCII.
 */
export function asciiPreTokenEnd(text: string, i: number): number {
  const k = kindAt(text, i);
  if (k === WIDE) return NEEDS_PATTERN;
  if (k === UPPER || k === LOWER) return lettersEnd(text, i);
  if (k === DIGIT) {
    let j = i + 1;
    while (j < i + 3 && kindAt(text, j) === DIGIT) j++;
    return j < i + 3 && kindAt(text, j) === WIDE ? NEEDS_PATTERN : j;
  }
  // a prefix character (not \r \n, a letter or a digit) before letters
  if (k !== NEWLINE) {
    const letters = lettersEnd(text, i + 1);
    if (letters !== 0) return letters;
  }
  if (k === OTHER || text.charCodeAt(i) === 32) {
    const symbols = symbolsEnd(text, i);
    if (symbols !== 0) return symbols;
  }
  return whitespaceEnd(text, i);
}
