/**
 * @module history/memo-guard
 * Messages and parts are immutable values, and the history passes memoise what they compute on
 * the objects themselves (token counts, ledger steps, summary readings, elided stubs, argument
 * texts: weak maps by object). A caller that edits a message in place breaks that contract; this
 * module notices the edits that matter before the public entry points use the memos, and drops
 * the stale entries, so the result is the one a fresh copy of the history would get.
 *
 * What is checked, and when: `compactHistory`, `elideToolResults`, `historyTokens` and
 * `historyTokenCounts` check every message of their history ({@link refreshMemos}),
 * `messageTokens` checks its message ({@link refreshMessage}). A message is compared with what it
 * looked like when last checked: its role, id, parts array and its length, each part, and each
 * part's content fields by reference (text, image data and URL, tool name, call id, input and
 * input text, result content, `isError`, redacted data, value); a result's content array is
 * followed into its blocks (each block and its fields). Replacing, adding or removing a part or a
 * block, or assigning a new string or object to one of those fields, is noticed. A message
 * checked for the first time has its memo entries dropped (they may have been written before an
 * edit, by a pass that does not check), unless it and everything it holds is frozen, as every
 * message a compaction returns is. Not noticed: an edit deep inside a tool call's `input` object,
 * an opaque `value` or a block's `extra` (the reference is unchanged), and an edit made after a
 * check but before an internal pass reads the memo within the same call.
 */
import type { History, Message, Part } from './message.js';

/** Memos keyed by message or part objects, registered by the modules that keep them. */
const memos: WeakMap<object, unknown>[] = [];

/** Registers a memo whose entries {@link refreshMemos} drops for edited messages and parts. */
export function trackMemo(memo: WeakMap<object, unknown>): void {
  if (!memos.includes(memo)) memos.push(memo);
}

/** How many memos are registered (a fixed few: one per memoising module, not per counter). */
export function trackedMemoCount(): number {
  return memos.length;
}

/** Pushes a part and its content fields (a result's blocks too), by reference, onto `out`. */
function pushPart(out: unknown[], p: Part): void {
  out.push(p);
  switch (p.type) {
    case 'text':
      out.push(p.text);
      return;
    case 'image':
      out.push(p.data, p.url);
      return;
    case 'tool-call':
      out.push(p.id, p.name, p.input, p.inputText);
      return;
    case 'tool-result': {
      const c = p.content;
      out.push(p.toolCallId, c, p.isError);
      if (typeof c === 'object') {
        out.push(c.length);
        for (const b of c) pushPart(out, b);
      }
      return;
    }
    case 'thinking':
      out.push(p.text, p.redactedData);
      return;
    case 'opaque':
      out.push(p.value);
      return;
    default:
      return;
  }
}

/** A message's shape: role, id, parts array, its length, then each part and its fields. */
function snapshot(m: Message): unknown[] {
  const out: unknown[] = [m.role, m.id, m.parts, m.parts.length];
  for (const p of m.parts) pushPart(out, p);
  return out;
}

/** Position in the snapshot being compared by {@link samePart}. */
let at = 0;

/** Whether `p` matches the snapshot from {@link at} on (which it advances); allocates nothing. */
function samePart(was: readonly unknown[], p: Part): boolean {
  if (was[at++] !== p) return false;
  switch (p.type) {
    case 'text':
      return was[at++] === p.text;
    case 'image':
      return was[at++] === p.data && was[at++] === p.url;
    case 'tool-call':
      return (
        was[at++] === p.id &&
        was[at++] === p.name &&
        was[at++] === p.input &&
        was[at++] === p.inputText
      );
    case 'tool-result': {
      const c = p.content;
      if (was[at++] !== p.toolCallId || was[at++] !== c || was[at++] !== p.isError) return false;
      if (typeof c !== 'object') return true;
      if (was[at++] !== c.length) return false;
      for (const b of c) if (!samePart(was, b)) return false;
      return true;
    }
    case 'thinking':
      return was[at++] === p.text && was[at++] === p.redactedData;
    case 'opaque':
      return was[at++] === p.value;
    default:
      return true;
  }
}

/** Whether `m` still has the shape `was` (compared in place: nothing is allocated when it has). */
function unchanged(was: readonly unknown[], m: Message): boolean {
  if (was === FROZEN) return true;
  if (was[0] !== m.role || was[1] !== m.id || was[2] !== m.parts || was[3] !== m.parts.length)
    return false;
  at = 4;
  for (const p of m.parts) if (at >= was.length || !samePart(was, p)) return false;
  return at === was.length;
}

/** The snapshot of a message that cannot change: it and every object it holds are frozen. */
const FROZEN: readonly unknown[] = Object.freeze([]);

function allFrozen(m: Message, shape: readonly unknown[]): boolean {
  if (!Object.isFrozen(m)) return false;
  for (const x of shape)
    if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) return false;
  return true;
}

function dropEntries(m: Message, shapes: readonly (readonly unknown[])[]): void {
  for (const memo of memos) {
    memo.delete(m);
    for (const shape of shapes)
      for (const x of shape) if (typeof x === 'object' && x !== null) memo.delete(x);
  }
}

const seen = new WeakMap<Message, readonly unknown[]>();

/**
 * Checks `m` against what it looked like when last checked here and drops stale memo entries:
 * an edited message's (of the message, the parts and blocks it held then and holds now), and a
 * first-seen message's unless it is deeply frozen. Returns whether `m` was edited since its last
 * check. Linear in the parts and blocks of `m`; allocates nothing for an unchanged message.
 */
export function refreshMessage(m: Message): boolean {
  const was = seen.get(m);
  if (was !== undefined && unchanged(was, m)) return false;
  const now = snapshot(m);
  if (was === undefined && allFrozen(m, now)) {
    seen.set(m, FROZEN);
    return false;
  }
  dropEntries(m, was === undefined ? [now] : [was, now]);
  seen.set(m, now);
  return was !== undefined;
}

/**
 * {@link refreshMessage} for each message of `history`. Returns how many messages were edited
 * since their last check.
 */
export function refreshMemos(history: History): number {
  let edited = 0;
  for (const m of history) if (refreshMessage(m)) edited++;
  return edited;
}
