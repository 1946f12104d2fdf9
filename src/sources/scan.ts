/**
 * @module sources/scan
 * Runs the injection scanner hook on one untrusted text and turns its verdict into a status, a
 * placeholder and diagnostics. A scanner that throws counts as a block (fail closed). Pure apart
 * from the hook.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { ScanHook, ScanSummary } from './types.js';

/** The outcome of scanning one source. */
export interface ScanOutcome {
  readonly summary: ScanSummary;
  /** The text to use: the original, or a placeholder when blocked. */
  readonly text: string;
  readonly blocked: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/** The text shown instead of a blocked source. */
export function blockedPlaceholder(path: string, ruleIds: readonly string[]): string {
  const rules = ruleIds.length > 0 ? ruleIds.join(', ') : 'none reported';
  return `[ctxloom: ${path} was blocked by the injection scanner (rules: ${rules}); its content is not shown]`;
}

/** Scans `text` (from `path`) with `hook`. */
export function scanSource(text: string, path: string, hook: ScanHook): ScanOutcome {
  let verdict: ScanSummary['verdict'];
  let ruleIds: string[];
  try {
    const r = hook(text, { source: path });
    verdict = r.verdict === 'blocked' || r.verdict === 'flagged' ? r.verdict : 'clean';
    ruleIds = [...new Set(r.findings.map((f) => String(f.ruleId)))].sort();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const summary: ScanSummary = { verdict: 'blocked', ruleIds: ['scanner-error'] };
    return {
      summary,
      text: blockedPlaceholder(path, summary.ruleIds),
      blocked: true,
      diagnostics: [
        diagnostic(
          'E_SCAN_FAILED',
          'error',
          `the injection scanner failed on ${path} (${message}); blocked`,
          { file: path },
        ),
      ],
    };
  }
  const summary: ScanSummary = { verdict, ruleIds };
  if (verdict === 'blocked') {
    return {
      summary,
      text: blockedPlaceholder(path, ruleIds),
      blocked: true,
      diagnostics: [
        diagnostic(
          'E_SCAN_BLOCKED',
          'error',
          `${path} was blocked by the injection scanner (rules: ${ruleIds.join(', ') || 'none reported'})`,
          { file: path },
        ),
      ],
    };
  }
  const diagnostics =
    verdict === 'flagged'
      ? [
          diagnostic(
            'W_SCAN_FLAGGED',
            'warning',
            `${path} was flagged by the injection scanner (rules: ${ruleIds.join(', ')}); loaded`,
            { file: path },
          ),
        ]
      : [];
  return { summary, text, blocked: false, diagnostics };
}
