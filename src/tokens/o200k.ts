/**
 * @module tokens/o200k
 * The o200k_base counter (GPT-4o family) on gpt-tokenizer's rank table, with our own caches.
 *
 * - The rank table is loaded on the first count, not on import, so a process that never counts
 *   (`ctxloom --version`) never pays for it: the copy the build step stored as bytes
 *   (`o200k-ranks.cjs`, decoded by rank-table.ts in milliseconds) when present, else
 *   gpt-tokenizer's own (2.4 MB of JavaScript, about 0.12 s to compile and index).
 * - Text is cut into pre-tokens with the tokenizer's own split pattern; each pre-token's count is
 *   kept in a {@link BoundedCache} (hits never reorder, see bounded-cache.ts), and the library's
 *   own merge cache is switched off. The sum of the pre-tokens' counts is the library's count of
 *   the whole text: the BPE never merges across pre-tokens.
 * - Only a pre-token longer than {@link MAX_UNSPLIT_RUN} is cut, because the pure-JS BPE is
 *   quadratic in the length of one pre-token. Base64, hex and minified code are made of short
 *   pre-tokens and are counted exactly.
 * - Whole texts of at least {@link TEXT_MEMO_MIN_CHARS} characters are memoised by content, so the
 *   same text counted twice (a stub, a summary, a section) is tokenised once.
 * - Two paths cut the ASCII stretches, with the same pre-tokens: the ASCII pattern (native code
 *   from the first call) and, once the process has counted {@link SCAN_AFTER_UNITS} units and the
 *   JIT has something to compile, {@link countScanned} (ascii-scan.ts's scanner, short pieces
 *   counted by ascii-piece-cache.ts without a string).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as O200kModule from 'gpt-tokenizer/encoding/o200k_base';
import {
  clearShortAsciiPieces,
  countShortAsciiPiece,
  SHORT_ASCII_PIECE,
} from './ascii-piece-cache.js';
import { asciiPreTokenEnd } from './ascii-scan.js';
import { BoundedCache } from './bounded-cache.js';
import type { TokenCounter } from './counter.js';
import {
  countPieceTokens,
  decodeRankTable,
  decodeRankTableImage,
  isAsciiToken,
  type RankTable,
} from './rank-table.js';

/**
 * Longest pre-token handed to the BPE in one piece (UTF-16 units). Pure-JS BPE is quadratic in
 * the length of one pre-token (100 KB of `abab…` took 13.5 s, 80,000 spaces 4.6 s), so a longer
 * pre-token (a run of letters, of punctuation or of whitespace) is cut into pieces of this many
 * units, never inside a surrogate pair, and counted piece by piece; the count may then differ
 * from the exact one by about one token per cut. Text made of shorter pre-tokens is exact.
 */
export const MAX_UNSPLIT_RUN = 256;

/** Texts at least this long are memoised by content. */
export const TEXT_MEMO_MIN_CHARS = 64;

type Library = typeof O200kModule;

/**
 * The two steps of gpt-tokenizer 4's encoder we call per pre-token: the whole-piece rank lookup
 * and the BPE merge. They are not public API, so they are looked up by name and checked; when
 * they are missing (another version) each pre-token is counted with the public `countTokens`,
 * which gives the same counts, only slower.
 */
interface PieceEncoder {
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): readonly number[];
}

const requireCjs = createRequire(import.meta.url);
let library: Library | undefined;
let encoder: PieceEncoder | null = null;
let splitPattern: RegExp | undefined;
/** Our typed-array copy of the rank table (undefined: not tried yet; null: not built). */
let table: RankTable | null | undefined;

/**
 * The rank table the build step stored next to this module: `o200k-ranks.bin` (the table and its
 * hash slots, read as one file, nothing to compile or hash), else `o200k-ranks.cjs` (the table as
 * base64, decoded and hashed in some tens of milliseconds), where gpt-tokenizer's takes about
 * 0.12 s to load. Without either (the sources run directly, a build without the step) the
 * library's table is used, with the same counts.
 */
