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

/** The requirement lines of `text`, trimmed, in order. */
export function requirementLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  return requirementLineIndices(lines).map((i) => lines[i]!.trim());
}
