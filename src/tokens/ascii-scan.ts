/**
 * @module tokens/ascii-scan
 * The o200k split pattern on ASCII text, written out as a scanner over character codes.
 *
 * {@link asciiPreTokenEnd} returns where the pattern's match from a position ends, without a
 * `RegExp` call, a match array or a substring: with the JIT warm, much of a count's time went to
 * the regular expression's matches and to collecting the strings they made (until the JIT has
 * compiled it the scanner is slower than the pattern: see `SCAN_AFTER_UNITS` in o200k.ts). It follows the
 * pattern's alternatives in order (letters with an optional leading character and a contraction,
 * up to three digits, a punctuation run with trailing newlines or slashes, whitespace ending in a
 * newline, whitespace not followed by a non-space, whitespace), each as the backtracking engine
 * resolves it on ASCII (see `O200K_ASCII_SPLIT_SOURCE` in o200k.ts, the same pattern spelled as a
 * regular expression; the tests compare the two).
 *
 * Characters from `limit` on are not looked at: a match that would have to look at the
 * character at `limit` (one outside ASCII, unless `limit` is the end of the text) is refused
 * (`-1`), and the caller matches that position with the Unicode pattern, as it did when the ASCII
 * expression's match reached past the ASCII stretch.
 */

const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
/** `\s` in ASCII: tab, line feed, vertical tab, form feed, carriage return, space. */
const SPACE = 8;
/** `[^\s\p{L}\p{N}]` in ASCII. */
const PUNCT = 16;
/** `[^\r\n\p{L}\p{N}]` in ASCII: the optional character before letters. */
const LEAD = 32;
const NEWLINE = 64;
/** `[\r\n/]`: what may follow a punctuation run. */
const TRAIL = 128;

/** The classes of each ASCII character. */
const CLASSES = (() => {
  const c = new Uint8Array(128);
  for (let i = 0; i < 128; i++) {
    if (i >= 65 && i <= 90) c[i] = UPPER;
    else if (i >= 97 && i <= 122) c[i] = LOWER;
    else if (i >= 48 && i <= 57) c[i] = DIGIT;
    else if ((i >= 9 && i <= 13) || i === 32) c[i] = SPACE | (i === 10 || i === 13 ? 0 : LEAD);
    else c[i] = PUNCT | LEAD;
  }
  c[10] = c[10]! | NEWLINE | TRAIL;
  c[13] = c[13]! | NEWLINE | TRAIL;
  c[47] = c[47]! | TRAIL;
  return c;
})();

/** The classes of `text[i]`, 0 from `limit` on (`text` is ASCII before `limit`). */
function classAt(text: string, i: number, limit: number): number {
  return i < limit ? CLASSES[text.charCodeAt(i)]! : 0;
}

/**
 * The first index from `i` whose character has none of the classes `mask`, `limit` at most. One
 * call per run, not per character: until the JIT has compiled the scanner (a fresh process
 * counts its first tens of thousands of tokens that way) a call costs more than a loop step.
 */
function runEnd(text: string, i: number, limit: number, mask: number): number {
  while (i < limit && (CLASSES[text.charCodeAt(i)]! & mask) !== 0) i++;
  return i;
}

/** `text[i]` folded to lower case if a letter (other codes change too: callers compare with letters), 0 from `limit` on. */
function lower(text: string, i: number, limit: number): number {
  return i < limit ? text.charCodeAt(i) | 0x20 : 0;
}

/** The furthest index the last match looked at. */
let far = 0;

/**
 * End of the letters alternatives from `p` (`-2`: they do not match), with the furthest index
 * looked at in {@link far}.
 */
function lettersEnd(text: string, p: number, limit: number, first: number): number {
  const q = (first & LEAD) !== 0 ? p + 1 : p;
  let i = runEnd(text, q, limit, UPPER);
  if ((classAt(text, i, limit) & LOWER) !== 0) i = runEnd(text, i + 1, limit, LOWER);
  else if (i === q) return -2;
  // an optional contraction: 's 'd 'm 't 'll 've 're, either case
  far = i;
  if (i >= limit || text.charCodeAt(i) !== 39) return i;
  far = i + 1;
  const a = lower(text, i + 1, limit);
  if (a === 115 || a === 100 || a === 109 || a === 116) return i + 2;
  if (a !== 108 && a !== 118 && a !== 114) return i;
  far = i + 2;
  const b = lower(text, i + 2, limit);
  return (a === 108 ? b === 108 : b === 101) ? i + 3 : i;
}

/** End of the whitespace alternatives from `p` (`text[p]` is whitespace). */
function spaceEnd(text: string, p: number, limit: number): number {
  const i = runEnd(text, p, limit, SPACE);
  far = i;
  // `\s*[\r\n]+`: up to the run's last newline
  let k = i - 1;
  while (k >= p && (CLASSES[text.charCodeAt(k)]! & NEWLINE) === 0) k--;
  if (k >= p) return k + 1;
  // `\s+(?!\S)`: all of it at the end of the text, else all but the last; `\s+` for one
  if (i >= text.length || i - p < 2) return i;
  return i - 1;
}

/**
 * End of the o200k split pattern's match at `p` in `text`, which is ASCII from `p` to `limit`
 * (`p < limit <= text.length`), or -1 when the match would depend on the character at `limit`.
 */
export function asciiPreTokenEnd(text: string, p: number, limit: number): number {
  const first = CLASSES[text.charCodeAt(p)]!;
  let end = -2;
  if ((first & (UPPER | LOWER | LEAD)) !== 0) end = lettersEnd(text, p, limit, first);
  if (end === -2) {
    if ((first & DIGIT) !== 0) {
      end = p + 1;
      while (end < p + 3 && (classAt(text, end, limit) & DIGIT) !== 0) end++;
      far = end < p + 3 ? end : end - 1;
    } else if (
      (first & PUNCT) !== 0 ||
      (text.charCodeAt(p) === 32 && (classAt(text, p + 1, limit) & PUNCT) !== 0)
    ) {
      // ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
      end = runEnd(text, (first & PUNCT) !== 0 ? p + 1 : p + 2, limit, PUNCT);
      end = runEnd(text, end, limit, TRAIL);
      far = end;
    } else {
      end = spaceEnd(text, p, limit);
    }
  }
  return far >= limit && limit < text.length ? -1 : end;
}
