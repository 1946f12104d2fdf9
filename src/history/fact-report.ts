/**
 * @module history/fact-report
 * The honest check of a compaction: every fact of the whole input's ledger, looked up in the
 * output's text and in the artifacts of elided results, with one multi-string search per text.
 */
import type { ArtifactFact, DroppedFact, FactReport } from './compaction-types.js';
import type { Artifact } from './elide.js';
import { extractFactLedger, type Fact } from './facts.js';
import type { History } from './message.js';
import { firstOccurrences, occurrences } from './substring-set.js';

/**
 * Where each fact of `input` is in `output` (its visible text `outputText`) or in `artifacts`.
 * `scannerRemoved` says whether the scanner blocked summary lines (the reason a fact may be gone).
 */
export function reportFacts(
  input: History,
  outputText: string,
  artifacts: readonly Artifact[],
  scannerRemoved: boolean,
): FactReport {
  const content = new Map(artifacts.map((a) => [a.ref as string, a.content]));
  const ledger = extractFactLedger(input, { resolve: (ref) => content.get(ref) });
  const verbatim: Fact[] = [];
  const inArtifacts: ArtifactFact[] = [];
  const dropped: DroppedFact[] = [];
  const values = ledger.map((f) => f.value);
  const inOutput = occurrences(outputText, values);
  const rest: Fact[] = [];
  ledger.forEach((f, i) => {
    (inOutput[i] ? verbatim : rest).push(f);
  });
  // all artifacts in one search; a match is attributed to the artifact it starts in
  const starts: number[] = [];
  let at = 0;
  for (const a of artifacts) {
    starts.push(at);
    at += a.content.length + 1;
  }
  const joined = artifacts.map((a) => a.content).join('\u0000');
  const positions = firstOccurrences(
    joined,
    rest.map((f) => f.value),
  );
  const left: Fact[] = [];
  rest.forEach((fact, i) => {
    const p = positions[i]!;
    if (p < 0) {
      left.push(fact);
      return;
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= p) lo = mid;
      else hi = mid - 1;
    }
    inArtifacts.push({ fact, ref: artifacts[lo]!.ref });
  });
  for (const fact of left)
    dropped.push({ fact, reason: scannerRemoved ? 'removed-by-scanner' : 'not-in-output' });
  return { verbatim, inArtifacts, dropped };
}
