/**
 * @module history/openai
 * Lossless import and export of the OpenAI Chat Completions message shape. Consecutive `tool`
 * messages (one parallel batch) become one internal `tool` message with one result part each and
 * are split back on export; argument text that is not canonical JSON is kept exactly; unknown
 * fields ride in `extra`, unknown content parts in `opaque` parts. So
 * `exportOpenAI(importOpenAI(x))` deep-equals `x`.
 */
import type { Mutable } from '../_internal/mutable.js';
import type { ImportedTranscript } from './anthropic.js';
import { extraFields, isRecord, type JsonObject, type JsonValue } from './json.js';
import type {
  History,
  ImagePart,
  Message,
  MessageOrigin,
  OpaquePart,
  Part,
  TextPart,
  ToolCallPart,
  ToolResultPart,
} from './message.js';
import { exportError, jsonTypeOf, transcriptError } from './provider-error.js';

/** A content part (`text`, `image_url`; others travel as JSON objects). */
export type OpenAIContentPart =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'image_url';
      readonly image_url: { readonly url: string; readonly detail?: string };
    }
  | JsonObject;

/** A function tool call of an assistant message. */
export interface OpenAIToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

/** One Chat Completions message. */
export interface OpenAIMessage {
  readonly role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  readonly content?: string | null | readonly OpenAIContentPart[];
  readonly tool_calls?: readonly OpenAIToolCall[];
  readonly tool_call_id?: string;
  readonly [key: string]: unknown;
}

/** A Chat Completions request (other top-level fields such as `model` are kept). */
export interface OpenAIRequest {
  readonly messages: readonly OpenAIMessage[];
  readonly [key: string]: unknown;
}

function withExtra<T extends object>(part: T, extra: JsonObject | undefined): T {
  return extra === undefined ? part : { ...part, extra };
}

function opaque(value: JsonObject): OpaquePart {
  return { type: 'opaque', provider: 'openai', value };
}

function contentPart(p: unknown, index: number): TextPart | ImagePart | OpaquePart {
  if (!isRecord(p))
    throw transcriptError(index, `a "content" part is ${jsonTypeOf(p)}, not an object`);
  if (p.type === 'text' && typeof p.text === 'string') {
    return withExtra<TextPart>({ type: 'text', text: p.text }, extraFields(p, ['type', 'text']));
  }
  const iu = p.image_url;
  if (
    p.type === 'image_url' &&
    isRecord(iu) &&
    typeof iu.url === 'string' &&
    (iu.detail === undefined || typeof iu.detail === 'string') &&
    extraFields(iu, ['url', 'detail']) === undefined
  ) {
    const img: { type: 'image'; url: string; detail?: string } = { type: 'image', url: iu.url };
    if (typeof iu.detail === 'string') img.detail = iu.detail;
    return withExtra<ImagePart>(img, extraFields(p, ['type', 'image_url']));
  }
  return opaque(p as JsonObject);
}

function contentOf(
  content: unknown,
  index: number,
): { parts: Part[]; form?: MessageOrigin['contentForm'] } {
  if (content === undefined) return { parts: [], form: 'absent' };
  if (content === null) return { parts: [], form: 'null' };
  if (typeof content === 'string')
    return { parts: [{ type: 'text', text: content }], form: 'string' };
  if (!Array.isArray(content))
    throw transcriptError(
      index,
      `"content" is ${jsonTypeOf(content)}: expected a string, an array of parts or null`,
    );
  return { parts: content.map((p) => contentPart(p, index)) };
}

