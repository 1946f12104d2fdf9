/**
 * @module providers/anthropic
 * Anthropic Messages request payloads: `system` as a static block then a dynamic block, sorted
 * `tools`, and `messages`, with `cache_control` breakpoints placed by {@link planBreakpoints}.
 */
import { CtxloomError } from '../diagnostics/index.js';
import { exportAnthropic, type History } from '../history/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import { canonicalSchema, type ToolDefinition } from '../tools/index.js';
import { type BreakpointDecision, type BreakpointSlot, planBreakpoints } from './breakpoints.js';
import {
  type AnthropicContextManagement,
  anthropicContextManagement,
  CACHE_DIAGNOSIS_BETA,
  type ContextEdit,
} from './context-management.js';
import { conversationOf } from './conversation.js';
import { minCacheableTokens } from './model-limits.js';
import type { AnthropicToolSearchTool } from './tool-search.js';
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

/** `cache_control` as the API takes it. */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl?: CacheTtl;
}

export interface AnthropicTextBlock {
  type: 'text';
  text: string;
  cache_control?: AnthropicCacheControl | null;
}
export interface AnthropicImageBlock {
  type: 'image';
  source:
    | {
        type: 'base64';
        media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
        data: string;
      }
    | { type: 'url'; url: string };
  cache_control?: AnthropicCacheControl | null;
}
export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
  cache_control?: AnthropicCacheControl | null;
}
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | (AnthropicTextBlock | AnthropicImageBlock)[];
  is_error?: boolean;
  cache_control?: AnthropicCacheControl | null;
}
export interface AnthropicThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}
export interface AnthropicRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}
export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock;

/** One message in the Anthropic shape. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicContentBlock[];
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
  cache_control?: AnthropicCacheControl | null;
  /** Held back until the server-side tool search finds it (`providers/tool-search`). */
  defer_loading?: boolean;
}

/** The request body of `POST /v1/messages` (non-streaming). */
export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  system: AnthropicTextBlock[];
  messages: AnthropicMessage[];
  tools?: (AnthropicTool | AnthropicToolSearchTool)[];
  /** Server-side context editing / compaction (beta: send with the payload's `betas`). */
  context_management?: AnthropicContextManagement;
  /** Cache diagnostics: the previous response's id, compared server-side against this request. */
  diagnostics?: { previous_message_id: string | null };
}

/** Options for {@link toAnthropicRequest}. */
export interface AnthropicRequestOptions {
  model: string;
  maxTokens: number;
  /** The built system prompt (a `BuiltPrompt` fits). */
  prompt: PromptTiers;
  tools?: readonly ToolDefinition[] | undefined;
  /** Tools sent after `tools`, in this order and not sorted (tools found during a session: appended so the cached prefix before them stays). */
  appendedTools?: readonly ToolDefinition[] | undefined;
  /** The conversation, oldest first (no system messages: the system prompt is `prompt`). */
  history?: History | undefined;
  /** TTL per slot. Defaults: tools and static `1h` (shared by every session), dynamic and latest message `5m`. */
  ttl?: Partial<Record<BreakpointSlot, CacheTtl>> | undefined;
  /** Minimum cacheable tokens; defaults to the model's (see `minCacheableTokens`). */
  minCacheableTokens?: number | undefined;
  /** Counter used to size prefixes against the minimum (an estimate of Anthropic's tokenizer). */
  tokenCounter?: TokenCounter | undefined;
  /**
   * `end` (default): volatile sections (the clock) go in a text block after the latest user
   * message (a tool message is a user message here: the clock follows its results), after the
   * sliding breakpoint, so they never invalidate the cached history. `system`: they stay at the
   * end of the dynamic system block. Without spans, or when the last message is the assistant's,
   * they stay in the system block.
   */
  volatilePlacement?: VolatilePlacement | undefined;
  /**
   * `system` (default): repository instruction files stay in the dynamic system block. `user`:
   * they become the first text block of the first user message (a user message of their own
   * when the conversation does not start with one), still inside the cached prefix.
   */
  repositoryPlacement?: RepositoryPlacement | undefined;
  /**
   * Server-side context edits (clearing old tool results or thinking, compaction), written as
   * `context_management`; the beta headers they need are returned in `betas`.
   */
  contextEdits?: readonly ContextEdit[] | undefined;
  /**
   * Ask for the API's cache diagnostics: the `id` of the previous response (`null` on the first
   * turn), so the response's `diagnostics.cache_miss_reason` says why the prefix was not reused.
   */
  cacheDiagnostics?: { readonly previousMessageId: string | null } | undefined;
}