function rankTable(): RankTable | null {
  if (table === undefined) {
    table = null;
    try {
      table =
        decodeRankTableImage(readFileSync(new URL('./o200k-ranks.bin', import.meta.url))) ?? null;
    } catch {
      // no image: the base64 copy
    }
    if (table === null) {
      try {
        const stored = requireCjs('./o200k-ranks.cjs') as unknown;
        if (typeof stored === 'string')
          table = decodeRankTable(Buffer.from(stored, 'base64')) ?? null;
      } catch {
        // not built: gpt-tokenizer's table
      }
    }
  }
  return table;
}

function lib(): Library {
  if (library === undefined) {
    // Synchronous on purpose: counting is synchronous, and Node 20 cannot require() ESM.
    const loaded = requireCjs('gpt-tokenizer/cjs/encoding/o200k_base') as Library;
    // Our pre-token cache replaces the library's LRU (whose every hit does delete + set).
    loaded.setMergeCacheSize(0);
    const core = (loaded.default as unknown as { bytePairEncodingCoreProcessor?: unknown })
      .bytePairEncodingCoreProcessor as Partial<PieceEncoder> | undefined;
    if (
      typeof core?.getBpeRankFromString === 'function' &&
      typeof core.bytePairEncode === 'function' &&
      core.bytePairEncode('hello world').length === 2
    ) {
      encoder = core as PieceEncoder;
    }
    library = loaded;
  }
  return library;
}

