/**
 * @module safety/clause-join
 * Phrase rules match within one line, so an order cut in two by a line break ("Ignore all" /
 * blank line / "previous instructions") slipped through. A line break is a clause boundary only
 * when the clause ended: a line that ends mid-clause (on a letter, a digit or a comma) and is
 * followed, after at most one blank line, by a line that goes on with a word is one clause, the
 * way a Markdown renderer joins a soft-wrapped paragraph. This module turns such breaks into
 * spaces (same length, so every index stays where it was) before the phrases are matched.
 * Headings, table rows and list items start with a mark, not a word, and are never joined onto.
 */
import { isWordUnit } from './unicode-classes.js';

/** Most line breaks in one joined break (one blank line between the two parts). */
export const MAX_JOINED_NEWLINES = 2;

/**
 * Half the units per join at or below which the text is rebuilt from a unit array instead of from
 * slices: a join every 12 units or closer (short lines of code). Slices cost about 60 ns a piece;
 * at a join every 80 units (ordinary Markdown) they cost 0.5 ns a unit where the copy cost 4 (it
 * was taken from a join every 96 units on: 2026-12-05, sixth stop), at a join every 2 units 25
 * against 7.
 */
const DENSE_JOINS = 6;

/** Units turned back into a string per call (an argument list has a size limit). */
const CHUNK = 8192;

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 12;
}

/** True when the line `[start, nl)` ends mid-clause and is not a heading or a table row. */
function endsMidClause(text: string, start: number, nl: number): boolean {
  let p = nl - 1;
  while (p >= start && isSpace(text.charCodeAt(p))) p--;
  if (p < start) return false;
  const c = text.charCodeAt(p);
  if (!(isWordUnit(c) || c === 44 || c === 0x3001 || c === 0xff0c)) return false;
  // a heading or a table row is a unit of its own, even without a final stop
  let s = start;
  while (s < p && isSpace(text.charCodeAt(s))) s++;
  const first = text.charCodeAt(s);
  return first !== 35 && first !== 124; // '#', '|'
}

/** No span (shared: nothing writes to it). */
export const NO_SPANS: readonly number[] = [];

/**
 * The mid-clause line breaks of `text` (see the module comment) as `[start, end)` pairs in
 * order: each is a line break and the blank space around it up to the next line's first word,
 * which {@link joinSoftBreaks} turns into spaces. Empty when there is none. One forward pass.
 */
export function softBreakSpans(text: string): readonly number[] {
  let nl = text.indexOf('\n');
  if (nl === -1) return NO_SPANS;
  const spans: number[] = [];
  let lineStart = 0;
  while (nl !== -1) {
    // the run of blank space after this break, with its line breaks counted
    let e = nl + 1;
    let breaks = 1;
    let lastBreak = nl;
    while (e < text.length) {
      const c = text.charCodeAt(e);
      if (c === 10) {
        breaks++;
        if (breaks > MAX_JOINED_NEWLINES) break;
        lastBreak = e;
      } else if (!isSpace(c)) break;
      e++;
    }
    const start = lineStart;
    lineStart = lastBreak + 1;
    if (
      breaks <= MAX_JOINED_NEWLINES &&
      e < text.length &&
      isWordUnit(text.charCodeAt(e)) &&
      endsMidClause(text, start, nl)
    ) {
      spans.push(nl, e);
    }
    if (breaks > MAX_JOINED_NEWLINES) {
      lineStart = e; // a blank line of its own: the next line starts at the break at e
      nl = e;
    } else nl = text.indexOf('\n', e);
  }
  return spans;
}

/**
 * True when {@link blankSpans} is cheaper from a copy of the units than from slices: the spans
 * are dense (short lines, a join every few characters).
 */
export function denseSpans(spans: readonly number[], length: number): boolean {
  return spans.length * DENSE_JOINS >= length;
}

/**
 * `text` with every mid-clause line break (see the module comment) replaced by spaces; the same
 * string when there is none. One forward pass; the result has the same length.
 */
export function joinSoftBreaks(text: string): string {
  const spans = softBreakSpans(text);
  return spans.length === 0 ? text : blankSpans(text, spans);
}

/** `text` with every unit inside the `[start, end)` pairs of `spans` (in order) made a space. */
export function blankSpans(text: string, spans: readonly number[]): string {
  if (!denseSpans(spans, text.length)) {
    // the result is joined from an array, never concatenated: a concatenated string is a rope,
    // and the matcher's per-character walk over a rope costs about twice as much
    const parts: string[] = [];
    // slices between the joins (the usual soft-wrapped document: a join every line or so)
    let copied = 0;
    for (let j = 0; j < spans.length; j += 2) {
      parts.push(text.slice(copied, spans[j]), ' '.repeat(spans[j + 1]! - spans[j]!));
      copied = spans[j + 1]!;
    }
    parts.push(text.slice(copied));
    return parts.join('');
  }
  // joins every few characters (short lines): copy the units once and blank the spans in place
  const units = new Uint16Array(text.length);
  for (let k = 0; k < text.length; k++) units[k] = text.charCodeAt(k);
  blankUnits(units, spans);
  // unit by unit (a decoder would turn a lone surrogate into U+FFFD)
  const parts: string[] = [];
  for (let i = 0; i < units.length; i += CHUNK) {
    parts.push(
      String.fromCharCode.apply(null, units.subarray(i, i + CHUNK) as unknown as number[]),
    );
  }
  return parts.join('');
}

/** Sets every unit inside the `[start, end)` pairs of `spans` to a space. */
export function blankUnits(units: Uint16Array, spans: readonly number[]): void {
  for (let j = 0; j < spans.length; j += 2) units.fill(32, spans[j]!, spans[j + 1]!);
}
