/**
 * @module providers/ai-sdk
 * Vercel AI SDK call options as plain objects (`system`, `messages`, tool definitions), with
 * `providerOptions.anthropic.cacheControl` on the system blocks where Anthropic caching applies.
 * v6 takes system messages in `system`; v5 only takes a string there, so the blocks go at the
 * head of `messages`, where v5 accepts `providerOptions` on system messages.
 */
import {
  joinTail,
  type PromptTiers,
  placeRepository,
  type RepositoryPlacement,
  sortTools,
  splitVolatileTail,
  type ToolDefinition,
  type VolatilePlacement,
} from './types.js';

/** Which AI SDK major version's shape to produce. */
export type AiSdkVersion = 'v5' | 'v6';

/** A system message with optional provider options. */
export interface AiSdkSystemMessage {
  role: 'system';
  content: string;
  providerOptions?: { anthropic: { cacheControl: { type: 'ephemeral'; ttl?: '5m' | '1h' } } };
}

/** A non-system model message, passed through unchanged (the SDK's `ModelMessage`). */
export type AiSdkMessage = {
  role: 'user' | 'assistant' | 'tool';
  content: unknown;
  providerOptions?: unknown;
};

/** Tool definitions to wrap with the SDK's `tool({ description, inputSchema: jsonSchema(parameters) })`. */
export interface AiSdkToolSpec {
  description: string;
  parameters: Record<string, unknown>;
}

export interface AiSdkCallOptions {
  system?: AiSdkSystemMessage[];
  messages: (AiSdkSystemMessage | AiSdkMessage)[];
  tools?: Record<string, AiSdkToolSpec>;
}

/** Options for {@link toAiSdkCallOptions}. */
export interface AiSdkOptions {
  prompt: PromptTiers;
  messages?: readonly AiSdkMessage[] | undefined;
  tools?: readonly ToolDefinition[] | undefined;
  /** Default `v6`. */
  version?: AiSdkVersion | undefined;
  /** Mark the tiers for Anthropic prompt caching (default true; ignored by other providers). */
  anthropicCache?: boolean | undefined;
  /** `end` (default): volatile sections (the clock) become a text part of the latest user message; `system`: they stay in the dynamic system block. */
  volatilePlacement?: VolatilePlacement | undefined;
  /** `system` (default): repository instruction files stay in the dynamic system block; `user`: a user message before the history. */
  repositoryPlacement?: RepositoryPlacement | undefined;
}

/** Builds AI SDK call options with the system tiers first and cache markers on them. */
export function toAiSdkCallOptions(options: AiSdkOptions): AiSdkCallOptions {
  const cache = options.anthropicCache ?? true;
  const block = (content: string, ttl: '5m' | '1h'): AiSdkSystemMessage =>
    cache
      ? {
          role: 'system',
          content,
          providerOptions: {
            anthropic: {
              cacheControl: ttl === '1h' ? { type: 'ephemeral', ttl } : { type: 'ephemeral' },
            },
          },
        }
      : { role: 'system', content };
  const history = (options.messages ?? []).map((m) => structuredClone(m));
  const last = history.at(-1);
  const { prompt, repository } = placeRepository(options.prompt, options.repositoryPlacement);
  const tiers = splitVolatileTail(prompt);
  const tailAtEnd =
    tiers.volatile !== null && options.volatilePlacement !== 'system' && last?.role === 'user';
  const dynamic = tailAtEnd ? tiers.dynamic : joinTail(tiers.dynamic, tiers.volatile);
  const systemBlocks = [block(prompt.static, '1h')];
  if (dynamic) systemBlocks.push(block(dynamic, '5m'));
  if (tailAtEnd && last !== undefined && tiers.volatile !== null) {
    const tail = { type: 'text', text: tiers.volatile };
    last.content =
      typeof last.content === 'string'
        ? [{ type: 'text', text: last.content }, tail]
        : Array.isArray(last.content)
          ? [...last.content, tail]
          : last.content;
  }
  if (repository !== null) history.unshift({ role: 'user', content: repository });
  const result: AiSdkCallOptions =
    (options.version ?? 'v6') === 'v6'
      ? { system: systemBlocks, messages: history }
      : { messages: [...systemBlocks, ...history] };
  const tools = sortTools(options.tools);
  if (tools.length > 0) {
    result.tools = Object.fromEntries(
      tools.map((t) => [t.name, { description: t.description, parameters: { ...t.parameters } }]),
    );
  }
  return result;
}
