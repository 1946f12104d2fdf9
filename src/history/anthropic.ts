/**
 * @module history/anthropic
 * Lossless import and export of the Anthropic Messages request shape (`system` + `messages`).
 * Structural types only: no SDK at runtime. A user message that carries `tool_result` blocks
 * becomes a `tool` message; `cache_control` on a block becomes a `cache-breakpoint` part right
 * after it; unknown blocks become `opaque` parts and unknown fields ride in `extra`, so
 * `exportAnthropic(importAnthropic(x))` deep-equals `x`.
 */
import type { Mutable } from '../_internal/mutable.js';
import { extraFields, isRecord, type JsonObject, type JsonValue } from './json.js';
import type {
  History,
  ImagePart,
  Message,
  MessageOrigin,
  OpaquePart,
  Part,
  TextPart,
  ToolResultPart,
} from './message.js';
import { exportError, jsonTypeOf, transcriptError } from './provider-error.js';

/** Anthropic `cache_control`. */
export interface AnthropicCacheControl {
  readonly type: 'ephemeral';
  readonly ttl?: string;
  readonly [key: string]: unknown;
}

/** A text block. */
export interface AnthropicTextBlock {
  readonly type: 'text';
  readonly text: string;
  readonly cache_control?: AnthropicCacheControl;
  readonly [key: string]: unknown;
}

/** An image block (base64 or URL source). */
export interface AnthropicImageBlock {
  readonly type: 'image';
  readonly source:
    | { readonly type: 'base64'; readonly media_type: string; readonly data: string }
    | { readonly type: 'url'; readonly url: string };
  readonly cache_control?: AnthropicCacheControl;
}

/** A tool call. */
export interface AnthropicToolUseBlock {
  readonly type: 'tool_use';
  readonly id: string;
  readonly name: string;
  readonly input: JsonObject;
  readonly cache_control?: AnthropicCacheControl;
}

/** A tool result (inside a user message). */
export interface AnthropicToolResultBlock {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  readonly content?: string | readonly JsonObject[];
  readonly is_error?: boolean;
  readonly cache_control?: AnthropicCacheControl;
  readonly [key: string]: unknown;
}

/** Extended thinking. */
export interface AnthropicThinkingBlock {
  readonly type: 'thinking';
  readonly thinking: string;
  readonly signature?: string;
}

/** Redacted thinking. */
export interface AnthropicRedactedThinkingBlock {
  readonly type: 'redacted_thinking';
  readonly data: string;
}

/** Any content block (unknown kinds travel as JSON objects). */
export type AnthropicBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock
  | JsonObject;

/** One message of a request. */
export interface AnthropicMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly AnthropicBlock[];
  readonly [key: string]: unknown;
}

/** A Messages request (other top-level fields such as `model` or `tools` are kept). */
export interface AnthropicRequest {
  readonly system?: string | readonly AnthropicTextBlock[];
  readonly messages: readonly AnthropicMessage[];
  readonly [key: string]: unknown;
}

/** The result of an import: the history plus the request fields that are not messages. */
export interface ImportedTranscript {
  /** The messages, as a frozen history. */
  readonly history: History;
  /** Top-level fields other than the messages (and `system`), kept for export. */
  readonly envelope: JsonObject;
}

const SYSTEM_ID = 'system';

function opaque(value: JsonObject): OpaquePart {
  return { type: 'opaque', provider: 'anthropic', value };
}

function withExtra<T extends object>(part: T, extra: JsonObject | undefined): T {
  return extra === undefined ? part : { ...part, extra };
}

function breakpointOf(cache: unknown): Part | undefined {
  if (!isRecord(cache) || cache.type !== 'ephemeral') return undefined;
  const bp: { type: 'cache-breakpoint'; ttl?: string; extra?: JsonObject } = {
    type: 'cache-breakpoint',
  };
  if (typeof cache.ttl === 'string') bp.ttl = cache.ttl;
  const extra = extraFields(cache, typeof cache.ttl === 'string' ? ['type', 'ttl'] : ['type']);
  if (extra !== undefined) bp.extra = extra;
  return bp;
}

