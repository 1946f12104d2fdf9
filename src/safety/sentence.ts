/**
 * @module safety/sentence
 * The sentence around a match, as the context rules read it: bounded, and a soft-wrapped
 * Markdown paragraph is one sentence until its full stop.
 */

/** Farthest a sentence is read from a match, each way. */
const SENTENCE_REACH = 400;

/**
 * The sentence around `start..end`, bounded: from after the last `.`, `!`, `?` + space, blank line
 * or list item before it to the next one after it, at most {@link SENTENCE_REACH} characters each
 * way. Line breaks inside a paragraph do not end it (soft-wrapped Markdown).
 */
export function sentenceAround(text: string, start: number, end: number): [number, number] {
  const floor = Math.max(0, start - SENTENCE_REACH);
  let a = start;
  while (a > floor) {
    const c = text[a - 1]!;
    if ((c === '.' || c === '!' || c === '?') && /\s/.test(text[a] ?? ' ')) break;
    if (
      c === '\n' &&
      (text[a - 2] === '\n' || /^\s*(?:[-*+]|\d+[.)]|#)\s/.test(text.slice(a, a + 8)))
    )
      break;
    a--;
  }
  const ceil = Math.min(text.length, end + SENTENCE_REACH);
  let b = end;
  while (b < ceil) {
    const c = text[b]!;
    if ((c === '.' || c === '!' || c === '?') && /\s/.test(text[b + 1] ?? ' ')) break;
    if (
      c === '\n' &&
      (text[b + 1] === '\n' || /^\s*(?:[-*+]|\d+[.)]|#)\s/.test(text.slice(b + 1, b + 9)))
    )
      break;
    b++;
  }
  return [a, b];
}