function toolCallOf(call: unknown, index: number): ToolCallPart {
  if (!isRecord(call) || typeof call.id !== 'string' || !isRecord(call.function)) {
    throw transcriptError(
      index,
      isRecord(call)
        ? 'a "tool_calls" entry needs a string "id" and a "function" object'
        : `a "tool_calls" entry is ${jsonTypeOf(call)}, not an object`,
    );
  }
  const fn = call.function;
  if (typeof fn.name !== 'string' || typeof fn.arguments !== 'string') {
    throw transcriptError(index, `tool call ${call.id} without a name or string arguments`);
  }
  if (extraFields(fn, ['name', 'arguments']) !== undefined) {
    throw transcriptError(index, `tool call ${call.id} has unsupported function fields`);
  }
  const known = call.type === 'function' ? ['id', 'type', 'function'] : ['id', 'function'];
  const part: Mutable<ToolCallPart> = {
    type: 'tool-call',
    id: call.id,
    name: fn.name,
    input: fn.arguments,
  };
  try {
    part.input = JSON.parse(fn.arguments) as JsonValue;
    if (JSON.stringify(part.input) !== fn.arguments) part.inputText = fn.arguments;
  } catch {
    part.inputText = fn.arguments;
  }
  const extra = extraFields(call, known);
  if (call.type !== 'function') {
    return { ...part, extra: { ...(extra ?? {}), 'ctxloom:noType': call.type === undefined } };
  }
  return withExtra(part, extra);
}

function originOf(
  form: MessageOrigin['contentForm'] | undefined,
  role: string | undefined,
  extra: JsonObject | undefined,
): MessageOrigin {
  const o: Mutable<MessageOrigin> = { provider: 'openai' };
  if (role !== undefined) o.role = role;
  if (form !== undefined) o.contentForm = form;
  if (extra !== undefined) o.extra = extra;
  return o;
}

/**
 * Reads a Chat Completions request (or a bare array of messages). Message ids are `m<index>`
 * (the provider index of the message; a merged batch of tool messages takes its first index).
 * Throws `E_TRANSCRIPT_INVALID` naming the index of an unknown role or malformed message.
 */
export function importOpenAI(request: unknown): ImportedTranscript {
  const bare = Array.isArray(request);
  if (!bare && !isRecord(request)) throw transcriptError(undefined, 'not an object or array');
  const raw = bare ? (request as unknown[]) : (request as Record<string, unknown>).messages;
  if (!Array.isArray(raw)) throw transcriptError(undefined, 'no "messages" array');
  const history: Message[] = [];
  let batch: { id: string; parts: ToolResultPart[] } | undefined;
  const flush = (): void => {
    if (batch === undefined) return;
    history.push({
      id: batch.id,
      role: 'tool',
      parts: batch.parts,
      origin: { provider: 'openai' },
    });
    batch = undefined;
  };
  raw.forEach((m, index) => {
    if (!isRecord(m)) throw transcriptError(index, 'not an object');
    const role = m.role;
    if (role === 'tool') {
      if (typeof m.tool_call_id !== 'string')
        throw transcriptError(index, 'tool message without tool_call_id');
      const r: { type: 'tool-result'; toolCallId: string; content?: ToolResultPart['content'] } = {
        type: 'tool-result',
        toolCallId: m.tool_call_id,
      };
      if (typeof m.content === 'string') r.content = m.content;
      else if (Array.isArray(m.content)) r.content = m.content.map((p) => contentPart(p, index));
      else if (m.content !== undefined)
        throw transcriptError(
          index,
          `tool "content" is ${jsonTypeOf(m.content)}: expected a string or an array of parts`,
        );
      const known =
        m.content === undefined ? ['role', 'tool_call_id'] : ['role', 'tool_call_id', 'content'];
      batch ??= { id: `m${index}`, parts: [] };
      batch.parts.push(withExtra(r as ToolResultPart, extraFields(m, known)));
      return;
    }
    flush();
    if (role !== 'system' && role !== 'developer' && role !== 'user' && role !== 'assistant') {
      throw transcriptError(index, `unknown role "${String(role)}"`);
    }
    const { parts, form } = contentOf(m.content, index);
    const known = ['role', 'content'];
    if (role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
      for (const call of m.tool_calls) parts.push(toolCallOf(call, index));
      known.push('tool_calls');
    }
    history.push({
      id: `m${index}`,
      role: role === 'developer' ? 'system' : role,
      parts,
      origin: originOf(form, role === 'developer' ? role : undefined, extraFields(m, known)),
    });
  });
  flush();
  const envelope = bare
    ? { messages: [] as JsonValue[], 'ctxloom:bare': true }
    : (extraFields(request as Record<string, unknown>, ['messages']) ?? {});
  return { history, envelope: envelope as JsonObject };
}

