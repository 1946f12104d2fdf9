/**
 * @module providers/openai
 * OpenAI Chat Completions and Responses payloads: static then dynamic instructions first, history
 * after, and a `prompt_cache_key` derived from the static tier so requests that share the prefix
 * are routed to the same cache.
 */
import { createHash } from 'node:crypto';
import { CtxloomError } from '../diagnostics/index.js';
import { exportOpenAI, type History } from '../history/index.js';
import { canonicalSchema, canonicalToolsJson, type ToolDefinition } from '../tools/index.js';
import { conversationOf } from './conversation.js';
import { deliverPrompt, dynamicBlock } from './prompt-delivery.js';
import { type OpenAIResponsesInputItem, toResponsesInput } from './responses-input.js';
import { sortTools } from './tool-order.js';
import type { PromptTiers, RepositoryPlacement, VolatilePlacement } from './types.js';

/** A text content part. */
export interface OpenAIChatTextPart {
  type: 'text';
  text: string;
}

/** A Chat Completions message (the shapes `exportOpenAI` writes). */
export type OpenAIChatMessage =
  | { role: 'system' | 'developer'; content: string | OpenAIChatTextPart[] }
  | {
      role: 'user';
      content:
        | string
        | (
            | OpenAIChatTextPart
            | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } }
          )[];
    }
  | {
      role: 'assistant';
      content?: string | OpenAIChatTextPart[] | null;
      tool_calls?: {
        id: string;
        type: 'function';
        function: { name: string; arguments: string };
      }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string | OpenAIChatTextPart[] };

export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/**
 * The body of `POST /v1/chat/completions`. `Retention` is the `prompt_cache_retention` chosen
 * (`24h` by default, the one value `openai` 6.30's types share with the API).
 */
export interface OpenAIChatRequest<Retention extends OpenAIPromptCacheRetention = '24h'> {
  model: string;
  messages: OpenAIChatMessage[];
  tools?: OpenAIChatTool[];
  prompt_cache_key: string;
  prompt_cache_retention?: Retention;
  max_completion_tokens?: number;
}

/**
 * How long OpenAI keeps a cached prefix: `in_memory` (cleared after 5-10 minutes idle, always
 * within an hour) or `24h` (extended retention, same price). The API, `openai` 7 and
 * `@ai-sdk/openai` spell the first `in_memory`; `openai` 6.30's types spell it `in-memory`.
 */
export type OpenAIPromptCacheRetention = 'in_memory' | '24h';

export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}

/** The body of `POST /v1/responses` (`Retention` as in {@link OpenAIChatRequest}). */
export interface OpenAIResponsesRequest<Retention extends OpenAIPromptCacheRetention = '24h'> {
  model: string;
  instructions: string;
  input: OpenAIResponsesInputItem[];
  tools?: OpenAIResponsesTool[];
  prompt_cache_key: string;
  prompt_cache_retention?: Retention;
  /** Cache diagnostics (gpt-5.6 and later): compare against an earlier response. */
  prompt_cache_options?: { comparison_response_id: string };
  max_output_tokens?: number;
}

/** The options both OpenAI builders take ({@link toOpenAIChatRequest}, {@link toOpenAIResponsesRequest}). */
export interface OpenAIRequestOptions<R extends OpenAIPromptCacheRetention> {
  model: string;
  prompt: PromptTiers;
  /** The conversation, oldest first (no system messages: the system prompt is `prompt`). */
  history?: History | undefined;
  tools?: readonly ToolDefinition[] | undefined;
  /** Tools sent after `tools`, in this order and not sorted (tools found during a session: appended so the cached prefix before them stays). */
  appendedTools?: readonly ToolDefinition[] | undefined;
  maxOutputTokens?: number | undefined;
  /** `end` (default): volatile sections (the clock) go after the history, so they never invalidate the cached history; `system`: at the end of the dynamic instructions. */
  volatilePlacement?: VolatilePlacement | undefined;
  /** `system` (default): repository instruction files stay in the dynamic instructions; `user`: a user message before the history. */
  repositoryPlacement?: RepositoryPlacement | undefined;
  /** `prompt_cache_retention`: `24h` keeps the prefix cached up to a day (default: the API's). */
  promptCacheRetention?: R | undefined;
}

/**
 * `ctxloom-` + the first 16 hex digits of sha256(tools + static tier): requests sharing the cached
 * prefix get the same key, whatever their dynamic tier.
 */