function imageOf(block: Record<string, unknown>, known: readonly string[]): ImagePart | undefined {
  const src = block.source;
  if (!isRecord(src)) return undefined;
  const extra = extraFields(block, known);
  if (
    src.type === 'base64' &&
    typeof src.media_type === 'string' &&
    typeof src.data === 'string' &&
    extraFields(src, ['type', 'media_type', 'data']) === undefined
  ) {
    return withExtra<ImagePart>(
      { type: 'image', mediaType: src.media_type, data: src.data },
      extra,
    );
  }
  if (
    src.type === 'url' &&
    typeof src.url === 'string' &&
    extraFields(src, ['type', 'url']) === undefined
  ) {
    return withExtra<ImagePart>({ type: 'image', url: src.url }, extra);
  }
  return undefined;
}

function nestedBlock(block: unknown, index: At): TextPart | ImagePart | OpaquePart {
  if (!isRecord(block))
    throw transcriptError(
      index,
      `a tool_result "content" block is ${jsonTypeOf(block)}, not an object`,
    );
  if (block.type === 'text' && typeof block.text === 'string') {
    return withExtra<TextPart>(
      { type: 'text', text: block.text },
      extraFields(block, ['type', 'text']),
    );
  }
  if (block.type === 'image') {
    const image = imageOf(block, ['type', 'source']);
    if (image !== undefined) return image;
  }
  return opaque(block as JsonObject);
}

/** Converts one block; a block with `cache_control` is followed by a breakpoint part. */
function partsOfBlock(block: unknown, index: At): Part[] {
  if (!isRecord(block) || typeof block.type !== 'string') {
    throw transcriptError(
      index,
      isRecord(block)
        ? 'a "content" block without a string "type"'
        : `a "content" block is ${jsonTypeOf(block)}, not an object`,
    );
  }
  const bp = breakpointOf(block.cache_control);
  const cacheKey = bp === undefined ? [] : ['cache_control'];
  const known = (keys: string[]): string[] => [...keys, ...cacheKey];
  let part: Part | undefined;
  switch (block.type) {
    case 'text':
      if (typeof block.text === 'string') {
        part = withExtra<TextPart>(
          { type: 'text', text: block.text },
          extraFields(block, known(['type', 'text'])),
        );
      }
      break;
    case 'image':
      part = imageOf(block, known(['type', 'source']));
      break;
    case 'tool_use':
      if (typeof block.id === 'string' && typeof block.name === 'string' && isRecord(block.input)) {
        part = withExtra(
          {
            type: 'tool-call' as const,
            id: block.id,
            name: block.name,
            input: block.input as JsonObject,
          },
          extraFields(block, known(['type', 'id', 'name', 'input'])),
        );
      }
      break;
    case 'tool_result':
      if (typeof block.tool_use_id === 'string') {
        const r: {
          type: 'tool-result';
          toolCallId: string;
          content?: ToolResultPart['content'];
          isError?: boolean;
        } = { type: 'tool-result', toolCallId: block.tool_use_id };
        const keys = ['type', 'tool_use_id'];
        if (typeof block.content === 'string') {
          r.content = block.content;
          keys.push('content');
        } else if (Array.isArray(block.content)) {
          r.content = block.content.map((b) => nestedBlock(b, index));
          keys.push('content');
        }
        if (typeof block.is_error === 'boolean') {
          r.isError = block.is_error;
          keys.push('is_error');
        }
        part = withExtra(r as ToolResultPart, extraFields(block, known(keys)));
      }
      break;
    case 'thinking':
      if (typeof block.thinking === 'string') {
        const keys = ['type', 'thinking'];
        const t: { type: 'thinking'; text: string; signature?: string } = {
          type: 'thinking',
          text: block.thinking,
        };
        if (typeof block.signature === 'string') {
          t.signature = block.signature;
          keys.push('signature');
        }
        part = withExtra(t, extraFields(block, known(keys)));
      }
      break;
    case 'redacted_thinking':
      if (typeof block.data === 'string') {
        part = withExtra(
          { type: 'thinking' as const, text: '', redactedData: block.data },
          extraFields(block, known(['type', 'data'])),
        );
      }
      break;
  }
  if (part === undefined) return [opaque(block as JsonObject)];
  return bp === undefined ? [part] : [part, bp];
}

