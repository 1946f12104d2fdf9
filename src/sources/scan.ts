/**
 * @module sources/scan
 * One untrusted source through the scan gate (`safety/gate.ts`): the gate's text (the source,
 * the flagged wrapper or the blocked placeholder), its diagnostics, and the summary the source
 * record keeps. A scanner that throws blocks the source (fail closed).
 */
import type { Diagnostic } from '../diagnostics/index.js';
import { gateUntrusted, type Scanner } from '../safety/index.js';
import type { ScanSummary } from './types.js';

/** The outcome of scanning one source. */
export interface ScanOutcome {
  readonly summary: ScanSummary;
  /** The text to use: the original, the flagged wrapper, or the placeholder when blocked. */
  readonly text: string;
  readonly blocked: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/** Scans `text` (from `path`) with `scanner`. */
export function scanSource(text: string, path: string, scanner: Scanner): ScanOutcome {
  const gate = gateUntrusted(text, { source: path, channel: 'instruction-file', scanner });
  const verdict = gate.verdict === 'unscanned' ? 'clean' : gate.verdict;
  return {
    summary: { verdict, ruleIds: gate.ruleIds },
    text: gate.text,
    blocked: !gate.allowed,
    diagnostics: gate.diagnostics,
  };
}