function imagePart(p: ImagePart, keep: boolean): Record<string, unknown> {
  const url = p.url ?? `data:${p.mediaType ?? 'application/octet-stream'};base64,${p.data ?? ''}`;
  const iu: Record<string, unknown> = { url };
  if (p.detail !== undefined) iu.detail = p.detail;
  return { type: 'image_url', image_url: iu, ...(keep ? (p.extra ?? {}) : {}) };
}

function partOut(
  p: TextPart | ImagePart | OpaquePart,
  i: number,
  m: Message,
  keep: boolean,
): Record<string, unknown> {
  if (p.type === 'text') return { type: 'text', text: p.text, ...(keep ? (p.extra ?? {}) : {}) };
  if (p.type === 'image') return imagePart(p, keep);
  if (p.provider !== 'openai') throw exportError(i, m.id, 'Anthropic-only content block');
  return { ...p.value };
}

/**
 * Writes `history` as a Chat Completions request. A `tool` message becomes one `tool` message per
 * result (text and images beside the results follow as a user message); thinking parts and cache
 * breakpoints have no Chat Completions form and are left out. Throws `E_EXPORT_UNSUPPORTED` for
 * Anthropic-only blocks, images in tool results and non-text system content.
 */
export function exportOpenAI(history: History, envelope: JsonObject = {}): OpenAIRequest {
  const messages: Record<string, unknown>[] = [];
  history.forEach((m, i) => {
    const keep = m.origin?.provider === 'openai';
    const form = keep ? m.origin?.contentForm : undefined;
    const extra = keep ? (m.origin?.extra ?? {}) : {};
    const content = m.parts.filter(
      (p): p is TextPart | ImagePart | OpaquePart =>
        p.type === 'text' || p.type === 'image' || p.type === 'opaque',
    );
    if (m.role === 'tool') {
      for (const r of m.parts) {
        if (r.type !== 'tool-result') continue;
        const out: Record<string, unknown> = { role: 'tool', tool_call_id: r.toolCallId };
        if (typeof r.content === 'string') out.content = r.content;
        else if (r.content !== undefined) {
          if (r.content.some((c) => c.type === 'image')) {
            throw exportError(i, m.id, 'image in a tool result');
          }
          out.content = r.content.map((c) => partOut(c, i, m, keep));
        } else if (!keep) out.content = '';
        messages.push({ ...out, ...(keep ? (r.extra ?? {}) : {}) });
      }
      if (content.length > 0) {
        messages.push({ role: 'user', content: content.map((c) => partOut(c, i, m, keep)) });
      }
      return;
    }
    const role = m.role === 'system' ? (m.origin?.role ?? 'system') : m.role;
    const out: Record<string, unknown> = { role };
    const onlyText = content.every((c) => c.type === 'text');
    if (form === 'null' && content.length === 0) out.content = null;
    else if (form === 'absent' && content.length === 0) {
      // no content field
    } else if ((form === 'string' || (!keep && onlyText)) && onlyText) {
      if (content.length > 0 || m.role !== 'assistant') {
        out.content = content.map((c) => (c as TextPart).text).join('\n');
      } else out.content = null;
    } else {
      if (m.role === 'system' && !onlyText) throw exportError(i, m.id, 'non-text system content');
      out.content = content.map((c) => partOut(c, i, m, keep));
    }
    const calls = m.parts.filter((p): p is ToolCallPart => p.type === 'tool-call');
    if (calls.length > 0) {
      out.tool_calls = calls.map((c) => {
        const ex = keep ? { ...(c.extra ?? {}) } : {};
        const noType = ex['ctxloom:noType'];
        delete ex['ctxloom:noType'];
        const call: Record<string, unknown> = { id: c.id };
        if (noType !== true) call.type = 'function';
        call.function = { name: c.name, arguments: c.inputText ?? JSON.stringify(c.input) };
        return { ...call, ...ex };
      });
    }
    messages.push({ ...out, ...extra });
  });
  if (envelope['ctxloom:bare'] === true) return messages as unknown as OpenAIRequest;
  return { ...envelope, messages } as unknown as OpenAIRequest;
}