/** Where a block sits: a message index, or the `system` field. */
type At = number | 'system';

function contentParts(content: unknown, index: At): { parts: Part[]; form?: 'string' } {
  if (typeof content === 'string')
    return { parts: [{ type: 'text', text: content }], form: 'string' };
  if (!Array.isArray(content))
    throw transcriptError(
      index,
      `"${index === 'system' ? 'system' : 'content'}" is ${jsonTypeOf(content)}: expected a string or an array of blocks`,
    );
  return { parts: content.flatMap((b) => partsOfBlock(b, index)) };
}

function origin(form: 'string' | undefined, extra: JsonObject | undefined): MessageOrigin {
  const o: Mutable<MessageOrigin> = { provider: 'anthropic' };
  if (form !== undefined) o.contentForm = form;
  if (extra !== undefined) o.extra = extra;
  return o;
}

/**
 * Reads an Anthropic Messages request (or a bare array of its messages). Message ids are
 * `system` and `m<index>` (the provider index). Throws `E_TRANSCRIPT_INVALID` naming the index.
 */
export function importAnthropic(request: unknown): ImportedTranscript {
  const bare = Array.isArray(request);
  if (!bare && !isRecord(request)) throw transcriptError(undefined, 'not an object or array');
  const raw = bare ? (request as unknown[]) : (request as Record<string, unknown>).messages;
  if (!Array.isArray(raw)) throw transcriptError(undefined, 'no "messages" array');
  const history: Message[] = [];
  if (!bare && (request as Record<string, unknown>).system !== undefined) {
    const { parts, form } = contentParts((request as Record<string, unknown>).system, 'system');
    history.push({ id: SYSTEM_ID, role: 'system', parts, origin: origin(form, undefined) });
  }
  raw.forEach((m, index) => {
    if (!isRecord(m)) throw transcriptError(index, 'not an object');
    if (m.role !== 'user' && m.role !== 'assistant') {
      throw transcriptError(index, `unknown role "${String(m.role)}"`);
    }
    const { parts, form } = contentParts(m.content, index);
    const isTool = m.role === 'user' && parts.some((p) => p.type === 'tool-result');
    history.push({
      id: `m${index}`,
      role: isTool ? 'tool' : m.role,
      parts,
      origin: origin(form, extraFields(m, ['role', 'content'])),
    });
  });
  const envelope = bare
    ? { messages: [] as JsonValue[], 'ctxloom:bare': true }
    : (extraFields(request as Record<string, unknown>, ['messages', 'system']) ?? {});
  return { history, envelope: envelope as JsonObject };
}

function imageBlock(p: ImagePart, i: number, id: string): Record<string, unknown> {
  if (p.data !== undefined && p.mediaType !== undefined) {
    return { type: 'image', source: { type: 'base64', media_type: p.mediaType, data: p.data } };
  }
  if (p.url !== undefined) return { type: 'image', source: { type: 'url', url: p.url } };
  throw exportError(i, id, 'image without data or url');
}

