/**
 * @module inspect/compactions
 * Each compaction of a session: what was kept, which tool results were elided (with the artifact
 * reference to read them back), what a summary replaced and which facts were dropped. A live
 * `CompactionResult` says all of it; a stored session keeps only its `CompactionRecord` (when,
 * tokens before and after, the artifact refs), so the rest is read from the history's own
 * fragments (`elided-result` refs, `summary` covers). Pure.
 */
import {
  type CompactionResult,
  type History,
  identifyFragment,
  toolResultText,
} from '../history/index.js';
import type { Session } from '../session/index.js';
import type { InspectCompaction } from './types.js';

/** Where each `elided-result` ref and each `summary` range sits in the history. */
function fragmentsOf(history: History): { refs: Map<string, string>; covers: string[] } {
  const refs = new Map<string, string>();
  const covers: string[] = [];
  for (const m of history)
    for (const p of m.parts) {
      const text = p.type === 'text' ? p.text : p.type === 'tool-result' ? toolResultText(p) : '';
      const f = identifyFragment(text);
      if (f?.type === 'elided-result' && f.attributes.ref !== undefined)
        refs.set(f.attributes.ref, m.id);
      if (f?.type === 'summary') covers.push(f.attributes.covers ?? m.id);
    }
  return { refs, covers };
}

/** A live compaction's full record. */
export function compactionFromResult(result: CompactionResult, at: string): InspectCompaction {
  return Object.freeze({
    at,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
    kept: Object.freeze([...result.record.kept]),
    elided: Object.freeze(
      result.record.elided.map((e) => ({ messageId: e.messageId, ref: e.ref })),
    ),
    summarized: Object.freeze([...result.record.summarized]),
    dropped: Object.freeze(
      (result.factReport?.dropped ?? []).map(
        (d) => `${d.fact.kind}: ${d.fact.value} (${d.reason})`,
      ),
    ),
    detail: 'result' as const,
  });
}

/**
 * The session's compactions. `results` (live compaction results, oldest first) replace the stored
 * records they match by position; the others are read from the record and the history: elided
 * refs with the message that now holds the reference, and the summary ranges still in the history
 * on the latest compaction (a later summary replaces an earlier one).
 */
export function sessionCompactions(
  session: Session,
  results: readonly CompactionResult[] = [],
): readonly InspectCompaction[] {
  const { refs, covers } = fragmentsOf(session.history);
  const last = session.compactions.length - 1;
  return Object.freeze(
    session.compactions.map((c, i) => {
      const live = results[i];
      if (live !== undefined) return compactionFromResult(live, c.at);
      return Object.freeze({
        at: c.at,
        tokensBefore: c.tokensBefore,
        tokensAfter: c.tokensAfter,
        kept: Object.freeze([]),
        elided: Object.freeze(c.artifacts.map((ref) => ({ messageId: refs.get(ref) ?? '', ref }))),
        summarized: Object.freeze(i === last ? [...covers] : []),
        dropped: Object.freeze([]),
        detail: 'record' as const,
      });
    }),
  );
}
