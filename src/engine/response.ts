/**
 * @module engine/response
 * A provider's response turned into the one message model: the assistant message for the
 * history, its tool calls, and the usage normalised for the ledger. Anthropic content blocks and
 * OpenAI Chat messages go through the history module's lossless importers (thinking signatures
 * and unknown fields survive); Responses output items and AI SDK results are read here.
 */
import { isRecord as isObject } from '../_internal/records.js';
import { CtxloomError } from '../diagnostics/index.js';
import {
  importAnthropic,
  importOpenAI,
  type JsonObject,
  type JsonValue,
  type Message,
  type Part,
} from '../history/index.js';
import { type NormalizedUsage, normalizeUsage, reasoningPart } from '../providers/index.js';
import type { ProviderName, ToolCall } from './types.js';

/** What one response carried. */
export interface ReadResponse {
  /** The assistant message's parts (the engine gives it its id). */
  readonly parts: readonly Part[];
  /** The tool calls, in order. */
  readonly toolCalls: readonly ToolCall[];
  /** Normalised usage, when the response reported any. */
  readonly usage: NormalizedUsage | undefined;
  /** The provider's stop / finish reason, when given. */
  readonly stopReason: string | undefined;
  /** The provider's id of the response (Anthropic `msg_…`, OpenAI `chatcmpl-…` / `resp_…`). */
  readonly responseId?: string | undefined;
}

type Json = Record<string, unknown>;

function invalid(provider: ProviderName, what: string): CtxloomError {
  return new CtxloomError('E_RESPONSE_INVALID', `${provider} response: ${what}`);
}

function callsOf(parts: readonly Part[]): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const p of parts)
    if (p.type === 'tool-call') calls.push({ id: p.id, name: p.name, input: p.input });
  return calls;
}

function parseArguments(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

function readAnthropic(response: Json): ReadResponse {
  if (!Array.isArray(response.content)) throw invalid('anthropic', 'no "content" array');
  const imported = importAnthropic({
    messages: [{ role: 'assistant', content: response.content }],
  });
  const parts = imported.history[0]?.parts ?? [];
  return {
    parts,
    toolCalls: callsOf(parts),
    usage: response.usage === undefined ? undefined : normalizeUsage('anthropic', response.usage),
    stopReason: typeof response.stop_reason === 'string' ? response.stop_reason : undefined,
  };
}

function readOpenAIChat(response: Json): ReadResponse {
  const choice = Array.isArray(response.choices) ? response.choices[0] : undefined;
  if (!isObject(choice) || !isObject(choice.message))
    throw invalid('openai-chat', 'no choices[0].message');
  const m = choice.message;
  // only the fields a request may carry back: response-only fields (refusal, annotations, audio)
  // would be sent again on the next turn
  const message: Json = { role: 'assistant', content: m.content ?? null };
  if (Array.isArray(m.tool_calls) && m.tool_calls.length > 0) message.tool_calls = m.tool_calls;
  const parts = importOpenAI({ messages: [message] }).history[0]?.parts ?? [];
  return {
    parts,
    toolCalls: callsOf(parts),
    usage: response.usage === undefined ? undefined : normalizeUsage('openai', response.usage),
    stopReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined,
  };
}

function readOpenAIResponses(response: Json): ReadResponse {
  if (!Array.isArray(response.output)) throw invalid('openai-responses', 'no "output" array');
  const parts: Part[] = [];
  for (const item of response.output as unknown[]) {
    if (!isObject(item)) throw invalid('openai-responses', 'an output item is not an object');
    if (item.type === 'message' && Array.isArray(item.content)) {
      for (const c of item.content as unknown[])
        if (isObject(c) && c.type === 'output_text' && typeof c.text === 'string')
          parts.push({ type: 'text', text: c.text });
    } else if (item.type === 'function_call') {
      if (typeof item.call_id !== 'string' || typeof item.name !== 'string')
        throw invalid('openai-responses', 'a function_call without call_id or name');
      const args = typeof item.arguments === 'string' ? item.arguments : '{}';
      const input = parseArguments(args);
      parts.push({
        type: 'tool-call',
        id: item.call_id,
        name: item.name,
        input,
        ...(JSON.stringify(input) === args ? {} : { inputText: args }),
      });
    } else if (item.type === 'reasoning' && typeof item.id === 'string') {
      // reasoning goes back on the next request (with its encrypted content, when asked for)
      const summary = Array.isArray(item.summary)
        ? (item.summary as unknown[]).filter(
            (x): x is { text: string } => isObject(x) && typeof x.text === 'string',
          )
        : [];
      parts.push(
        reasoningPart({
          id: item.id,
          summary,
          encrypted_content:
            typeof item.encrypted_content === 'string' ? item.encrypted_content : undefined,
        }),
      );
    } else {
      // anything newer is kept whole, as the provider sent it (it cannot be sent back as input)
      parts.push({ type: 'opaque', provider: 'openai', value: item as JsonObject });
    }
  }
  return {
    parts,
    toolCalls: callsOf(parts),
    usage: response.usage === undefined ? undefined : normalizeUsage('openai', response.usage),
    stopReason: typeof response.status === 'string' ? response.status : undefined,
  };
}

function readAiSdk(result: Json): ReadResponse {
  if (!Array.isArray(result.content))
    throw invalid('ai-sdk', 'no "content" array (pass the generateText result)');
  const parts: Part[] = [];
  for (const c of result.content as unknown[]) {
    if (!isObject(c)) continue;
    if (c.type === 'text' && typeof c.text === 'string') parts.push({ type: 'text', text: c.text });
    else if (c.type === 'reasoning' && typeof c.text === 'string') {
      const meta = isObject(c.providerMetadata) ? c.providerMetadata : undefined;
      const signature =
        isObject(meta?.anthropic) && typeof meta.anthropic.signature === 'string'
          ? meta.anthropic.signature
          : undefined;
      parts.push({ type: 'thinking', text: c.text, ...(signature ? { signature } : {}) });
    } else if (
      c.type === 'tool-call' &&
      typeof c.toolCallId === 'string' &&
      typeof c.toolName === 'string'
    )
      parts.push({
        type: 'tool-call',
        id: c.toolCallId,
        name: c.toolName,
        input: (c.input ?? {}) as JsonValue,
      });
  }
  return {
    parts,
    toolCalls: callsOf(parts),
    usage: result.usage === undefined ? undefined : normalizeUsage('ai-sdk', result.usage),
    stopReason: typeof result.finishReason === 'string' ? result.finishReason : undefined,
  };
}

/**
 * Reads a provider response: the Anthropic `Message`, the OpenAI `ChatCompletion` or `Response`,
 * or the AI SDK `generateText` result. Throws `E_RESPONSE_INVALID` for anything else.
 */
export function readResponse(provider: ProviderName, response: unknown): ReadResponse {
  if (!isObject(response)) throw invalid(provider, 'not an object');
  const read = readShape(provider, response);
  const id =
    provider === 'ai-sdk' && isObject(response.response) ? response.response.id : response.id;
  return typeof id === 'string' ? { ...read, responseId: id } : read;
}

function readShape(provider: ProviderName, response: Json): ReadResponse {
  switch (provider) {
    case 'anthropic':
      return readAnthropic(response);
    case 'openai-chat':
      return readOpenAIChat(response);
    case 'openai-responses':
      return readOpenAIResponses(response);
    case 'ai-sdk':
      return readAiSdk(response);
  }
}

/** The assistant message of a response, under `id`. */
export function assistantMessage(id: string, parts: readonly Part[]): Message {
  return { id, role: 'assistant', parts };
}
