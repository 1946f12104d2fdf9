/**
 * @module history/elide-on-arrival
 * Elision at the moment a tool result arrives, not only inside a compaction: a result over the
 * threshold is stored whole as an artifact and the model sees the same `elided-result` fragment
 * compaction writes (head, tail, error lines, line count and the `read_artifact` reference).
 * Pure: the artifact to store is returned, not written.
 */
import type { TokenCounter } from '../tokens/index.js';
import type { Artifact } from './elide.js';
import { renderElided } from './elide.js';

/** Settings of {@link elideOnArrival}. */
export interface ArrivalElideOptions {
  /** Token counter. */
  readonly tokenCounter: TokenCounter;
  /** Results above this many tokens are elided. */
  readonly maxTokens: number;
  /** Lines kept from the start (default 20). */
  readonly headLines?: number;
  /** Lines kept from the end (default 20). */
  readonly tailLines?: number;
  /** Error lines kept (default 30). */
  readonly maxErrorLines?: number;
  /** Characters kept per shown line (default 400). */
  readonly maxLineChars?: number;
}

/** What arrival elision decided for one result. */
export type ArrivalElision =
  | {
      /** Kept verbatim: at or under the threshold, or the stub would not be smaller. */
      readonly elided: false;
      readonly text: string;
      /** Tokens of the result. */
      readonly tokens: number;
    }
  | {
      readonly elided: true;
      /** The `elided-result` fragment the model sees. */
      readonly text: string;
      /** The whole result, to store under `artifact.ref`. */
      readonly artifact: Artifact;
      /** Lines, bytes and error lines of the whole result. */
      readonly lines: number;
      readonly bytes: number;
      readonly errorLines: number;
      /** Tokens before and after. */
      readonly tokensBefore: number;
      readonly tokensAfter: number;
    };

/**
 * Elides `text` (a tool's output) when it is over `maxTokens`.
 * @example elideOnArrival(buildLog, 'bash', { tokenCounter: o200kCounter, maxTokens: 4000 })
 */
export function elideOnArrival(
  text: string,
  toolName: string,
  options: ArrivalElideOptions,
): ArrivalElision {
  const tokens = options.tokenCounter.count(text);
  if (tokens <= options.maxTokens) return { elided: false, text, tokens };
  const r = renderElided(text, toolName, {
    headLines: options.headLines ?? 20,
    tailLines: options.tailLines ?? 20,
    maxErrorLines: options.maxErrorLines ?? 30,
    maxLineChars: options.maxLineChars ?? 400,
    tokens,
  });
  const tokensAfter = options.tokenCounter.count(r.text);
  if (tokensAfter >= tokens) return { elided: false, text, tokens };
  return {
    elided: true,
    text: r.text,
    artifact: { ref: r.ref, content: text },
    lines: r.lines,
    bytes: r.bytes,
    errorLines: r.errorLines,
    tokensBefore: tokens,
    tokensAfter,
  };
}
