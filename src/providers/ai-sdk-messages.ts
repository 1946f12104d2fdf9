/**
 * @module providers/ai-sdk-messages
 * The neutral history as AI SDK `ModelMessage`s (the v6 shape; `v5` differs only in how a tool
 * result carries an image): user messages of text and image parts, assistant messages of text,
 * reasoning and tool-call parts, tool messages of tool-result parts. Anthropic thinking travels
 * as a `reasoning` part with its signature (or redacted data) in `providerOptions.anthropic`, where
 * `@ai-sdk/anthropic` reads it back. Plain objects only: no SDK is imported.
 */
import type { History, ImagePart, OpaquePart, TextPart, ToolResultPart } from '../history/index.js';
import { toolResultText } from '../history/index.js';
import { toolNames, unsupported } from './conversation.js';

/** `cacheControl` as `@ai-sdk/anthropic` reads it. */
export type AiSdkCacheControl = { type: 'ephemeral'; ttl?: '1h' };

/** Provider options ctxloom sets (a `ProviderOptions` of the SDK). */
export type AiSdkProviderOptions = {
  anthropic?: { cacheControl?: AiSdkCacheControl; signature?: string; redactedData?: string };
  openai?: { promptCacheKey?: string };
};

export type AiSdkTextPart = { type: 'text'; text: string; providerOptions?: AiSdkProviderOptions };
/** `image`: base64 bytes or a URL string. */
export type AiSdkImagePart = {
  type: 'image';
  image: string;
  mediaType?: string;
  providerOptions?: AiSdkProviderOptions;
};
export type AiSdkReasoningPart = {
  type: 'reasoning';
  text: string;
  providerOptions?: AiSdkProviderOptions;
};
export type AiSdkToolCallPart = {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
  providerOptions?: AiSdkProviderOptions;
};
/** A tool result's output: text, error text, or content parts (v6 and later). */
export type AiSdkToolResultOutput =
  | { type: 'text'; value: string }
  | { type: 'error-text'; value: string }
  | {
      type: 'content';
      value: (
        | { type: 'text'; text: string }
        | { type: 'image-data'; data: string; mediaType: string }
        | { type: 'image-url'; url: string }
      )[];
    };
/** v5 carries an inline image in a tool result as `media` (and has no URL form). */
export type AiSdkV5ToolResultOutput =
  | Exclude<AiSdkToolResultOutput, { type: 'content' }>
  | {
      type: 'content';
      value: (
        | { type: 'text'; text: string }
        | { type: 'media'; data: string; mediaType: string }
      )[];
    };
export type AiSdkToolResultPart<Output = AiSdkToolResultOutput> = {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: Output;
  providerOptions?: AiSdkProviderOptions;
};

/** A system message with optional provider options. */
export type AiSdkSystemMessage = {
  role: 'system';
  content: string;
  providerOptions?: AiSdkProviderOptions;
};
export type AiSdkUserMessage = {
  role: 'user';
  content: string | (AiSdkTextPart | AiSdkImagePart)[];
  providerOptions?: AiSdkProviderOptions;
};
export type AiSdkAssistantMessage = {
  role: 'assistant';
  content: string | (AiSdkTextPart | AiSdkReasoningPart | AiSdkToolCallPart)[];
  providerOptions?: AiSdkProviderOptions;
};
export type AiSdkToolMessage<Output = AiSdkToolResultOutput> = {
  role: 'tool';
  content: AiSdkToolResultPart<Output>[];
  providerOptions?: AiSdkProviderOptions;
};
/** A non-system model message (v6 and later). */
export type AiSdkMessage = AiSdkUserMessage | AiSdkAssistantMessage | AiSdkToolMessage;
/** A non-system model message in the v5 shape. */
export type AiSdkV5Message =
  | AiSdkUserMessage
  | AiSdkAssistantMessage
  | AiSdkToolMessage<AiSdkV5ToolResultOutput>;

type Fail = (text: string) => Error;

function image(p: ImagePart, fail: Fail): AiSdkImagePart {
  if (p.data !== undefined) {
    const part: AiSdkImagePart = { type: 'image', image: p.data };
    if (p.mediaType !== undefined) part.mediaType = p.mediaType;
    return part;
  }
  if (p.url !== undefined) return { type: 'image', image: p.url };
  throw fail('image without data or url');
}

function userParts(
  parts: readonly (TextPart | ImagePart | OpaquePart)[],
  fail: Fail,
): (AiSdkTextPart | AiSdkImagePart)[] {
  return parts.map((p) => {
    if (p.type === 'text') return { type: 'text', text: p.text };
    if (p.type === 'image') return image(p, fail);
    throw fail(`${p.provider}-only block: no AI SDK form`);
  });
}

