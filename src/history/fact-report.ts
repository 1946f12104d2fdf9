/**
 * @module history/fact-report
 * The honest check of a compaction: every fact of the whole input's ledger, looked up in the
 * output's text and in the artifacts of elided results. Linear in the input plus one substring
 * search per fact.
 */
import type { ArtifactFact, DroppedFact, FactReport } from './compaction-types.js';
import type { Artifact } from './elide.js';
import { extractFactLedger, type Fact } from './facts.js';
import type { History } from './message.js';

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
  for (const fact of ledger) {
    if (outputText.includes(fact.value)) {
      verbatim.push(fact);
      continue;
    }
    const holder = artifacts.find((a) => a.content.includes(fact.value));
    if (holder !== undefined) inArtifacts.push({ fact, ref: holder.ref });
    else dropped.push({ fact, reason: scannerRemoved ? 'removed-by-scanner' : 'not-in-output' });
  }
  return { verbatim, inArtifacts, dropped };
}