function blocksOf(m: Message, i: number, keepExtra: boolean): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const ex = (part: { extra?: JsonObject }): JsonObject =>
    keepExtra && part.extra !== undefined ? part.extra : {};
  for (const p of m.parts) {
    switch (p.type) {
      case 'text':
        out.push({ type: 'text', text: p.text, ...ex(p) });
        break;
      case 'image':
        out.push({ ...imageBlock(p, i, m.id), ...ex(p) });
        break;
      case 'tool-call':
        if (!isRecord(p.input))
          throw exportError(i, m.id, `tool call ${p.id} input is not an object`);
        out.push({ type: 'tool_use', id: p.id, name: p.name, input: p.input, ...ex(p) });
        break;
      case 'tool-result': {
        const b: Record<string, unknown> = { type: 'tool_result', tool_use_id: p.toolCallId };
        if (typeof p.content === 'string') b.content = p.content;
        else if (p.content !== undefined) {
          b.content = p.content.map((c) => {
            if (c.type === 'text') return { type: 'text', text: c.text, ...ex(c) };
            if (c.type === 'image') return { ...imageBlock(c, i, m.id), ...ex(c) };
            if (c.provider !== 'anthropic') throw exportError(i, m.id, 'OpenAI-only block');
            return c.value;
          });
        }
        if (p.isError !== undefined) b.is_error = p.isError;
        out.push({ ...b, ...ex(p) });
        break;
      }
      case 'thinking':
        if (p.redactedData !== undefined) {
          out.push({ type: 'redacted_thinking', data: p.redactedData, ...ex(p) });
        } else {
          const b: Record<string, unknown> = { type: 'thinking', thinking: p.text };
          if (p.signature !== undefined) b.signature = p.signature;
          out.push({ ...b, ...ex(p) });
        }
        break;
      case 'cache-breakpoint': {
        const prev = out[out.length - 1];
        if (prev === undefined) break; // nothing before it to cache in this message
        const cc: Record<string, unknown> = { type: 'ephemeral' };
        if (p.ttl !== undefined) cc.ttl = p.ttl;
        prev.cache_control = { ...cc, ...ex(p) };
        break;
      }
      case 'opaque':
        if (p.provider !== 'anthropic') throw exportError(i, m.id, 'OpenAI-only content part');
        out.push({ ...p.value });
        break;
    }
  }
  return out;
}

function contentOf(m: Message, i: number): string | Record<string, unknown>[] {
  const only = m.parts[0];
  if (
    m.origin?.contentForm === 'string' &&
    m.parts.length === 1 &&
    only?.type === 'text' &&
    only.extra === undefined
  ) {
    return only.text;
  }
  return blocksOf(m, i, m.origin?.provider === 'anthropic');
}

/**
 * Writes `history` as an Anthropic Messages request. Leading system messages become `system`;
 * `tool` messages become user messages of `tool_result` blocks (consecutive ones not imported from
 * Anthropic are merged into one, as the API requires). `envelope` (from the import)
 * restores the other top-level fields. Throws `E_EXPORT_UNSUPPORTED` for a system message after
 * the start or an OpenAI-only part.
 */
export function exportAnthropic(history: History, envelope: JsonObject = {}): AnthropicRequest {
  let start = 0;
  const systemBlocks: (string | Record<string, unknown>[])[] = [];
  while (history[start]?.role === 'system') {
    systemBlocks.push(contentOf(history[start]!, start));
    start++;
  }
  const messages: Record<string, unknown>[] = [];
  for (let i = start; i < history.length; i++) {
    const m = history[i]!;
    if (m.role === 'system') throw exportError(i, m.id, 'system message after the start');
    const extra = m.origin?.provider === 'anthropic' ? (m.origin.extra ?? {}) : {};
    const prev = history[i - 1];
    if (m.role === 'tool' && prev?.role === 'tool' && m.origin?.provider !== 'anthropic') {
      // one batch of results split over several tool messages: Anthropic wants one user message
      const target = messages[messages.length - 1]!;
      const content = target.content;
      const blocks =
        typeof content === 'string'
          ? [{ type: 'text', text: content }]
          : (content as Record<string, unknown>[]);
      target.content = [...blocks, ...blocksOf(m, i, false)];
      continue;
    }
    messages.push({
      role: m.role === 'assistant' ? 'assistant' : 'user',
      content: contentOf(m, i),
      ...extra,
    });
  }
  if (envelope['ctxloom:bare'] === true) return messages as unknown as AnthropicRequest;
  const out: Record<string, unknown> = { ...envelope };
  if (systemBlocks.length === 1) out.system = systemBlocks[0];
  else if (systemBlocks.length > 1) {
    out.system = systemBlocks.flatMap((b) =>
      typeof b === 'string' ? [{ type: 'text', text: b }] : b,
    );
  }
  out.messages = messages;
  return out as unknown as AnthropicRequest;
}
