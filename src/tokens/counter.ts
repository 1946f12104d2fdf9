/**
 * @module tokens/counter
 * Token counting with a real BPE tokenizer (gpt-tokenizer, o200k_base) and a fast estimator,
 * behind one pluggable interface.
 */
import { MAX_UNSPLIT_RUN, o200kCounter } from './o200k.js';

export { MAX_UNSPLIT_RUN, o200kCounter };

/** Anything that can count the tokens of a text. Supply your own for your model's tokenizer. */
export interface TokenCounter {
  /** A short name that says which tokenizer this is, e.g. `o200k_base`. */
  readonly name: string;
  /** Whether counts are exact for the named tokenizer (false for estimators). */
  readonly exact: boolean;
  /** Counts the tokens of `text`. Must be pure and never throw. */
  count(text: string): number;
}

function isWhitespaceCode(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000 || c === 0x2028;
}

/**
 * Cuts `text` so that no piece holds a run of non-whitespace, or of whitespace, longer than
 * `maxRun`, never between the two halves of a surrogate pair. Joining the pieces gives back `text`.
 * (`o200kCounter` no longer needs this: it cuts only the pre-tokens that are too long.)
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