export function promptCacheKey(prompt: PromptTiers, tools: readonly ToolDefinition[] = []): string {
  const h = createHash('sha256');
  h.update(canonicalToolsJson(tools));
  h.update('\u0000');
  h.update(prompt.static);
  return `ctxloom-${h.digest('hex').slice(0, 16)}`;
}

function check(options: { model: string }): void {
  if (!options.model) throw new CtxloomError('E_PAYLOAD_INVALID', 'model is required');
}

/** Builds a Chat Completions request: system (static), system (dynamic), then the history. */
export function toOpenAIChatRequest<R extends OpenAIPromptCacheRetention = '24h'>(
  options: OpenAIRequestOptions<R> & {
    /** `developer` for reasoning models that prefer it; default `system`. */
    instructionRole?: 'system' | 'developer' | undefined;
  },
): OpenAIChatRequest<R> {
  check(options);
  const role = options.instructionRole ?? 'system';
  // exportOpenAI builds new plain objects of exactly these shapes (its types are the wider
  // import-side ones); thinking parts have no Chat form and are left out by it
  const history = exportOpenAI(conversationOf(options.history)).messages as OpenAIChatMessage[];
  const tiers = deliverPrompt(options.prompt, options.repositoryPlacement);
  const tailAtEnd =
    tiers.volatile !== null && options.volatilePlacement !== 'system' && history.length > 0;
  const dynamic = dynamicBlock(tiers, tailAtEnd);
  const messages: OpenAIChatMessage[] = [{ role, content: tiers.static }];
  if (dynamic) messages.push({ role, content: dynamic });
  if (tiers.repository !== null) messages.push({ role: 'user', content: tiers.repository });
  messages.push(...history);
  if (tailAtEnd && tiers.volatile !== null) messages.push({ role, content: tiers.volatile });
  const request: OpenAIChatRequest<R> = {
    model: options.model,
    messages,
    prompt_cache_key: promptCacheKey(options.prompt, options.tools),
  };
  const tools = [...sortTools(options.tools), ...(options.appendedTools ?? [])];
  if (tools.length > 0) {
    request.tools = tools.map((t) => ({
      type: 'function',
      function: {
        name: t.name,
        description: t.description,
        parameters: canonicalSchema(t.inputSchema),
      },
    }));
  }
  if (options.promptCacheRetention !== undefined)
    request.prompt_cache_retention = options.promptCacheRetention;
  if (options.maxOutputTokens !== undefined)
    request.max_completion_tokens = options.maxOutputTokens;
  return request;
}

/** Builds a Responses request: `instructions` = static tier, a developer message with the dynamic tier, then the history. */
export function toOpenAIResponsesRequest<R extends OpenAIPromptCacheRetention = '24h'>(
  options: OpenAIRequestOptions<R> & {
    /**
     * Ask for the API's cache diagnostics (`prompt_cache_diagnostics` on the response): the id of
     * an earlier response to compare against, sent as `prompt_cache_options.comparison_response_id`.
     */
    cacheComparisonResponseId?: string | undefined;
  },
): OpenAIResponsesRequest<R> {
  check(options);
  const history = toResponsesInput(conversationOf(options.history));
  const tiers = deliverPrompt(options.prompt, options.repositoryPlacement);
  const tailAtEnd =
    tiers.volatile !== null && options.volatilePlacement !== 'system' && history.length > 0;
  const dynamic = dynamicBlock(tiers, tailAtEnd);
  const input: OpenAIResponsesInputItem[] = [];
  if (dynamic) input.push({ type: 'message', role: 'developer', content: dynamic });
  if (tiers.repository !== null)
    input.push({ type: 'message', role: 'user', content: tiers.repository });
  input.push(...history);
  if (tailAtEnd && tiers.volatile !== null)
    input.push({ type: 'message', role: 'developer', content: tiers.volatile });
  const request: OpenAIResponsesRequest<R> = {
    model: options.model,
    instructions: options.prompt.static,
    input,
    prompt_cache_key: promptCacheKey(options.prompt, options.tools),
  };
  const tools = [...sortTools(options.tools), ...(options.appendedTools ?? [])];
  if (tools.length > 0) {
    request.tools = tools.map((t) => ({
      type: 'function',
      name: t.name,
      description: t.description,
      parameters: canonicalSchema(t.inputSchema),
      strict: false,
    }));
  }
  if (options.promptCacheRetention !== undefined)
    request.prompt_cache_retention = options.promptCacheRetention;
  if (options.cacheComparisonResponseId !== undefined)
    request.prompt_cache_options = { comparison_response_id: options.cacheComparisonResponseId };
  if (options.maxOutputTokens !== undefined) request.max_output_tokens = options.maxOutputTokens;
  return request;
}
