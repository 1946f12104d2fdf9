/**
 * @module history/memo-guard
 * Messages and parts are immutable values, and the history passes memoise what they compute on
 * the objects themselves (token counts, ledger steps, summary readings, elided stubs, argument
 * texts: weak maps by object). A caller that edits a message in place breaks that contract; this
 * module notices the edits that matter before a compaction uses the memos, and drops the stale
 * entries, so the result is the one a fresh copy of the history would get.
 *
 * What a message looked like is kept when a compaction first sees it: its parts array, the parts
 * in it, and each part's content fields (text, content, input, name, redacted data, value), by
 * reference. Replacing, adding or removing a part, or assigning a new string or object to one of
 * those fields, is noticed; an edit deep inside a tool call's `input` object or an image block of
 * a result's content array is not (the reference is unchanged) and still needs a new object.
 */
import type { History, Message, Part } from './message.js';

/** Memos keyed by message or part objects, registered by the modules that keep them. */
const memos: WeakMap<object, unknown>[] = [];

/** Registers a memo whose entries {@link refreshMemos} drops for edited messages and parts. */
export function trackMemo(memo: WeakMap<object, unknown>): void {
  memos.push(memo);
}

/** The content fields of a part, by reference. */
function fieldsOf(p: Part): readonly unknown[] {
  switch (p.type) {
    case 'text':
      return [p.text];
    case 'tool-call':
      return [p.name, p.input, p.inputText];
    case 'tool-result':
      return [p.content, typeof p.content === 'object' ? p.content.length : 0, p.isError];
    case 'thinking':
      return [p.text, p.redactedData];
    case 'opaque':
      return [p.value];
    default:
      return [];
  }
}

/** A message's shape: role, id, parts array, its length, then each part and its fields. */
function snapshot(m: Message): unknown[] {
  const out: unknown[] = [m.role, m.id, m.parts, m.parts.length];
  for (const p of m.parts) out.push(p, ...fieldsOf(p));
  return out;
}

/** Whether `m` still has the shape `was` (compared in place: nothing is allocated when it has). */
function unchanged(was: readonly unknown[], m: Message): boolean {
  if (was[0] !== m.role || was[1] !== m.id || was[2] !== m.parts || was[3] !== m.parts.length)
    return false;
  let at = 4;
  for (const p of m.parts) {
    if (was[at++] !== p) return false;
    for (const f of fieldsOf(p)) if (was[at++] !== f) return false;
  }
  return at === was.length;
}

const seen = new WeakMap<Message, unknown[]>();

/**
 * Checks each message of `history` against what it looked like when last seen here; for an
 * edited one, drops the memo entries of the message, of the parts it held then and of the parts
 * it holds now. Returns how many messages were edited. Linear in the number of parts.
 */
export function refreshMemos(history: History): number {
  let edited = 0;
  for (const m of history) {
    const was = seen.get(m);
    if (was !== undefined && unchanged(was, m)) continue;
    const now = snapshot(m);
    if (was !== undefined) {
      edited++;
      for (const memo of memos) {
        memo.delete(m);
        for (const x of [...was, ...now]) if (typeof x === 'object' && x !== null) memo.delete(x);
      }
    }
    seen.set(m, now);
  }
  return edited;
}