const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
/** gpt-tokenizer 4's o200k split pattern, as its source reads. */
export const O200K_SPLIT_SOURCE = String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`;
/**
 * The same pattern for text without a character outside ASCII: each Unicode class replaced by
 * its ASCII members (letters: upper case `A-Z`, lower case `a-z`; digits `0-9`; no ASCII mark,
 * title-case, modifier or other letter), without the `u` flag. On ASCII text it matches exactly
 * what the Unicode pattern matches, about twice as fast.
 *
 * The punctuation run (`[^\s\p{L}\p{N}]+`) is spelled as its ASCII members, the controls and
 * `!-/ :-@ [-\x60 {-~` (what `\s`, letters and digits leave of ASCII), not as `[^\sA-Za-z0-9]`:
 * that class also takes every character outside ASCII, so from a comma in Chinese or Russian text
 * it ran to the next ASCII letter, digit or space (often the end of the line), was refused by
 * {@link sumPreTokens} for crossing the stretch, and the scan was repeated from the next comma:
 * quadratic in the line (a 105 KB line of Chinese prose took 1.5 s). With the ASCII class a run
 * stops at the first character outside ASCII, so a refused match costs no more than the rest of
 * the ASCII stretch, which the Unicode pattern then consumes.
 */
export const O200K_ASCII_SPLIT_SOURCE = String.raw`[^\r\nA-Za-z0-9]?[A-Z]*[a-z]+${CONTRACTION}|[^\r\nA-Za-z0-9]?[A-Z]+[a-z]*${CONTRACTION}|[0-9]{1,3}| ?[\x00-\x08\x0e-\x1f!-\/:-@\[-\x60{-~\x7f]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`;
/** The next character outside ASCII (global: searched from its lastIndex). */
const NON_ASCII = /[^\u0000-\u007f]/g;
/** The ASCII pattern, when the library's pattern is the one it was written for (else null). */
let asciiPattern: RegExp | null | undefined;

function pattern(): RegExp {
  if (splitPattern === undefined) {
    const constants = requireCjs('gpt-tokenizer/cjs/encodingParams/constants') as {
      O200K_TOKEN_SPLIT_REGEX: RegExp;
    };
    // Private copies: their lastIndex is ours alone.
    const source = constants.O200K_TOKEN_SPLIT_REGEX.source;
    splitPattern = new RegExp(source, 'gu');
    asciiPattern = source === O200K_SPLIT_SOURCE ? new RegExp(O200K_ASCII_SPLIT_SOURCE, 'g') : null;
  }
  return splitPattern;
}

/** Index of the first character outside ASCII at or after `from`, or `text.length + 1`. */
function nextNonAscii(text: string, from: number): number {
  NON_ASCII.lastIndex = from;
  const m = NON_ASCII.exec(text);
  return m === null ? text.length + 1 : m.index;
}

/** UTF-16 units scanned by ASCII-pattern matches that {@link sumPreTokens} refused (see below). */
let refusedUnits = 0;

/**
 * The UTF-16 units of `text` that {@link sumPreTokens} scans twice: the ASCII pattern's matches
 * it refuses for reaching past the ASCII stretch, each then matched again by the Unicode
 * pattern. A measure of work, not of time, for tests: at most the length of the text when the
 * cut is linear (a refused match is never longer than the Unicode match taken in its place).
 */
export function refusedScanUnits(text: string): number {
  refusedUnits = 0;
  sumPreTokens(text, () => 0);
  return refusedUnits;
}

/**
 * Cuts `text` into pre-tokens and returns the sum of `visit` over them. ASCII stretches go
 * through the ASCII pattern (the Unicode classes cost about 3x per character), the rest through
 * the library's pattern. Both match at every position, and on a position where the ASCII
 * pattern's match and the character after it are ASCII, the two patterns give the same match:
 * they differ only in how a character outside ASCII is classed, and a match looks at no
 * classed character past the one after its end. Elsewhere the Unicode pattern matches from the
 * same position, so the cut is the library's everywhere.
 */
export function sumPreTokens(text: string, visit: (piece: string) => number): number {
  const re = pattern();
  const ascii = asciiPattern;
  let total = 0;
  let next = ascii ? nextNonAscii(text, 0) : 0;
  if (!ascii || next > text.length) {
    // one pattern for the whole text
    const one = ascii ?? re;
    one.lastIndex = 0;
    for (let m = one.exec(text); m !== null; m = one.exec(text)) total += visit(m[0]);
    return total;
  }
  const a = ascii;
  let p = 0;
  while (p < text.length) {
    if (p < next) {
      a.lastIndex = p;
      const m = a.exec(text)!;
      if (a.lastIndex < next) {
        p = a.lastIndex;
        total += visit(m[0]);
        continue;
      }
      refusedUnits += a.lastIndex - p;
    }
    re.lastIndex = p;
    const m = re.exec(text)!;
    p = re.lastIndex;
    total += visit(m[0]);
    if (p > next) next = nextNonAscii(text, p);
  }
  return total;
}

/** The end of the ASCII stretch from `from`: the next character outside ASCII, or the text's end. */
function asciiLimit(text: string, from: number): number {
  return Math.min(nextNonAscii(text, from), text.length);
}

/**
 * {@link sumPreTokens} with the ASCII stretches cut by {@link asciiPreTokenEnd}, a scanner over
 * character codes, instead of the ASCII pattern: no match array and no substring per pre-token.
 * Where the scan's match would look at the character after the stretch it is refused and the
 * Unicode pattern matches from the same position, so the cut is the library's everywhere.
 * {@link countScanned} is this loop with the counting written in.
 */
export function scanPreTokens(text: string, visit: (piece: string) => number): number {
  const re = pattern();
  let total = 0;
  let limit = asciiPattern ? asciiLimit(text, 0) : 0;
  let p = 0;
  while (p < text.length) {
    if (p < limit) {
      const end = asciiPreTokenEnd(text, p, limit);
      if (end >= 0) {
        total += visit(text.slice(p, end));
        p = end;
        continue;
      }
    }
    re.lastIndex = p;
    const m = re.exec(text)!;
    p = re.lastIndex;
    total += visit(m[0]);
    if (asciiPattern && p > limit) limit = asciiLimit(text, p);
  }
  return total;
}

/** Special-token strings in untrusted text are counted as plain text. */
const PLAIN_TEXT = Object.freeze({
  allowedSpecial: new Set<string>(),
  disallowedSpecial: new Set<string>(),
});

const pieceCounts = new BoundedCache<number>({ maxEntries: 1 << 15 });
const textCounts = new BoundedCache<number>({ maxEntries: 1 << 13, maxKeyChars: 1 << 22 });

/**
 * A copy of `s` that does not keep a larger parent string alive: V8 represents a substring of 13
 * or more characters as a slice of its parent, and a cached key must not pin a 200 KB log.
 */
function detached(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

function countPiece(piece: string): number {
  const t = table;
  if (t) {
    const hit = pieceCounts.get(piece);
    if (hit !== undefined) return hit;
    const n = countPieceTokens(t, piece);
    // one-token pieces too: a Map hit on a recurring piece is cheaper than its UTF-8 and hash
    pieceCounts.set(detached(piece), n);
    return n;
  }
  const enc = encoder;
  // a piece that is one token costs one map lookup, as in the library; only the rest is cached
  if (enc !== null && enc.getBpeRankFromString(piece) !== undefined) return 1;
  const hit = pieceCounts.get(piece);
  if (hit !== undefined) return hit;
  let n: number;
  if (enc !== null) n = enc.bytePairEncode(piece).length;
  else {
    // One pre-token never holds a whole special-token string (`<|` and letters split apart), so
    // the default options (which would refuse one) are safe and skip building option sets.
    try {
      n = lib().countTokens(piece);
    } catch {
      n = lib().countTokens(piece, PLAIN_TEXT);
    }
  }
  pieceCounts.set(detached(piece), n);
  return n;
}

function countLongPiece(piece: string): number {
  let total = 0;
  let start = 0;
  while (start < piece.length) {
    let end = Math.min(piece.length, start + MAX_UNSPLIT_RUN);
    const c = piece.charCodeAt(end);
    if (end < piece.length && c >= 0xdc00 && c <= 0xdfff) end--;
    total += countPiece(piece.slice(start, end));
    start = end;
  }
  return total;
}

/** The tokens of one pre-token. */
function countPreToken(piece: string): number {
  // one ASCII character is one token (every byte is a token): no lookup
  if (piece.length === 1 && piece.charCodeAt(0) < 128) return 1;
  return piece.length <= MAX_UNSPLIT_RUN ? countPiece(piece) : countLongPiece(piece);
}

/**
 * UTF-16 units this process counts through {@link sumPreTokens} before it switches to
 * {@link countScanned}. The scanner is JavaScript run per character, the pattern path native
 * code per pre-token: with the JIT warm the scanner takes about 15% less time per text
 * (in-process cold compactions of the real transcripts), but until the JIT has compiled it (the
 * first 40,000 tokens or so of a fresh process) it costs 30-50 ms more, so a short-lived process
 * (one CLI call, one compaction) is faster without it. 2M units is about 500k tokens, a few
 * compactions' worth. The counts are the same on both paths.
 */
export const SCAN_AFTER_UNITS = 1 << 21;
let unitsCounted = 0;

/**
 * One UTF-16 unit outside ASCII (not a surrogate) that the split pattern classes as it classes
 * `|`: not white space, a letter, a number or a mark. Every class of the pattern that holds `|`
 * (`[^\r\n\p{L}\p{N}]`, `[^\s\p{L}\p{N}]`, `\S`) holds it, and none that lacks `|` does, so a
 * text with each of them replaced by `|` is cut at the same places. Arrows, box-drawing lines,
 * bullets and dashes: a Claude Code file read puts `→` after every line number.
 */
const PUNCT_LIKE = /[^\s\p{L}\p{N}\p{M}\u0000-\u007f\ud800-\udfff\u{10000}-\u{10ffff}]/gu;

/**
 * {@link scanPreTokens} counting on our rank table: an ASCII pre-token of one character counts
 * 1, one of 2 to 16 characters is counted through the {@link countShortAsciiPiece} cache, with no
 * string made; only longer ones and the pre-tokens outside ASCII are cut out and counted by
 * {@link countPreToken}. A text with characters outside ASCII is cut on its view with
 * {@link PUNCT_LIKE} characters replaced by `|` (the same cut, the scanner taking the pre-tokens
 * around them instead of the Unicode pattern); a pre-token holding one is counted from the text.
 */
export function countScanned(t: RankTable, text: string): number {
  pattern();
  if (!asciiPattern) return sumPreTokens(text, countPreToken);
  const first = asciiLimit(text, 0);
  if (first === text.length) return countCut(t, text, text, NONE_MARKED, first);
  const marked: number[] = [];
  markedNow = marked;
  const view = text.replace(PUNCT_LIKE, markPunct);
  markedNow = IDLE;
  if (marked.length === 0) return countCut(t, text, text, NONE_MARKED, first);
  // the view is ASCII wherever the text is, and at the marked characters
  return countCut(t, text, view, marked, asciiLimit(view, first));
}

const NONE_MARKED: readonly number[] = [];

/**
 * The offsets {@link markPunct} records: the array of the `countScanned` call running (a
 * replacer never calls it again). A module-level replacer instead of an arrow per call: V8 keeps
 * an arrow's optimised code only while one of its instances lives, so after a full collection
 * every count compiled a new arrow again; a module-level function keeps its code.
 */
let markedNow: number[] = [];
/** What {@link markedNow} holds between calls (so it keeps no caller's array alive). */
const IDLE: number[] = [];

/** The replacer of {@link countScanned}: records where a {@link PUNCT_LIKE} character stood. */
function markPunct(_: string, at: number): string {
  markedNow.push(at);
  return '|';
}

/**
 * The tokens of `text`, cut on `view` (`text` with the characters at `marked`, ascending,
 * replaced by `|`; `text` itself when none is); `first`: where the view's first character
 * outside ASCII is (its length when none is).
 */
function countCut(
  t: RankTable,
  text: string,
  view: string,
  marked: readonly number[],
  first: number,
): number {
  const re = pattern();
  const len = view.length;
  let limit = first;
  let total = 0;
  let p = 0;
  // marked[k]: the first marked position at or after p
  let k = 0;
  while (p < len) {
    if (p < limit) {
      const end = asciiPreTokenEnd(view, p, limit);
      if (end >= 0) {
        while (k < marked.length && marked[k]! < p) k++;
        const n = end - p;
        if (k < marked.length && marked[k]! < end) total += countPreToken(text.slice(p, end));
        else if (n === 1) total++;
        else if (n <= SHORT_ASCII_PIECE) total += countShortAsciiPiece(t, view, p, end);
        else total += isAsciiToken(t, view, p, end) ? 1 : countPreToken(view.slice(p, end));
        p = end;
        continue;
      }
    }
    re.lastIndex = p;
    const m = re.exec(view)!;
    const end = re.lastIndex;
    total += countPreToken(view === text ? m[0] : text.slice(p, end));
    p = end;
    if (p > limit) limit = asciiLimit(view, p);
  }
  return total;
}

/** Counts `text` pre-token by pre-token, without the whole-text memo. */
export function countO200kUncached(text: string): number {
  const t = rankTable();
  if (t === null) lib();
  else if (unitsCounted >= SCAN_AFTER_UNITS) return countScanned(t, text);
  unitsCounted += text.length;
  return sumPreTokens(text, countPreToken);
}

/** The o200k_base tokenizer (GPT-4o family), exact except inside pre-tokens over 256 units. */
export const o200kCounter: TokenCounter = Object.freeze({
  name: 'o200k_base',
  exact: true,
  count(text: string): number {
    if (text.length === 0) return 0;
    if (text.length < TEXT_MEMO_MIN_CHARS) return countO200kUncached(text);
    const hit = textCounts.get(text);
    if (hit !== undefined) return hit;
    const n = countO200kUncached(text);
    textCounts.set(detached(text), n);
    return n;
  },
});

/** Empties the pre-token and text caches (the rank table stays loaded). */
export function clearTokenCaches(): void {
  pieceCounts.clear();
  textCounts.clear();
  clearShortAsciiPieces();
}

/** Whether the rank table has been loaded in this process (it loads on the first count). */
export function isRankTableLoaded(): boolean {
  return library !== undefined || (table !== undefined && table !== null);
}
