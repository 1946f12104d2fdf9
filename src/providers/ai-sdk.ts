/**
 * @module providers/ai-sdk
 * Vercel AI SDK call options as plain objects (`system`, `messages`, tool definitions,
 * `providerOptions`), from the neutral history. Anthropic caching through `@ai-sdk/anthropic`:
 * `providerOptions.anthropic.cacheControl` on the static system block (1h), the dynamic one (5m)
 * and the latest history message (5m, the sliding breakpoint), so a tool loop reads its whole
 * history from the cache. The volatile tail (the clock) is a user message of its own after the
 * latest one on every step (the SDK's Anthropic provider merges it into the same user turn, after
 * the breakpoint, also when the latest message is a tool result). OpenAI: the call-level
 * `providerOptions.openai.promptCacheKey`. v6 takes system messages in `system`; v5 only takes a
 * string there, so the blocks go at the head of `messages`.
 */
import type { History } from '../history/index.js';
import type { JsonSchemaObject, ToolDefinition } from '../tools/index.js';
import {
  type AiSdkCacheControl,
  type AiSdkMessage,
  type AiSdkSystemMessage,
  type AiSdkUserMessage,
  type AiSdkV5Message,
  toAiSdkMessages,
} from './ai-sdk-messages.js';
import { conversationOf } from './conversation.js';
import { promptCacheKey } from './openai.js';
import {
  type CacheTtl,
  joinTail,
  type PromptTiers,
  placeRepository,
  type RepositoryPlacement,
  sortTools,
  splitVolatileTail,
  type VolatilePlacement,
} from './types.js';

/** Which AI SDK major version's shape to produce. */
export type AiSdkVersion = 'v5' | 'v6';

/** A tool for the SDK's `tool({ description, inputSchema: jsonSchema(inputSchema) })`. */
export interface AiSdkToolSpec {
  description: string;
  inputSchema: JsonSchemaObject;
}

interface CallOptionsBase {
  tools?: Record<string, AiSdkToolSpec>;
  /** Call-level provider options: the OpenAI prompt cache key. */
  providerOptions: { openai: { promptCacheKey: string } };
}

/** v6 (and later) call options: the system tiers in `system`. */
export interface AiSdkV6CallOptions extends CallOptionsBase {
  system: AiSdkSystemMessage[];
  messages: AiSdkMessage[];
}

/** v5 call options: the system tiers at the head of `messages`. */
export interface AiSdkV5CallOptions extends CallOptionsBase {
  messages: (AiSdkSystemMessage | AiSdkV5Message)[];
}

/** Either version's call options. */
export type AiSdkCallOptions = AiSdkV6CallOptions | AiSdkV5CallOptions;

/** Options for {@link toAiSdkCallOptions}. */
export interface AiSdkOptions {
  prompt: PromptTiers;
  /** The conversation, oldest first (no system messages: the system prompt is `prompt`). */
  history?: History | undefined;
  tools?: readonly ToolDefinition[] | undefined;
  /** Default `v6`. */
  version?: AiSdkVersion | undefined;
  /** Mark the tiers and the latest message for Anthropic prompt caching (default true; ignored by other providers). */
  anthropicCache?: boolean | undefined;
  /** `end` (default): volatile sections (the clock) become a user message after the latest user or tool message; `system`: they stay in the dynamic system block. */
  volatilePlacement?: VolatilePlacement | undefined;
  /** `system` (default): repository instruction files stay in the dynamic system block; `user`: a user message before the history. */
  repositoryPlacement?: RepositoryPlacement | undefined;
}

function cacheControl(ttl: CacheTtl): AiSdkCacheControl {
  return ttl === '1h' ? { type: 'ephemeral', ttl } : { type: 'ephemeral' };
}

/** Builds AI SDK call options: the system tiers first, then the history, then the clock. */
export function toAiSdkCallOptions(options: AiSdkOptions & { version?: 'v6' }): AiSdkV6CallOptions;
export function toAiSdkCallOptions(options: AiSdkOptions & { version: 'v5' }): AiSdkV5CallOptions;
export function toAiSdkCallOptions(options: AiSdkOptions): AiSdkCallOptions;
export function toAiSdkCallOptions(options: AiSdkOptions): AiSdkCallOptions {
  const cache = options.anthropicCache ?? true;
  const version = options.version ?? 'v6';
  const block = (content: string, ttl: CacheTtl): AiSdkSystemMessage =>
    cache
      ? {
          role: 'system',
          content,
          providerOptions: { anthropic: { cacheControl: cacheControl(ttl) } },
        }
      : { role: 'system', content };
  const history = toAiSdkMessages(conversationOf(options.history), version);
  const { prompt, repository } = placeRepository(options.prompt, options.repositoryPlacement);
  const tiers = splitVolatileTail(prompt);
  const lastRole = history.at(-1)?.role;
  const tailAtEnd =
    tiers.volatile !== null &&
    options.volatilePlacement !== 'system' &&
    (lastRole === 'user' || lastRole === 'tool');
  const dynamic = tailAtEnd ? tiers.dynamic : joinTail(tiers.dynamic, tiers.volatile);
  const systemBlocks = [block(prompt.static, '1h')];
  if (dynamic) systemBlocks.push(block(dynamic, '5m'));
  if (repository !== null) history.unshift({ role: 'user', content: repository });
  const latest = history.at(-1);
  // the sliding breakpoint: on the last part of the latest message, before the clock
  if (cache && latest !== undefined)
    latest.providerOptions = { anthropic: { cacheControl: cacheControl('5m') } };
  if (tailAtEnd && tiers.volatile !== null) {
    const clock: AiSdkUserMessage = { role: 'user', content: tiers.volatile };
    history.push(clock);
  }
  const providerOptions = {
    openai: { promptCacheKey: promptCacheKey(options.prompt, options.tools) },
  };
  // v5 and v6 messages differ only in tool-result image parts, which follow `version`
  const result: AiSdkCallOptions =
    version === 'v6'
      ? { system: systemBlocks, messages: history as AiSdkMessage[], providerOptions }
      : { messages: [...systemBlocks, ...(history as AiSdkV5Message[])], providerOptions };
  const tools = sortTools(options.tools);
  if (tools.length > 0) {
    result.tools = Object.fromEntries(
      tools.map((t) => [t.name, { description: t.description, inputSchema: { ...t.inputSchema } }]),
    );
  }
  return result;
}