function output(
  p: ToolResultPart,
  v5: boolean,
  fail: Fail,
): AiSdkToolResultOutput | AiSdkV5ToolResultOutput {
  const c = p.content;
  if (c === undefined || typeof c === 'string') {
    const value = c ?? '';
    return p.isError === true ? { type: 'error-text', value } : { type: 'text', value };
  }
  if (c.every((b) => b.type === 'text') && p.isError === true)
    return { type: 'error-text', value: toolResultText(p) };
  if (p.isError === true) throw fail('an error tool result with images');
  const text = (b: TextPart) => ({ type: 'text' as const, text: b.text });
  const inline = (b: ImagePart | OpaquePart): { data: string; mediaType: string } | undefined => {
    if (b.type === 'opaque') throw fail(`${b.provider}-only block: no AI SDK form`);
    return b.data !== undefined && b.mediaType !== undefined
      ? { data: b.data, mediaType: b.mediaType }
      : undefined;
  };
  if (v5) {
    return {
      type: 'content',
      value: c.map((b) => {
        if (b.type === 'text') return text(b);
        const bytes = inline(b);
        if (bytes === undefined) throw fail('an image in a tool result without inline bytes (v5)');
        return { type: 'media', ...bytes };
      }),
    };
  }
  return {
    type: 'content',
    value: c.map((b) => {
      if (b.type === 'text') return text(b);
      const bytes = inline(b);
      if (bytes !== undefined) return { type: 'image-data', ...bytes };
      if (b.type === 'image' && b.url !== undefined) return { type: 'image-url', url: b.url };
      throw fail('an image in a tool result without data or url');
    }),
  };
}

/**
 * Writes `history` (no system messages: see `conversationOf`) as AI SDK messages. Text and images
 * beside tool results follow as a user message. Throws `E_EXPORT_UNSUPPORTED` for provider-only
 * blocks, a tool result answering no call in the history (the SDK needs the tool's name), and
 * parts a role cannot hold.
 */
export function toAiSdkMessages(history: History, version?: 'v6'): AiSdkMessage[];
export function toAiSdkMessages(history: History, version: 'v5'): AiSdkV5Message[];
export function toAiSdkMessages(
  history: History,
  version: 'v5' | 'v6',
): AiSdkMessage[] | AiSdkV5Message[];
export function toAiSdkMessages(
  history: History,
  version: 'v5' | 'v6' = 'v6',
): AiSdkMessage[] | AiSdkV5Message[] {
  const names = toolNames(history);
  const out: (AiSdkMessage | AiSdkV5Message)[] = [];
  history.forEach((m, i) => {
    const fail: Fail = (text) => unsupported(i, m, text);
    if (m.role === 'tool') {
      const results: AiSdkToolResultPart<AiSdkToolResultOutput | AiSdkV5ToolResultOutput>[] = [];
      const beside: (TextPart | ImagePart | OpaquePart)[] = [];
      for (const p of m.parts) {
        if (p.type === 'tool-result') {
          const toolName = names.get(p.toolCallId);
          if (toolName === undefined)
            throw fail(`tool result ${p.toolCallId} answers no tool call`);
          results.push({
            type: 'tool-result',
            toolCallId: p.toolCallId,
            toolName,
            output: output(p, version === 'v5', fail),
          });
        } else if (p.type === 'text' || p.type === 'image' || p.type === 'opaque') beside.push(p);
        else throw fail(`a ${p.type} part in a tool message`);
      }
      // the output shape follows `version`, so the message is the overload's type
      out.push({ role: 'tool', content: results } as AiSdkToolMessage);
      if (beside.length > 0) out.push({ role: 'user', content: userParts(beside, fail) });
      return;
    }
    if (m.role === 'user' || m.role === 'system') {
      const parts = m.parts.filter(
        (p): p is TextPart | ImagePart | OpaquePart =>
          p.type === 'text' || p.type === 'image' || p.type === 'opaque',
      );
      if (parts.length !== m.parts.length || m.role === 'system')
        throw fail(`a ${m.role} message the AI SDK history cannot hold`);
      const only = parts[0];
      out.push({
        role: 'user',
        content:
          parts.length === 1 && only?.type === 'text' && m.origin?.contentForm === 'string'
            ? only.text
            : userParts(parts, fail),
      });
      return;
    }
    const content: (AiSdkTextPart | AiSdkReasoningPart | AiSdkToolCallPart)[] = [];
    for (const p of m.parts) {
      if (p.type === 'text') content.push({ type: 'text', text: p.text });
      else if (p.type === 'tool-call')
        content.push({ type: 'tool-call', toolCallId: p.id, toolName: p.name, input: p.input });
      else if (p.type === 'thinking') {
        const part: AiSdkReasoningPart = { type: 'reasoning', text: p.text };
        if (p.redactedData !== undefined)
          part.providerOptions = { anthropic: { redactedData: p.redactedData } };
        else if (p.signature !== undefined)
          part.providerOptions = { anthropic: { signature: p.signature } };
        content.push(part);
      } else if (p.type === 'opaque') throw fail(`${p.provider}-only block: no AI SDK form`);
      else throw fail(`a ${p.type} part in an assistant message`);
    }
    out.push({ role: 'assistant', content });
  });
  return out as AiSdkMessage[] | AiSdkV5Message[];
}
