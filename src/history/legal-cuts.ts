/**
 * @module history/legal-cuts
 * Where a history may be cut (the kept part starting at a cut). Cut `c` lies between message
 * `c - 1` and message `c`. It is legal when:
 * - no tool call before `c` has its result at or after `c` (or is still unanswered): this also
 *   keeps every batch of parallel calls whole;
 * - inside the unfinished tool loop that ends the history, when that loop carries thinking, the
 *   kept part starts at an assistant step that itself starts with thinking.
 * A tool loop runs from an assistant message with tool calls through its results and follow-up
 * assistant steps to the first assistant reply without calls. What providers require of
 * reasoning: Anthropic wants every thinking block sent back whole and unmodified with its
 * assistant message (kept messages are never changed, so that holds), and, while a tool loop is
 * running, the final assistant turn must start with a thinking block; once a loop has ended with
 * a reply, earlier thinking may be dropped. OpenAI reasoning items belong to the assistant step
 * that produced them, which stays whole. So a cut between complete assistant + tool-result steps
 * of a finished loop is legal, and one inside the running loop only where a step with thinking
 * starts (the summary message before it makes that step the start of the final turn).
 */
import type { History, Message } from './message.js';

function hasCalls(m: Message): boolean {
  return m.parts.some((p) => p.type === 'tool-call');
}

/** Tool loops as [start, end] message index pairs (inclusive). */
export function toolLoops(history: History): readonly (readonly [number, number])[] {
  const loops: [number, number][] = [];
  let i = 0;
  while (i < history.length) {
    const m = history[i]!;
    if (m.role !== 'assistant' || !hasCalls(m)) {
      i++;
      continue;
    }
    const start = i;
    let end = i;
    let j = i + 1;
    while (j < history.length) {
      const n = history[j]!;
      if (n.role === 'tool') end = j;
      else if (n.role === 'assistant') {
        end = j;
        if (!hasCalls(n)) break;
      } else break;
      j++;
    }
    loops.push([start, end]);
    i = end + 1;
  }
  return loops;
}

function startsWithThinking(m: Message): boolean {
  const first = m.parts.find((p) => p.type !== 'cache-breakpoint');
  return m.role === 'assistant' && first?.type === 'thinking';
}

/** Whether a loop's assistant messages carry thinking. */
function loopHasThinking(history: History, [start, end]: readonly [number, number]): boolean {
  for (let k = start; k <= end; k++) {
    const m = history[k]!;
    if (m.role === 'assistant' && m.parts.some((p) => p.type === 'thinking')) return true;
  }
  return false;
}

/**
 * For every cut `c` in `0..history.length`, whether it is legal. `legal[0]` (keep everything)
 * is always true; `legal[length]` (keep nothing after) is false while a call is unanswered.
 */
export function legalCuts(history: History): readonly boolean[] {
  const n = history.length;
  const legal = new Array<boolean>(n + 1).fill(true);
  // open calls: a call at message a answered at message b (or never) blocks cuts a+1..b
  const callAt = new Map<string, number>();
  const lastResult = new Map<string, number>();
  for (let i = 0; i < history.length; i++)
    for (const p of history[i]!.parts) {
      if (p.type === 'tool-call') callAt.set(p.id, i);
      else if (p.type === 'tool-result') lastResult.set(p.toolCallId, i);
    }
  for (const [id, a] of callAt) {
    const b = lastResult.get(id) ?? n;
    for (let c = a + 1; c <= b; c++) legal[c] = false;
  }
  const loops = toolLoops(history);
  const last = loops[loops.length - 1];
  // the loop that ends the history without a reply is running: its final turn needs thinking
  const running =
    last !== undefined &&
    last[1] === n - 1 &&
    hasCalls(history[last[0]]!) &&
    (history[n - 1]!.role !== 'assistant' || hasCalls(history[n - 1]!));
  if (running && loopHasThinking(history, last)) {
    for (let c = last[0] + 1; c <= last[1]; c++) {
      if (!startsWithThinking(history[c]!)) legal[c] = false;
    }
  }
  return legal;
}
