/**
 * @module sources/prompt-entries
 * Loaded sources as the repository-context section renders them. Pure.
 */
import type { InstructionSourceEntry } from '../prompt/types.js';
import type { LoadResult, SourceRecord } from './types.js';

/** One record as a prompt entry. */
export function toInstructionEntry(s: SourceRecord): InstructionSourceEntry {
  return Object.freeze({
    path: s.path,
    kind: s.kind,
    scope: s.scope,
    trust: s.trust,
    status: s.status,
    content: s.content,
  });
}

/**
 * The sources of a load as prompt entries, in prompt order (global first, closest last). Skipped
 * sources are left out (they are in the load's report and diagnostics); blocked sources are kept
 * with their placeholder.
 */
export function toInstructionEntries(
  result: Pick<LoadResult, 'sources'>,
): readonly InstructionSourceEntry[] {
  return Object.freeze(
    result.sources.filter((s) => s.status !== 'skipped').map(toInstructionEntry),
  );
}
