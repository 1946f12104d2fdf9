/**
 * @module history/token-count
 * Token accounting per message with the tokens module. Messages and parts are immutable, so
 * counts are memoised per (object, counter) in one weak map: in a live session only new messages
 * are counted, and a short-lived counter leaves nothing behind.
 */
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import { refreshMemos, refreshMessage, trackMemo } from './memo-guard.js';
import type { History, Message, Part } from './message.js';
import { toolCallArguments } from './message.js';

/** Tokens charged per message for role and framing (as the providers' chat formats do). */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens charged per image (a typical 1024×1024 image on current vision models). */
export const IMAGE_TOKENS = 1600;

/**
 * The counts of one message or part: the first counter's inline, any other's in a weak map (a
 * short-lived counter leaves nothing behind once it is collected).
 */
interface Counts {
  readonly counter: TokenCounter;
  n: number;
  others?: WeakMap<TokenCounter, number>;
}

/** One memo for every counter, keyed by object first, so the memo guard tracks one map. */
const counts = new WeakMap<object, Counts>();
trackMemo(counts);

function cachedCount(key: object, counter: TokenCounter): number | undefined {
  const e = counts.get(key);
  if (e === undefined) return undefined;
  return e.counter === counter ? e.n : e.others?.get(counter);
}

function storeCount(key: object, counter: TokenCounter, n: number): void {
  const e = counts.get(key);
  if (e === undefined) counts.set(key, { counter, n });
  else if (e.counter === counter) e.n = n;
  else {
    e.others ??= new WeakMap();
    e.others.set(counter, n);
  }
}

function countPart(p: Part, counter: TokenCounter): number {
  switch (p.type) {
    case 'text':
      return counter.count(p.text);
    case 'image':
      return IMAGE_TOKENS;
    case 'tool-call':
      return counter.count(p.name) + counter.count(toolCallArguments(p)) + 3;
    case 'tool-result': {
      const c = p.content;
      if (c === undefined) return 3;
      if (typeof c === 'string') return counter.count(c) + 3;
      let n = 3;
      for (const b of c) n += partTokens(b, counter);
      return n;
    }
    case 'thinking':
      return counter.count(p.redactedData ?? p.text);
    case 'cache-breakpoint':
      return 0;
    case 'opaque':
      return counter.count(JSON.stringify(p.value));
  }
}

/** The tokens one part costs (a tool result includes 3 tokens of framing). Memoised per part. */
export function partTokens(part: Part, counter: TokenCounter = defaultTokenCounter): number {
  const hit = cachedCount(part, counter);
  if (hit !== undefined) return hit;
  const n = countPart(part, counter);
  storeCount(part, counter, n);
  return n;
}

/**
 * The tokens one message costs. Memoised per message; an edit in place since the last check is
 * noticed (see memo-guard.ts).
 */
export function messageTokens(
  message: Message,
  counter: TokenCounter = defaultTokenCounter,
): number {
  refreshMessage(message);
  return cachedMessageTokens(message, counter);
}

/** {@link messageTokens} without the edit check, for passes whose caller checked the history. */
export function cachedMessageTokens(
  message: Message,
  counter: TokenCounter = defaultTokenCounter,
): number {
  const hit = cachedCount(message, counter);
  if (hit !== undefined) return hit;
  let n = MESSAGE_OVERHEAD_TOKENS;
  for (const p of message.parts) n += partTokens(p, counter);
  storeCount(message, counter, n);
  return n;
}

/** The tokens of every message, in order (each message checked for edits in place first). */
export function historyTokenCounts(
  history: History,
  counter: TokenCounter = defaultTokenCounter,
): readonly number[] {
  refreshMemos(history);
  return history.map((m) => cachedMessageTokens(m, counter));
}

/** The tokens of the whole history (each message checked for edits in place first). */
export function historyTokens(
  history: History,
  counter: TokenCounter = defaultTokenCounter,
): number {
  refreshMemos(history);
  let n = 0;
  for (const m of history) n += cachedMessageTokens(m, counter);
  return n;
}
