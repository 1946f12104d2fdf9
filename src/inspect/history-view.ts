/**
 * @module inspect/history-view
 * A session's history as labelled pieces: user and assistant text, tool calls, tool results,
 * thinking, and every ctxloom fragment (summary, elided result, rule, skill, ...) by its type;
 * plus the split of its tokens into conversation, verbatim tool results and elided ones. Pure.
 */
import {
  type History,
  identifyFragment,
  type Message,
  messageTokens,
  type Part,
  toolResultText,
} from '../history/index.js';
import type { TokenCounter } from '../tokens/index.js';
import type { HistoryItem, HistoryItemKind } from './types.js';
import type { HistoryUsage } from './usage.js';

const PREVIEW_CHARS = 160;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= PREVIEW_CHARS ? flat : `${flat.slice(0, PREVIEW_CHARS)}…`;
}

/** The attribute that names a fragment best. */
function fragmentLabel(attributes: Readonly<Record<string, string>>): string {
  for (const key of ['name', 'path', 'source', 'covers', 'ref', 'tool', 'id'])
    if (attributes[key] !== undefined) return `${key}=${attributes[key]}`;
  return '';
}

function textItem(m: Message, text: string, counter: TokenCounter): HistoryItem {
  const fragment = identifyFragment(text);
  const kind: HistoryItemKind =
    fragment !== undefined ? 'fragment' : m.role === 'assistant' ? 'assistant' : 'user';
  return {
    messageId: m.id,
    role: m.role,
    kind,
    fragment: fragment?.type,
    label: fragment === undefined ? '' : fragmentLabel(fragment.attributes),
    tokens: counter.count(text),
    preview: preview(fragment === undefined ? text : fragment.body),
  };
}

function partItem(
  m: Message,
  p: Part,
  counter: TokenCounter,
  toolNames: ReadonlyMap<string, string>,
): HistoryItem | undefined {
  if (p.type === 'text') return textItem(m, p.text, counter);
  if (p.type === 'tool-call') {
    const args = p.inputText ?? JSON.stringify(p.input);
    const base = { messageId: m.id, role: m.role, fragment: undefined };
    return {
      ...base,
      kind: 'tool-call',
      label: p.name,
      tokens: counter.count(args),
      preview: preview(args),
    };
  }
  if (p.type === 'tool-result') {
    const text = toolResultText(p);
    const fragment = identifyFragment(text);
    return {
      messageId: m.id,
      role: m.role,
      kind: fragment === undefined ? 'tool-result' : 'fragment',
      fragment: fragment?.type,
      label: toolNames.get(p.toolCallId) ?? p.toolCallId,
      tokens: counter.count(text),
      preview: preview(fragment === undefined ? text : fragment.body),
    };
  }
  if (p.type === 'thinking') {
    const base = { messageId: m.id, role: m.role, fragment: undefined, label: '' };
    return { ...base, kind: 'thinking', tokens: counter.count(p.text), preview: preview(p.text) };
  }
  return undefined;
}

/** Every labelled piece of `history`, in order. */
export function historyItems(history: History, counter: TokenCounter): readonly HistoryItem[] {
  const toolNames = new Map<string, string>();
  for (const m of history)
    for (const p of m.parts) if (p.type === 'tool-call') toolNames.set(p.id, p.name);
  const items: HistoryItem[] = [];
  for (const m of history)
    for (const p of m.parts) {
      const item = partItem(m, p, counter, toolNames);
      if (item !== undefined) items.push(Object.freeze(item));
    }
  return Object.freeze(items);
}

/**
 * The history's tokens split into conversation, verbatim tool results and elided ones (a result
 * that is an `elided-result` fragment). The three add up to `historyTokens(history)`.
 */
export function historyUsage(history: History, counter: TokenCounter): HistoryUsage {
  let conversation = 0;
  let verbatim = 0;
  let elided = 0;
  for (const m of history) {
    const total = messageTokens(m, counter);
    let results = 0;
    for (const p of m.parts) {
      if (p.type !== 'tool-result') continue;
      const text = toolResultText(p);
      const n = counter.count(text);
      results += n;
      if (identifyFragment(text)?.type === 'elided-result') elided += n;
      else verbatim += n;
    }
    conversation += Math.max(0, total - results);
  }
  return Object.freeze({
    conversation,
    toolResultsVerbatim: verbatim,
    toolResultsElided: elided,
  });
}
