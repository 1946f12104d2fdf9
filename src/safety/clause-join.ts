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

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 12;
}

/** True when the line ending just before `nl` (a `\n` index) ends mid-clause. */
function endsMidClause(text: string, nl: number): boolean {
  let p = nl - 1;
  while (p >= 0 && isSpace(text.charCodeAt(p))) p--;
  if (p < 0) return false;
  const c = text.charCodeAt(p);
  if (!(isWordUnit(c) || c === 44 || c === 0x3001 || c === 0xff0c)) return false;
  // a heading or a table row is a unit of its own, even without a final stop
  let s = p;
  while (s > 0 && text.charCodeAt(s - 1) !== 10) s--;
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
  let out: string[] | undefined;
  let copied = 0;
  while (nl !== -1) {
    // the run of blank space after this break, with its line breaks counted
    let e = nl + 1;
    let breaks = 1;
    for (;;) {
      const c = text.charCodeAt(e);
      if (c === 10) {
        breaks++;
        if (breaks > MAX_JOINED_NEWLINES) break;
      } else if (!isSpace(c)) break;
      e++;
    }
    const next = nl + 1;
    if (
      breaks <= MAX_JOINED_NEWLINES &&
      e < text.length &&
      isWordUnit(text.charCodeAt(e)) &&
      endsMidClause(text, nl)
    ) {
      out ??= [];
      out.push(text.slice(copied, nl), ' '.repeat(e - nl));
      copied = e;
    }
    nl = text.indexOf('\n', Math.max(next, e));
  }
  if (out === undefined) return text;
  out.push(text.slice(copied));
  return out.join('');
}
