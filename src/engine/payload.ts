/**
 * @module engine/payload
 * One request per turn for the engine's provider, from the one message model and the one tool
 * type, through the providers' builders (one breakpoint planner).
 */
import type { History } from '../history/index.js';
import type { BuiltPrompt } from '../prompt/index.js';
import {
  type BreakpointDecision,
  type CacheBlock,
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
  readonly tokenCounter: TokenCounter;
}

/** The request body, the planner's decisions, and the request as the cache sees it. */
export interface Payload {
  readonly request: unknown;
  readonly breakpoints: readonly BreakpointDecision[];
  readonly blocks: readonly CacheBlock[];
}

/** Builds the request for `input.provider`. */
export function buildPayload(input: PayloadInput): Payload {
  const common = { prompt: input.prompt, history: input.history, tools: input.tools };
  switch (input.provider) {
    case 'anthropic': {
      const p = toAnthropicRequest({
        ...common,
        model: input.model,
        maxTokens: input.maxOutputTokens,
        tokenCounter: input.tokenCounter,
      });
      return { ...p, blocks: requestToBlocks('anthropic', p.request) };
    }
    case 'openai-chat': {
      const request = toOpenAIChatRequest({
        ...common,
        model: input.model,
        maxOutputTokens: input.maxOutputTokens,
      });
      return { request, breakpoints: [], blocks: requestToBlocks('openai-chat', request) };
    }
    case 'openai-responses': {
      const request = toOpenAIResponsesRequest({
        ...common,
        model: input.model,
        maxOutputTokens: input.maxOutputTokens,
      });
      return { request, breakpoints: [], blocks: requestToBlocks('openai-responses', request) };
    }
    case 'ai-sdk': {
      const { options, breakpoints } = toAiSdkPayload({
        ...common,
        model: input.model,
        tokenCounter: input.tokenCounter,
      });
      return { request: options, breakpoints, blocks: requestToBlocks('ai-sdk', options) };
    }
  }
}
