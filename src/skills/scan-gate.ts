/**
 * @module skills/scan-gate
 * Every skill body and rule passes the injection scanner before the model sees it. The scanner
 * is injected (structurally typed, see {@link ScanFn}); a blocked text is replaced by a
 * placeholder and never shown. Pure.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { SKILL_CODES } from './codes.js';
import type { ScanFn } from './types.js';

/** What the gate decided. */
export interface GateResult {
  /** `clean`, `flagged`, `blocked`, or `unscanned` when no scanner was given. */
  readonly verdict: 'clean' | 'flagged' | 'blocked' | 'unscanned';
  /** False when blocked: the text must not be shown. */
  readonly allowed: boolean;
  /** Distinct rule ids of the findings, sorted. */
  readonly ruleIds: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Scans `text` from `source` (a display path) and reports flagged / blocked verdicts. */
export function gateUntrusted(text: string, source: string, scan: ScanFn | undefined): GateResult {
  if (scan === undefined)
    return { verdict: 'unscanned', allowed: true, ruleIds: [], diagnostics: [] };
  const result = scan(text, { source });
  const ruleIds = [...new Set(result.findings.map((f) => f.ruleId))].sort();
  const rules = ruleIds.length > 0 ? ` (${ruleIds.join(', ')})` : '';
  if (result.verdict === 'blocked') {
    return {
      verdict: 'blocked',
      allowed: false,
      ruleIds,
      diagnostics: [
        diagnostic(
          SKILL_CODES.blocked,
          'error',
          `the injection scanner blocked this text${rules}; it is not shown`,
          {
            file: source,
          },
        ),
      ],
    };
  }
  if (result.verdict === 'flagged') {
    return {
      verdict: 'flagged',
      allowed: true,
      ruleIds,
      diagnostics: [
        diagnostic(
          SKILL_CODES.flagged,
          'warning',
          `the injection scanner flagged this text${rules}; it is shown marked as flagged`,
          {
            file: source,
          },
        ),
      ],
    };
  }
  return { verdict: 'clean', allowed: true, ruleIds, diagnostics: [] };
}
