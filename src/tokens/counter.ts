/**
 * @module tokens/counter
 * Token counting with a real BPE tokenizer (gpt-tokenizer, o200k_base) and a fast estimator,
 * behind one pluggable interface.
 */
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/** Anything that can count the tokens of a text. Supply your own for your model's tokenizer. */
export interface TokenCounter {
  /** A short name that says which tokenizer this is, e.g. `o200k_base`. */
  readonly name: string;
  /** Whether counts are exact for the named tokenizer (false for estimators). */
  readonly exact: boolean;
  /** Counts the tokens of `text`. Must be pure and never throw. */
  count(text: string): number;
}

/**
 * Longest run of non-whitespace (or of whitespace) characters handed to the BPE in one piece.
 * Pure-JS BPE is quadratic in the length of one pre-token (a 100 KB run without spaces, or of
 * spaces, takes seconds), so longer runs are cut into pieces of this many UTF-16 units and counted
 * piece by piece. Ordinary text never has such runs, so its counts stay exact; for minified or
 * base64 blobs and long blank runs the count may differ from the exact one by about one token per
 * cut.
 */
export const MAX_UNSPLIT_RUN = 256;

function isWhitespaceCode(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000 || c === 0x2028;
}

/**
 * Cuts `text` so that no piece holds a run of non-whitespace, or of whitespace, longer than
 * `maxRun`, never between the two halves of a surrogate pair. Joining the pieces gives back `text`.
 */
export function splitLongRuns(text: string, maxRun: number = MAX_UNSPLIT_RUN): string[] {
  const pieces: string[] = [];
  let pieceStart = 0;
  let runStart = -1;
  let runIsSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // whitespace runs are one pre-token too: 80,000 spaces took 4.6 s uncut
    const space = isWhitespaceCode(c);
    if (runStart < 0 || space !== runIsSpace) {
      runStart = i;
      runIsSpace = space;
      continue;
    }
    const isLowSurrogate = c >= 0xdc00 && c <= 0xdfff;
    if (i - runStart >= maxRun && !isLowSurrogate) {
      pieces.push(text.slice(pieceStart, i));
      pieceStart = i;
      runStart = i;
    }
  }
  pieces.push(text.slice(pieceStart));
  return pieces;
}

function countBpe(text: string): number {
  // Special-token strings such as `<|endoftext|>` in untrusted text are counted as plain text.
  return countO200k(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
}

/** The o200k_base tokenizer (GPT-4o family), exact except inside very long unbroken runs. */
export const o200kCounter: TokenCounter = Object.freeze({
  name: 'o200k_base',
  exact: true,
  count(text: string): number {
    if (text.length === 0) return 0;
    const pieces = splitLongRuns(text);
    if (pieces.length === 1) return countBpe(text);
    let total = 0;
    for (const piece of pieces) total += countBpe(piece);
    return total;
  },
});

/**
 * A fast estimate: about four ASCII characters per token, one token per non-ASCII code point
 * outside Latin-script ranges (CJK, Cyrillic and other scripts tokenise far more densely), and
 * half a token for Latin-1/Latin-extended letters. Linear, allocation-free.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let latin = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) ascii++;
    else if (c < 0x250) latin++;
    else if (c >= 0xdc00 && c <= 0xdfff) {
      // low surrogate: the pair was counted at its high half
    } else other++;
  }
  return Math.ceil(ascii / 4 + latin / 2 + other);
}

/** The estimator as a {@link TokenCounter}. */
export const estimateCounter: TokenCounter = Object.freeze({
  name: 'estimate',
  exact: false,
  count: estimateTokens,
});

/** The default counter: {@link o200kCounter}. */
export const defaultTokenCounter: TokenCounter = o200kCounter;

/** Counts with the default counter. */
export function countTokens(text: string, counter: TokenCounter = defaultTokenCounter): number {
  return counter.count(text);
}
