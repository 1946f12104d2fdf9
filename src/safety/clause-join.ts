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

/** Joined spans beyond which the text is rebuilt from a unit array instead of from slices. */
const MANY_SPANS = 128;

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

/**
 * `text` with every mid-clause line break (see the module comment) replaced by spaces; the same
 * string when there is none. One forward pass; the result has the same length.
 */
export function joinSoftBreaks(text: string): string {
  let nl = text.indexOf('\n');
  if (nl === -1) return text;
  // the first joined spans as start / end pairs; past MANY_SPANS the units are copied once and
  // blanked in place (a soft-wrapped document joins at almost every line)
  const spans = new Int32Array(2 * MANY_SPANS);
  let count = 0;
  let units: Uint16Array | undefined;
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
      if (units !== undefined) for (let k = nl; k < e; k++) units[k] = 32;
      else if (count < MANY_SPANS) {
        spans[2 * count] = nl;
        spans[2 * count + 1] = e;
        count++;
      } else {
        units = new Uint16Array(text.length);
        for (let k = 0; k < text.length; k++) units[k] = text.charCodeAt(k);
        for (let j = 0; j < count; j++) units.fill(32, spans[2 * j]!, spans[2 * j + 1]!);
        for (let k = nl; k < e; k++) units[k] = 32;
      }
    }
    if (breaks > MAX_JOINED_NEWLINES) {
      lineStart = e; // a blank line of its own: the next line starts at the break at e
      nl = e;
    } else nl = text.indexOf('\n', e);
  }
  if (units !== undefined) {
    let out = '';
    for (let i = 0; i < units.length; i += CHUNK) {
      out += String.fromCharCode.apply(null, units.subarray(i, i + CHUNK) as unknown as number[]);
    }
    return out;
  }
  if (count === 0) return text;
  let out = '';
  let copied = 0;
  for (let j = 0; j < count; j++) {
    out += text.slice(copied, spans[2 * j]) + ' '.repeat(spans[2 * j + 1]! - spans[2 * j]!);
    copied = spans[2 * j + 1]!;
  }
  return out + text.slice(copied);
}
