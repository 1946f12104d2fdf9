/**
 * @module history/result-error-lines
 * {@link errorLineStarts} of a tool result's text, memoised per result part: one compaction
 * searches a large result's text for error lines twice (stage 1 when it elides it, the input's
 * ledger for the fact report), and the search of its whole text is the costly step. Keyed by the
 * part and checked against the text, so an edited part or a fresh copy of it is searched again.
 */
import { trackMemo } from './memo-guard.js';
import type { ToolResultPart } from './message.js';
import { errorLineStarts, isErrorLine, lineFrom } from './patterns.js';

interface Entry {
  readonly text: string;
  readonly starts: readonly number[];
}

const memo = new WeakMap<ToolResultPart, Entry>();
trackMemo(memo);

/** {@link errorLineStarts} of `text`, the text of `part`. */
export function resultErrorLineStarts(part: ToolResultPart, text: string): readonly number[] {
  const hit = memo.get(part);
  if (hit !== undefined && hit.text === text) return hit.starts;
  const starts = errorLineStarts(text);
  memo.set(part, { text, starts });
  return starts;
}

/**
 * How many of the {@link nonEmptyLines} of `text`, the text of `part`, are error lines: only the
 * lines {@link errorLineStarts} names are looked at (every error line is among them).
 */
export function resultErrorLineCount(part: ToolResultPart, text: string): number {
  let n = 0;
  for (const start of resultErrorLineStarts(part, text))
    if (isErrorLine(lineFrom(text, start)[0])) n++;
  return n;
}
