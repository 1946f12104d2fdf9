/**
 * @module providers/responses-input
 * The neutral history as OpenAI Responses `input` items, in order: user and assistant text become
 * `message` items, tool calls `function_call` items, tool results `function_call_output` items, and
 * reasoning a `reasoning` item. An assistant message is split into one item per run of text and
 * one per call or reasoning part, keeping their order.
 *
 * A reasoning item needs the id OpenAI gave it: a `thinking` part carrying it as `extra.id` (what
 * {@link reasoningPart} records) becomes `{ type: 'reasoning', id, summary, encrypted_content }`.
 * Thinking from another provider (Anthropic's signed blocks) has no Responses form and is left out,
 * as the Chat export leaves it out.
 */
import type { History, ImagePart, OpaquePart, TextPart, ThinkingPart } from '../history/index.js';
import { argumentsOf, unsupported } from './conversation.js';

/** A text part of a message item. */
export interface OpenAIResponsesInputText {
  type: 'input_text';
  text: string;
}

/** An image part of a message item (or of a function call output). */
export interface OpenAIResponsesInputImage {
  type: 'input_image';
  image_url: string;
  detail: 'low' | 'high' | 'auto';
}

/** One item of reasoning summary. */
export interface OpenAIResponsesSummaryText {
  type: 'summary_text';
  text: string;
}

/** A Responses API input item (the kinds ctxloom produces). */
export type OpenAIResponsesInputItem =
  | {
      type: 'message';
      role: 'user' | 'assistant' | 'system' | 'developer';
      content: string | (OpenAIResponsesInputText | OpenAIResponsesInputImage)[];
    }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | {
      type: 'function_call_output';
      call_id: string;
      output: string | (OpenAIResponsesInputText | OpenAIResponsesInputImage)[];
    }
  | {
      type: 'reasoning';
      id: string;
      summary: OpenAIResponsesSummaryText[];
      encrypted_content?: string;
    };

/** A reasoning item from a Responses output, as the neutral `thinking` part this module writes back. */
export function reasoningPart(item: {
  readonly id: string;
  readonly summary: readonly { readonly text: string }[];
  readonly encrypted_content?: string | null | undefined;
}): ThinkingPart {
  const text = item.summary.map((s) => s.text).join('\n');
  return typeof item.encrypted_content === 'string'
    ? { type: 'thinking', text, redactedData: item.encrypted_content, extra: { id: item.id } }
    : { type: 'thinking', text, extra: { id: item.id } };
}

function image(p: ImagePart): OpenAIResponsesInputImage {
  const url = p.url ?? `data:${p.mediaType ?? 'application/octet-stream'};base64,${p.data ?? ''}`;
  const detail = p.detail === 'low' || p.detail === 'high' ? p.detail : 'auto';
  return { type: 'input_image', image_url: url, detail };
}

type Content = (OpenAIResponsesInputText | OpenAIResponsesInputImage)[];

function contentOf(
  parts: readonly (TextPart | ImagePart | OpaquePart)[],
  i: number,
  fail: (i: number, text: string) => Error,
): Content {
  return parts.map((p) => {
    if (p.type === 'text') return { type: 'input_text', text: p.text };
    if (p.type === 'image') return image(p);
    throw fail(i, `${p.provider}-only block: no Responses form`);
  });
}

/** A single text part stays a string (the shortest body); anything else a list of parts. */
function compact(content: Content): string | Content {
  const only = content[0];
  return content.length === 1 && only?.type === 'input_text' ? only.text : content;
}

/**
 * Writes `history` (no system messages: see `conversationOf`) as Responses input items. Throws
 * `E_EXPORT_UNSUPPORTED` for provider-only blocks and for an image in an assistant message.
 */
export function toResponsesInput(history: History): OpenAIResponsesInputItem[] {
  const items: OpenAIResponsesInputItem[] = [];
  history.forEach((m, i) => {
    const fail = (index: number, text: string) => unsupported(index, m, text);
    if (m.role === 'tool') {
      const beside: (TextPart | ImagePart | OpaquePart)[] = [];
      for (const p of m.parts) {
        if (p.type === 'tool-result') {
          const c = p.content;
          items.push({
            type: 'function_call_output',
            call_id: p.toolCallId,
            output: c === undefined ? '' : typeof c === 'string' ? c : contentOf(c, i, fail),
          });
        } else if (p.type === 'text' || p.type === 'image' || p.type === 'opaque') beside.push(p);
      }
      if (beside.length > 0)
        items.push({ type: 'message', role: 'user', content: compact(contentOf(beside, i, fail)) });
      return;
    }
    if (m.role === 'user' || m.role === 'system') {
      const parts = m.parts.filter(
        (p): p is TextPart | ImagePart | OpaquePart =>
          p.type === 'text' || p.type === 'image' || p.type === 'opaque',
      );
      if (parts.length !== m.parts.length) throw fail(i, `a ${m.role} message holds tool parts`);
      items.push({ type: 'message', role: m.role, content: compact(contentOf(parts, i, fail)) });
      return;
    }
    // assistant: one message item per run of text, one item per call or reasoning part
    let text: string[] = [];
    const flush = () => {
      if (text.length > 0)
        items.push({ type: 'message', role: 'assistant', content: text.join('\n') });
      text = [];
    };
    for (const p of m.parts) {
      if (p.type === 'text') text.push(p.text);
      else if (p.type === 'tool-call') {
        flush();
        items.push({
          type: 'function_call',
          call_id: p.id,
          name: p.name,
          arguments: argumentsOf(p),
        });
      } else if (p.type === 'thinking') {
        const id = p.extra?.id;
        if (typeof id !== 'string') continue; // another provider's reasoning: no Responses form
        flush();
        const item: OpenAIResponsesInputItem = {
          type: 'reasoning',
          id,
          summary: p.text === '' ? [] : [{ type: 'summary_text', text: p.text }],
        };
        if (p.redactedData !== undefined) item.encrypted_content = p.redactedData;
        items.push(item);
      } else if (p.type === 'image') throw fail(i, 'an image in an assistant message');
      else if (p.type === 'opaque') throw fail(i, `${p.provider}-only block: no Responses form`);
      else if (p.type === 'tool-result') throw fail(i, 'a tool result in an assistant message');
    }
    flush();
  });
  return items;
}
