/**
 * The learned stage's word count as it was, unit by unit: the reference that `scan.test.ts`
 * holds `wordCount` to. Test code only.
 */
export function wordCountReference(
  text: string,
  start: number,
  end: number,
  enough = Infinity,
): number {
  let n = 0;
  let inWord = false;
  for (let i = start; i < end && n < enough; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 9 || c === 10 || c === 13;
    if (c >= 0x3040 && c <= 0x9fff) n++;
    else if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}
