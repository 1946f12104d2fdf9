/**
 * @module history/summary-scan
 * The compaction summary through the scan gate: blocked lines replaced by the gate's
 * placeholder, flagged lines kept inside its flagged wrapper.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import {
  blockedPlaceholder,
  flaggedWrapper,
  gateUntrusted,
  SCANNER_ERROR_RULE,
  type Scanner,
} from '../safety/index.js';

/** The summary text after the scan gate, and what the gate reported. */
export interface ScannedSummary {
  readonly text: string;
  readonly diagnostics: Diagnostic[];
}

/** Where the summary's scan diagnostics point. */
const SUMMARY_SOURCE = 'compaction summary';

/**
 * The summary through the scan gate. A scanner that throws blocks the whole summary (fail
 * closed); otherwise each line with a live `block` finding is replaced by the gate's placeholder
 * and each line with a live `flag` finding is kept inside the gate's flagged wrapper, so a
 * flagged tool-output line never reaches the user-role summary as plain text. Lines are 1-based,
 * as the scanner reports them; a verdict with no located finding applies to the whole text.
 */
export function scanSummary(text: string, scanner: Scanner | undefined): ScannedSummary {
  const gate = gateUntrusted(text, { source: SUMMARY_SOURCE, scanner });
  if (gate.verdict === 'unscanned' || gate.verdict === 'clean')
    return { text, diagnostics: [...gate.diagnostics] };
  if (gate.ruleIds.includes(SCANNER_ERROR_RULE) && gate.findings.length === 0)
    return { text: gate.text, diagnostics: [...gate.diagnostics] };
  const lines = text.split('\n');
  const byLine = new Map<number, { block: Set<string>; flag: Set<string> }>();
  for (const f of gate.findings) {
    if (f.suppressed !== undefined || f.severity === 'info' || f.line === undefined) continue;
    if (f.line < 1 || f.line > lines.length) continue;
    const entry = byLine.get(f.line) ?? { block: new Set<string>(), flag: new Set<string>() };
    (f.severity === 'flag' ? entry.flag : entry.block).add(f.ruleId);
    byLine.set(f.line, entry);
  }
  const blockedLines = [...byLine.values()].filter((e) => e.block.size > 0).length;
  const located = gate.verdict === 'blocked' ? blockedLines > 0 : byLine.size > 0;
  if (!located) return { text: gate.text, diagnostics: [...gate.diagnostics] };
  const removed = new Set<string>();
  const flagged = new Set<string>();
  let flaggedLines = 0;
  for (const [line, e] of [...byLine].sort((a, b) => a[0] - b[0])) {
    if (e.block.size > 0) {
      const ids = [...e.block].sort();
      for (const id of ids) removed.add(id);
      lines[line - 1] = blockedPlaceholder(`a line quoted into the ${SUMMARY_SOURCE}`, ids);
    } else {
      const ids = [...e.flag].sort();
      for (const id of ids) flagged.add(id);
      flaggedLines++;
      lines[line - 1] = flaggedWrapper(
        lines[line - 1]!,
        `a line quoted into the ${SUMMARY_SOURCE}`,
        ids,
      );
    }
  }
  const diagnostics: Diagnostic[] = [];
  if (blockedLines > 0)
    diagnostics.push(
      diagnostic(
        'W_HISTORY_SUMMARY_BLOCKED',
        'warning',
        `the injection scanner removed ${blockedLines} line(s) quoted into the summary (rules: ${[...removed].sort().join(', ')})`,
      ),
    );
  if (flaggedLines > 0)
    diagnostics.push(
      diagnostic(
        'W_HISTORY_SUMMARY_FLAGGED',
        'warning',
        `the injection scanner flagged ${flaggedLines} line(s) quoted into the summary (rules: ${[...flagged].sort().join(', ')}); they are kept marked as untrusted data`,
      ),
    );
  return { text: lines.join('\n'), diagnostics };
}
