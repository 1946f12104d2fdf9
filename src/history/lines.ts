/**
 * @module history/lines
 * Line splitting that keeps terminators, so slices of lines join back to the exact bytes.
 */

/** Start offsets of every line of `text` (a final line without terminator counts; none for ''). */
export function lineStarts(text: string): number[] {
  if (text === '') return [];
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0 && i < text.length - 1; i = text.indexOf('\n', i + 1)) {
    starts.push(i + 1);
  }
  return starts;
}

/** The exact text of lines `from..to` (1-based, inclusive, clamped), terminators included. */
export function sliceLines(
  text: string,
  starts: readonly number[],
  from: number,
  to: number,
): string {
  const a = Math.max(1, from);
  const b = Math.min(starts.length, to);
  if (a > b) return '';
  return text.slice(starts[a - 1]!, b < starts.length ? starts[b]! : text.length);
}

/** Line `n` (1-based) without its terminator (`\n` or `\r\n`). */
export function lineAt(text: string, starts: readonly number[], n: number): string {
  return sliceLines(text, starts, n, n).replace(/\r?\n$/, '');
}

/**
 * Every line of `text` without its terminator (`\n` or `\r\n`): line `n` of {@link lineAt} is
 * element `n - 1`, and there are as many as {@link lineStarts} gives.
 */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  const terminated = text.endsWith('\n');
  if (terminated) lines.pop();
  if (text.includes('\r')) {
    // a `\r` before the `\n` belongs to the terminator; the last line, unterminated, keeps its own
    const withTerminator = terminated ? lines.length : lines.length - 1;
    for (let i = 0; i < withTerminator; i++) {
      const l = lines[i]!;
      if (l.endsWith('\r')) lines[i] = l.slice(0, -1);
    }
  }
  return lines;
}
