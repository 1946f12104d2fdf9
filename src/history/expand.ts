/**
 * @module history/expand
 * Undoing stage 1: puts the stored bytes of every elided tool result back, for a caller that
 * holds only the compacted view (the original history itself is never changed by compaction).
 */
import type { ArtifactStore } from './artifact-store.js';
import { isArtifactRef } from './artifact-store.js';
import { identifyFragment } from './fragment.js';
import type { History, Message, Part } from './message.js';
import { toolResultText } from './message.js';

/** What {@link expandElided} did. */
export interface ExpandResult {
  /** The history with elided results restored (unchanged messages are the same objects). */
  readonly history: History;
  /** References restored. */
  readonly restored: readonly string[];
  /** References the store did not have (those results stay elided). */
  readonly missing: readonly string[];
}

/** Replaces every `elided-result` tool result with its artifact's exact text. */
export async function expandElided(history: History, store: ArtifactStore): Promise<ExpandResult> {
  const restored: string[] = [];
  const missing: string[] = [];
  const out: Message[] = [];
  for (const m of history) {
    if (m.role !== 'tool') {
      out.push(m);
      continue;
    }
    let changed = false;
    const parts: Part[] = [];
    for (const p of m.parts) {
      const f = p.type === 'tool-result' ? identifyFragment(toolResultText(p)) : undefined;
      const ref = f?.type === 'elided-result' ? f.attributes.ref : undefined;
      if (p.type !== 'tool-result' || !isArtifactRef(ref)) {
        parts.push(p);
        continue;
      }
      const content = await store.get(ref);
      if (content === undefined) {
        missing.push(ref);
        parts.push(p);
        continue;
      }
      restored.push(ref);
      changed = true;
      parts.push({ ...p, content });
    }
    out.push(changed ? { ...m, parts } : m);
  }
  return { history: out, restored, missing };
}
