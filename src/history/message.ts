/**
 * @module history/message
 * The one internal message format every history pass works on. Provider shapes (Anthropic
 * Messages, OpenAI Chat Completions) are imported into it and exported from it losslessly: what
 * has no internal field is kept in `origin` / `extra` and written back verbatim.
 */
import type { JsonObject, JsonValue } from './json.js';
import { trackMemo } from './memo-guard.js';

/** Who speaks. Tool results live in `tool` messages. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** The roles, sorted. */
export const ROLES: readonly Role[] = Object.freeze(['assistant', 'system', 'tool', 'user']);

/** Plain text. */
export interface TextPart {
  readonly type: 'text';
  /** The text. */
  readonly text: string;
  /** Provider fields with no internal meaning (e.g. Anthropic `citations`), kept verbatim. */
  readonly extra?: JsonObject;
}

/** An image, inline (base64) or by URL. */
export interface ImagePart {
  readonly type: 'image';
  /** Base64 bytes, when inline. */
  readonly data?: string;
  /** Media type of inline bytes, e.g. `image/png`. */
  readonly mediaType?: string;
  /** URL (OpenAI data: URLs stay URLs). */
  readonly url?: string;
  /** OpenAI detail hint. */
  readonly detail?: string;
  /** Provider fields kept verbatim. */
  readonly extra?: JsonObject;
}

/** A tool call made by the assistant. */
export interface ToolCallPart {
  readonly type: 'tool-call';
  /** The call id; its result names it. Unique in a history. */
  readonly id: string;
  /** Tool name. */
  readonly name: string;
  /** Parsed arguments (the raw text itself when it is not JSON). */
  readonly input: JsonValue;
  /** The exact argument text when it differs from `JSON.stringify(input)` (OpenAI). */
  readonly inputText?: string;
  /** Provider fields kept verbatim. */
  readonly extra?: JsonObject;
}

/** The result of one tool call. */
export interface ToolResultPart {
  readonly type: 'tool-result';
  /** The id of the call it answers. */
  readonly toolCallId: string;
  /** Text, or text and image blocks; absent when the provider sent none. */
  readonly content?: string | readonly (TextPart | ImagePart | OpaquePart)[];
  /** Whether the tool reported an error (absent when the provider did not say). */
  readonly isError?: boolean;
  /** Provider fields kept verbatim. */
  readonly extra?: JsonObject;
}

/** Model reasoning. Redacted thinking carries only opaque data. */
export interface ThinkingPart {
  readonly type: 'thinking';
  /** Reasoning text (empty when redacted). */
  readonly text: string;
  /** Provider signature that must travel with the block. */
  readonly signature?: string;
  /** Opaque data of a redacted block. */
  readonly redactedData?: string;
  /** Provider fields kept verbatim. */
  readonly extra?: JsonObject;
}

/** A prompt-cache breakpoint: the prefix up to the preceding part may be cached. */
export interface CacheBreakpointPart {
  readonly type: 'cache-breakpoint';
  /** Cache lifetime, e.g. `5m` or `1h`, when given. */
  readonly ttl?: string;
  /** Provider fields kept verbatim (Anthropic `cache_control` keys other than type and ttl). */
  readonly extra?: JsonObject;
}

/** A provider block with no internal equivalent, kept whole for the provider it came from. */
export interface OpaquePart {
  readonly type: 'opaque';
  /** The provider the block belongs to. */
  readonly provider: 'anthropic' | 'openai';
  /** The block exactly as received. */
  readonly value: JsonObject;
}

/** Any message part. */
export type Part =
  | TextPart
  | ImagePart
  | ToolCallPart
  | ToolResultPart
  | ThinkingPart
  | CacheBreakpointPart
  | OpaquePart;

/** How a message looked in its provider, so it can be written back exactly. */
export interface MessageOrigin {
  /** The provider shape it was imported from. */
  readonly provider: 'anthropic' | 'openai';
  /** The provider role when it differs from the internal one (e.g. `developer`). */
  readonly role?: string;
  /** `string`: content was a bare string; `null` / `absent`: no content at all (OpenAI). */
  readonly contentForm?: 'string' | 'null' | 'absent';
  /** Message fields with no internal meaning (e.g. OpenAI `name`), kept verbatim. */
  readonly extra?: JsonObject;
}

/** One message. */
export interface Message {
  /** Unique in a history. */
  readonly id: string;
  /** Who speaks. */
  readonly role: Role;
  /** The content, in order. */
  readonly parts: readonly Part[];
  /** Provider details for lossless export; absent for messages ctxloom made. */
  readonly origin?: MessageOrigin;
}

/** A conversation, oldest first. Never mutated: every pass returns a new array. */
export type History = readonly Message[];

/** The text of a tool result's content (text blocks joined with newlines). */
export function toolResultText(part: ToolResultPart): string {
  const c = part.content;
  if (c === undefined) return '';
  if (typeof c === 'string') return c;
  let out = '';
  for (const block of c)
    if (block.type === 'text') out += out === '' ? block.text : `\n${block.text}`;
  return out;
}

/** The text parts of a message joined with newlines. */
export function messageText(message: Message): string {
  let out = '';
  for (const part of message.parts)
    if (part.type === 'text') out += out === '' ? part.text : `\n${part.text}`;
  return out;
}

/** The tool calls of a message. */
export function toolCallsOf(message: Message): readonly ToolCallPart[] {
  return message.parts.filter((p): p is ToolCallPart => p.type === 'tool-call');
}

/** The tool results of a message. */
export function toolResultsOf(message: Message): readonly ToolResultPart[] {
  return message.parts.filter((p): p is ToolResultPart => p.type === 'tool-result');
}

/** Argument texts by part: parts are immutable, and one compaction reads each call's 4-5 times. */
const argumentTexts = new WeakMap<ToolCallPart, string>();
trackMemo(argumentTexts);

/** The exact argument text of a tool call. */
export function toolCallArguments(part: ToolCallPart): string {
  if (part.inputText !== undefined) return part.inputText;
  let text = argumentTexts.get(part);
  if (text === undefined) {
    text = JSON.stringify(part.input);
    argumentTexts.set(part, text);
  }
  return text;
}
