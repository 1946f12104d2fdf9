/**
 * @module engine/payload
 * One request per turn for the engine's provider, from the one message model and the one tool
 * type, through the providers' builders (one breakpoint planner).
 */
import type { History } from '../history/index.js';
import type { BuiltPrompt } from '../prompt/index.js';
import {
  type AnthropicToolSearchOptions,
  applyAnthropicToolSearch,
  type BreakpointDecision,
  type CacheBlock,
  type ContextEdit,
  type OpenAIPromptCacheRetention,
  requestToBlocks,
  toAiSdkPayload,
  toAnthropicRequest,
  toOpenAIChatRequest,
  toOpenAIResponsesRequest,
} from '../providers/index.js';
import type { TokenCounter } from '../tokens/index.js';
import type { ToolDefinition } from '../tools/index.js';
import type { ProviderName } from './types.js';

/** What one request needs. */
export interface PayloadInput {
  readonly provider: ProviderName;
  readonly model: string;
  readonly maxOutputTokens: number;
  readonly prompt: BuiltPrompt;
  readonly history: History;
  readonly tools: readonly ToolDefinition[];
  /** Tools sent after `tools`, unsorted (found by `search_tools`). */
  readonly appendedTools?: readonly ToolDefinition[] | undefined;
  readonly tokenCounter: TokenCounter;
  /** The 2026 provider features the engine was opened with. */
  readonly contextEdits?: readonly ContextEdit[] | undefined;
  readonly promptCacheRetention?: OpenAIPromptCacheRetention | undefined;
  /** Anthropic's server-side tool search: the deferred tools and the variant. */
  readonly anthropicToolSearch?: AnthropicToolSearchOptions | undefined;
  /** The previous response's id, when cache diagnostics were asked for. */
  readonly diagnoseAgainst?: string | null | undefined;
}

/** The request body, the planner's decisions, and the request as the cache sees it. */
export interface Payload {
  readonly request: unknown;
  readonly breakpoints: readonly BreakpointDecision[];
  readonly betas: readonly string[];
  readonly blocks: readonly CacheBlock[];
}

/** Builds the request for `input.provider`. */
export function buildPayload(input: PayloadInput): Payload {
  const common = {
    prompt: input.prompt,
    history: input.history,
    tools: input.tools,
    appendedTools: input.appendedTools,
  };
  const retention =
    input.promptCacheRetention === undefined
      ? {}
      : { promptCacheRetention: input.promptCacheRetention as '24h' };
  switch (input.provider) {
    case 'anthropic': {
      const p = toAnthropicRequest({
        ...common,
        model: input.model,
        maxTokens: input.maxOutputTokens,
        tokenCounter: input.tokenCounter,
        ...(input.contextEdits === undefined ? {} : { contextEdits: input.contextEdits }),
        ...(input.diagnoseAgainst === undefined
          ? {}
          : { cacheDiagnostics: { previousMessageId: input.diagnoseAgainst } }),
      });
      const request =
        input.anthropicToolSearch === undefined
          ? p.request
          : applyAnthropicToolSearch(p.request, input.anthropicToolSearch);
      return { ...p, request, blocks: requestToBlocks('anthropic', request) };
    }
    case 'openai-chat': {
      const request = toOpenAIChatRequest({
        ...common,
        model: input.model,
        maxOutputTokens: input.maxOutputTokens,
        ...retention,
      });
      return {
        request,
        breakpoints: [],
        betas: [],
        blocks: requestToBlocks('openai-chat', request),
      };
    }
    case 'openai-responses': {
      const request = toOpenAIResponsesRequest({
        ...common,
        model: input.model,
        maxOutputTokens: input.maxOutputTokens,
        ...retention,
        ...(typeof input.diagnoseAgainst === 'string'
          ? { cacheComparisonResponseId: input.diagnoseAgainst }
          : {}),
      });
      return {
        request,
        breakpoints: [],
        betas: [],
        blocks: requestToBlocks('openai-responses', request),
      };
    }
    case 'ai-sdk': {
      const { options, breakpoints } = toAiSdkPayload({
        ...common,
        model: input.model,
        tokenCounter: input.tokenCounter,
        ...(input.contextEdits === undefined ? {} : { contextEdits: input.contextEdits }),
        ...retention,
      });
      return {
        request: options,
        breakpoints,
        betas: [],
        blocks: requestToBlocks('ai-sdk', options),
      };
    }
  }
}
