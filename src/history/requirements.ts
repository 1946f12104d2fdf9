/**
 * @module history/requirements
 * Requirements found by structure, wherever they appear (user text, an issue tracker's output,
 * a spec file read by a tool): the list items under a heading that names requirements
 * (acceptance criteria / tests, definition of done, requirements, constraints, no-gos). A
 * heading is a Markdown heading, a bold line, or a short line ending with a colon. A list item
 * under any other heading is a requirement too when it is normative (must, must not, do not,
 * never, shall, mandatory, is required): issue templates put criteria under "Edge cases" or
 * "Technical specs" as often as under "Acceptance". Linear in the text; no keyword match on
 * ordinary lines, so source code that says "must" is not a requirement.
 */

import { BoundedCache } from '../tokens/index.js';

const REQUIREMENT_TITLE =
  /\b(?:acceptance|criteria|criterion|definition of done|requirements?|constraints?|no-gos?|must(?: not)?)\b/i;
const HEADING = /^(?:#{1,6}\s+(.+?)\s*#*|\*\*(.+?):?\*\*:?|([A-Z][\w '/()-]{2,60}):)$/;
const LIST_ITEM = /^(?:[-*+•]|\d{1,3}[.)]|\[[ xX]\])\s+\S/;
/** A list item with one space after its marker (a diff's removed line has its indentation). */
const PLAIN_ITEM = /^(?:[-*+•]|\d{1,3}[.)]) \S/;
const NORMATIVE =
  /\b(?:must(?: not)?|do not|does not|don't|never|shall(?: not)?|mandatory|(?:is|are) required)\b/i;

/** The title of a heading line, or undefined. */
function headingTitle(line: string): string | undefined {
  const m = HEADING.exec(line);
  return m === null ? undefined : (m[1] ?? m[2] ?? m[3]);
}

/**
 * The 0-based indices of requirement lines in `lines`: list items under a requirement heading,
 * up to the next heading, and normative list items anywhere.
 */
export function requirementLineIndices(lines: readonly string[]): number[] {
  const out: number[] = [];
  let inside = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const title = headingTitle(line);
    if (title !== undefined && !LIST_ITEM.test(line)) inside = REQUIREMENT_TITLE.test(title);
    else if (inside ? LIST_ITEM.test(line) : PLAIN_ITEM.test(line) && NORMATIVE.test(line))
      out.push(i);
  }
  return out;
}

/** Texts at least this long have their requirement lines memoised by content. */
const MEMO_MIN_CHARS = 256;
const memo = new BoundedCache<readonly number[]>({ maxEntries: 512, maxKeyChars: 1 << 22 });

/**
 * {@link requirementLineIndices} of the lines of `text` (split at `\n` or `\r\n`; `lines`, when
 * given, are those lines, with or without a last empty one), memoised by content: one compaction
 * reads a large tool output three times (its elided view, the view's ledger, the input's ledger).
 */
export function requirementLineIndicesOf(
  text: string,
  lines?: readonly string[],
): readonly number[] {
  if (text.length < MEMO_MIN_CHARS) return requirementLineIndices(lines ?? text.split(/\r?\n/));
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const found = requirementLineIndices(lines ?? text.split(/\r?\n/));
  memo.set(text, found);
  return found;
}

/** The requirement lines of `text`, trimmed, in order. */
export function requirementLines(text: string): string[] {
  const found = requirementLineIndicesOf(text);
  if (found.length === 0) return [];
  const lines = text.split(/\r?\n/);
  return found.map((i) => lines[i]!.trim());
}
