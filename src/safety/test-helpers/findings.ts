/**
 * Shared assertions of the scanner's tests (excluded from the build): the rules a text sets off,
 * and the shape every decoder's runs must have.
 */
import { expect } from 'vitest';
import type { ScanOptions } from '../scan.js';
import { scan } from '../scan.js';

/** The distinct ids of the rules whose findings count (every severity but `info`), sorted. */
export function liveRules(text: string, options?: ScanOptions): string[] {
  return [
    ...new Set(
      scan(text, options)
        .findings.filter((f) => f.severity !== 'info')
        .map((f) => f.ruleId),
    ),
  ].sort();
}

/** Runs are in text order, disjoint, inside the text, and decode to no more text than they span. */
export function expectWellFormedRuns(
  text: string,
  runs: readonly { start: number; end: number; text: string }[],
): void {
  let last = 0;
  for (const r of runs) {
    expect(r.start).toBeGreaterThanOrEqual(last);
    expect(r.end).toBeGreaterThan(r.start);
    expect(r.end).toBeLessThanOrEqual(text.length);
    expect(r.text.length).toBeLessThanOrEqual(r.end - r.start);
    last = r.end;
  }
}
