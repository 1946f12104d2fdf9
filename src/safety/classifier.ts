/**
 * @module safety/classifier
 * An optional asynchronous second stage (for example an LLM judge) that the caller plugs in.
 * It is off unless given. It sees the text and the first-stage result, and may add a verdict.
 * When it throws or rejects, `failMode` decides: `open` keeps the first-stage result, `closed`
 * blocks the text with a `classifier.error` finding.
 */
import { ruleInfo } from './catalogue.js';
import { verdictOf } from './policy.js';
import { type ScanOptions, scan } from './scan.js';
import type { Finding, ScanResult, Severity } from './types.js';

/** What a second-stage classifier answers. */
export interface ClassifierVerdict {
  /** `injection` adds a finding at `severity` (default block); `benign` adds nothing. */
  readonly label: 'injection' | 'benign';
  readonly severity?: Severity;
  readonly reason?: string;
}

/** A caller-supplied second stage. */
export interface Classifier {
  classify(text: string, firstStage: ScanResult): Promise<ClassifierVerdict>;
}

/** Options for {@link scanWithClassifier}. */
export interface ClassifiedScanOptions extends ScanOptions {
  readonly classifier?: Classifier;
  /** What to do when the classifier fails (default `closed`). */
  readonly failMode?: 'open' | 'closed';
  /** Skip the classifier when the first stage already blocked (default true). */
  readonly skipWhenBlocked?: boolean;
}

function withFinding(
  result: ScanResult,
  ruleId: string,
  severity: Severity,
  message: string,
  options: ClassifiedScanOptions,
): ScanResult {
  const info = ruleInfo(ruleId);
  const f: Finding = Object.freeze({
    ruleId,
    category: info.category,
    severity,
    message,
    line: 1,
    column: 1,
    byteOffset: 0,
    index: 0,
    length: 0,
    excerpt: '',
  });
  const findings = Object.freeze([...result.findings, f]);
  const live = findings.filter((x) => x.suppressed === undefined).map((x) => x.severity);
  return Object.freeze({ verdict: verdictOf(live, options.policy ?? {}), findings });
}

/** Runs {@link scan}, then the classifier if one is given. */
export async function scanWithClassifier(
  text: string,
  options: ClassifiedScanOptions = {},
): Promise<ScanResult> {
  const first = scan(text, options);
  const classifier = options.classifier;
  if (classifier === undefined) return first;
  if (first.verdict === 'blocked' && (options.skipWhenBlocked ?? true)) return first;
  let answer: ClassifierVerdict;
  try {
    answer = await classifier.classify(text, first);
  } catch (error) {
    if ((options.failMode ?? 'closed') === 'open') return first;
    const why = error instanceof Error ? error.message : String(error);
    return withFinding(
      first,
      'classifier.error',
      'block',
      `The second-stage classifier failed (${why}); fail-closed.`,
      options,
    );
  }
  if (answer.label !== 'injection') return first;
  return withFinding(
    first,
    'classifier.verdict',
    answer.severity ?? 'block',
    `The second-stage classifier judged this an injection${answer.reason === undefined ? '' : `: ${answer.reason}`}.`,
    options,
  );
}