/** The payload plus what the planner decided. */
export interface AnthropicPayload {
  readonly request: AnthropicRequest;
  readonly breakpoints: readonly BreakpointDecision[];
  /**
   * Beta header values the request needs, sorted (empty without context edits or diagnostics):
   * `client.beta.messages.create({ ...request, betas })`.
   */
  readonly betas: readonly string[];
}

const DEFAULT_TTL: Record<BreakpointSlot, CacheTtl> = {
  tools: '1h',
  static: '1h',
  dynamic: '5m',
  'latest-message': '5m',
};

function control(ttl: CacheTtl): AnthropicCacheControl {
  return ttl === '5m' ? { type: 'ephemeral' } : { type: 'ephemeral', ttl };
}

function cacheableIndex(blocks: readonly AnthropicContentBlock[]): number {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const t = blocks[i]?.type;
    if (t !== 'thinking' && t !== 'redacted_thinking') return i;
  }
  return -1;
}

/**
 * The history as wire messages. `exportAnthropic` builds new plain objects of exactly these shapes
 * (its types are the wider import-side ones), so the planner may set `cache_control` on them. A
 * `cache_control` still present (inside a block kept opaque) is dropped: this planner owns all
 * breakpoints.
 */
function wireMessages(history: History | undefined): AnthropicMessage[] {
  const messages = exportAnthropic(conversationOf(history))
    .messages as unknown as AnthropicMessage[];
  for (const m of messages)
    if (typeof m.content !== 'string')
      for (const b of m.content) if ('cache_control' in b) delete b.cache_control;
  return messages;
}

/**
 * Builds an Anthropic Messages request with cache breakpoints at the tier boundary.
 * @example toAnthropicRequest({ model: 'claude-sonnet-4-6', maxTokens: 4096, prompt: registry.build(ctx), history })
 */
