/**
 * @module _internal/sorted-search
 * The one binary search of ctxloom's position tables (line starts, joined-text starts, the
 * normaliser's run starts). Internal: not exported from any entry.
 */

/**
 * The index of the last entry of `sorted` (ascending, `sorted[0]` at or before every `value`
 * asked) that is at or before `value`: which line, text or run a position falls in.
 */
export function lastAtOrBefore(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
