/**
 * @module history/turns
 * Turns and the kinds of user messages: a turn starts at a message the user typed; messages that
 * only carry ctxloom fragments (summaries, skills, rules…) are injected context, not the user.
 */
import { type Fragment, identifyFragment } from './fragment.js';
import type { History, Message } from './message.js';

/** The fragments of a message's text parts (one per text part that is a fragment). */
export function fragmentsOf(message: Message): readonly Fragment[] {
  const out: Fragment[] = [];
  for (const p of message.parts) {
    if (p.type !== 'text') continue;
    const f = identifyFragment(p.text);
    if (f !== undefined) out.push(f);
  }
  return out;
}

/** True when every text part of a user or system message is a ctxloom fragment. */
export function isInjected(message: Message): boolean {
  if (message.role !== 'user' && message.role !== 'system') return false;
  const texts = message.parts.filter((p) => p.type === 'text');
  return texts.length > 0 && texts.length === fragmentsOf(message).length;
}

/** True when the user typed this message. */
export function isTypedByUser(message: Message): boolean {
  return message.role === 'user' && !isInjected(message);
}

/**
 * The index where the last `turns` turns start (the `turns`-th last message typed by the user),
 * or 0 when there are fewer turns.
 */
export function recentTurnsStart(history: History, turns: number): number {
  if (turns <= 0) return history.length;
  let seen = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (isTypedByUser(history[i]!) && ++seen === turns) return i;
  }
  return 0;
}
