/**
 * @module safety/guard
 * What the model is shown for a text whose scan result is already known, in the wording of the
 * one scan gate (see `gate.ts`): a blocked text becomes the placeholder, a flagged text is kept
 * inside the flagged wrapper, a clean text is returned unchanged.
 */
import { liveRuleIds, presentScanned } from './gate.js';
import type { ScanResult } from './types.js';

/**
 * The text to render for `text` given its scan `result`. Prefer `gateUntrusted`, which also runs
 * the scanner (failing closed) and returns the diagnostics.
 */
export function applyPolicy(
  text: string,
  result: Pick<ScanResult, 'verdict' | 'findings'>,
  options: { source?: string } = {},
): string {
  const source = options.source ?? 'untrusted input';
  return presentScanned(text, result.verdict, source, liveRuleIds(result.findings));
}
