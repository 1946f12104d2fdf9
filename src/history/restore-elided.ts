/**
 * @module history/restore-elided
 * When stage 1 alone brings a history under its target with room to spare, the newest elided
 * results are put back whole while the history stays within the target: elision keeps what is
 * old and large reachable, but a result the model may still need should not sit behind a
 * readback when the budget has room for it. Pure.
 */
import type { TokenCounter } from '../tokens/index.js';
import type { ElideResult } from './elide.js';
import type { History, Message, Part } from './message.js';
import { cachedMessageTokens as messageTokens } from './token-count.js';

function sumTokens(h: History, counter: TokenCounter): number {
  let n = 0;
  for (const m of h) n += messageTokens(m, counter);
  return n;
}

function withOriginalParts(
  elided: History,
  original: History,
  restore: ReadonlySet<string>,
): History {
  if (restore.size === 0) return elided;
  return elided.map((m, i) => {
    const parts = m.parts;
    const back = original[i]!.parts;
    let changed = false;
    const next: Part[] = parts.map((p, k) => {
      if (p.type !== 'tool-result' || !restore.has(p.toolCallId)) return p;
      changed = true;
      return back[k]!;
    });
    return changed ? ({ ...m, parts: next } as Message) : m;
  });
}

/**
 * `elision` with its newest elided results restored, newest first, while the history's tokens
 * stay at or under `target`. `original` is the history `elision` was made from (same shape).
 */
export function restoreNewestElided(
  original: History,
  elision: ElideResult,
  target: number,
  counter: TokenCounter,
): ElideResult {
  let tokens = sumTokens(elision.history, counter);
  const restore = new Set<string>();
  for (let i = elision.elisions.length - 1; i >= 0; i--) {
    const e = elision.elisions[i]!;
    const delta = e.tokensBefore - e.tokensAfter;
    if (tokens + delta > target) break;
    tokens += delta;
    restore.add(e.toolCallId);
  }
  if (restore.size === 0) return elision;
  const history = withOriginalParts(elision.history, original, restore);
  // the per-part estimates can be off by the framing of a message: check the whole
  if (sumTokens(history, counter) > target) return elision;
  const elisions = elision.elisions.filter((e) => !restore.has(e.toolCallId));
  const refs = new Set(elisions.map((e) => e.ref as string));
  const artifacts = elision.artifacts.filter((a) => refs.has(a.ref as string));
  return { history, elisions, artifacts };
}