export function toAnthropicRequest(options: AnthropicRequestOptions): AnthropicPayload {
  if (!options.model) throw new CtxloomError('E_PAYLOAD_INVALID', 'model is required');
  if (!Number.isInteger(options.maxTokens) || options.maxTokens <= 0) {
    throw new CtxloomError(
      'E_PAYLOAD_INVALID',
      `maxTokens must be a positive whole number, got ${options.maxTokens}`,
    );
  }
  const counter = options.tokenCounter ?? defaultTokenCounter;
  const ttl = { ...DEFAULT_TTL, ...options.ttl };
  const tools: AnthropicTool[] = [
    ...sortTools(options.tools),
    ...(options.appendedTools ?? []),
  ].map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: canonicalSchema(t.inputSchema),
  }));
  const messages = wireMessages(options.history);
  const { prompt, repository } = placeRepository(options.prompt, options.repositoryPlacement);
  const tiers = splitVolatileTail(prompt);
  const tailAtEnd =
    tiers.volatile !== null &&
    options.volatilePlacement !== 'system' &&
    messages.at(-1)?.role === 'user';
  if (repository !== null) {
    const first = messages[0];
    const block: AnthropicTextBlock = { type: 'text', text: repository };
    if (first?.role === 'user')
      first.content =
        typeof first.content === 'string'
          ? [block, { type: 'text', text: first.content }]
          : [block, ...first.content];
    else messages.unshift({ role: 'user', content: [block] });
  }
  const last = messages.at(-1);
  const dynamicText = tailAtEnd ? tiers.dynamic : joinTail(tiers.dynamic, tiers.volatile);
  const system: AnthropicTextBlock[] = [{ type: 'text', text: prompt.static }];
  if (dynamicText) system.push({ type: 'text', text: dynamicText });

  const toolTokens = tools.length > 0 ? counter.count(JSON.stringify(tools)) : 0;
  const staticTokens = toolTokens + counter.count(prompt.static);
  // the dynamic block as sent (without a volatile tail moved after the history)
  const dynamicTokens = staticTokens + (dynamicText ? counter.count(dynamicText) : 0);
  let messageTokens = dynamicTokens;
  for (const m of messages)
    messageTokens += counter.count(
      typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
    );
  const lastCacheable =
    last === undefined
      ? false
      : typeof last.content === 'string'
        ? last.content.length > 0
        : cacheableIndex(last.content) >= 0;

  const decisions = planBreakpoints(
    [
      { slot: 'tools', prefixTokens: toolTokens, present: tools.length > 0, ttl: ttl.tools },
      {
        slot: 'static',
        prefixTokens: staticTokens,
        present: prompt.static.length > 0,
        ttl: ttl.static,
      },
      {
        slot: 'dynamic',
        prefixTokens: dynamicTokens,
        // a dynamic tier holding only volatile sections sends no dynamic block once they move
        present: system.length > 1,
        ttl: ttl.dynamic,
      },
      {
        slot: 'latest-message',
        prefixTokens: messageTokens,
        present: lastCacheable,
        ttl: ttl['latest-message'],
      },
    ],
    options.minCacheableTokens ?? minCacheableTokens(options.model),
  );
  for (const d of decisions) {
    if (!d.placed) continue;
    if (d.slot === 'tools') {
      const lastTool = tools.at(-1);
      if (lastTool) lastTool.cache_control = control(d.ttl);
    } else if (d.slot === 'static') {
      (system[0] as AnthropicTextBlock).cache_control = control(d.ttl);
    } else if (d.slot === 'dynamic') {
      (system[1] as AnthropicTextBlock).cache_control = control(d.ttl);
    } else if (last !== undefined) {
      const target = messages[messages.length - 1] as AnthropicMessage;
      if (typeof target.content === 'string') {
        target.content = [{ type: 'text', text: target.content, cache_control: control(d.ttl) }];
      } else {
        const block = target.content[cacheableIndex(target.content)] as Exclude<
          AnthropicContentBlock,
          AnthropicThinkingBlock | AnthropicRedactedThinkingBlock
        >;
        block.cache_control = control(d.ttl);
      }
    }
  }
  if (tailAtEnd && tiers.volatile !== null) {
    const target = messages[messages.length - 1] as AnthropicMessage;
    const tail: AnthropicTextBlock = { type: 'text', text: tiers.volatile };
    target.content =
      typeof target.content === 'string'
        ? [{ type: 'text', text: target.content }, tail]
        : [...target.content, tail];
  }
  const request: AnthropicRequest = {
    model: options.model,
    max_tokens: options.maxTokens,
    system,
    messages,
  };
  if (tools.length > 0) request.tools = tools;
  const betas = new Set<string>();
  if (options.contextEdits !== undefined && options.contextEdits.length > 0) {
    const cm = anthropicContextManagement(options.contextEdits);
    request.context_management = cm.contextManagement;
    for (const b of cm.betas) betas.add(b);
  }
  if (options.cacheDiagnostics !== undefined) {
    request.diagnostics = { previous_message_id: options.cacheDiagnostics.previousMessageId };
    betas.add(CACHE_DIAGNOSIS_BETA);
  }
  return { request, breakpoints: decisions, betas: [...betas].sort() };
}
