/**
 * @module providers/anthropic
 * Anthropic Messages request payloads: `system` as a static block then a dynamic block, sorted
 * `tools`, and `messages`, with `cache_control` breakpoints placed by {@link planBreakpoints}.
 */
import { CtxloomError } from '../diagnostics/index.js';
import { exportAnthropic, type History } from '../history/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import { canonicalSchema, type ToolDefinition } from '../tools/index.js';
import {
  type BreakpointDecision,
  type BreakpointSlot,
  DEFAULT_SLOT_TTL,
  planBreakpoints,
  slotCandidates,
  slotPrefixes,
} from './breakpoints.js';
import {
  type AnthropicContextManagement,
  anthropicContextManagement,
  CACHE_DIAGNOSIS_BETA,
  type ContextEdit,
} from './context-management.js';
import { conversationOf } from './conversation.js';
import { minCacheableTokens } from './model-limits.js';
import { deliverPrompt, dynamicBlock } from './prompt-delivery.js';
import { sortTools } from './tool-order.js';
import type { AnthropicToolSearchTool } from './tool-search.js';
import type {
  CacheTtl,
  DeliveredTiers,
  PromptTiers,
  RepositoryPlacement,
  VolatilePlacement,
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

/** The system blocks and messages before any breakpoint, and where the volatile tail goes. */
interface AnthropicLayout {
  readonly system: AnthropicTextBlock[];
  readonly messages: AnthropicMessage[];
  readonly tiers: DeliveredTiers;
  /** The volatile tail goes after the latest (user) message rather than in the system block. */
  readonly tailAtEnd: boolean;
}

function checkOptions(options: AnthropicRequestOptions): void {
  if (!options.model) throw new CtxloomError('E_PAYLOAD_INVALID', 'model is required');
  if (!Number.isInteger(options.maxTokens) || options.maxTokens <= 0) {
    throw new CtxloomError(
      'E_PAYLOAD_INVALID',
      `maxTokens must be a positive whole number, got ${options.maxTokens}`,
    );
  }
}

/** The repository section as the first text block of the first user message (or a new one). */
function leadWithRepository(messages: AnthropicMessage[], repository: string): void {
  const first = messages[0];
  const block: AnthropicTextBlock = { type: 'text', text: repository };
  if (first?.role === 'user')
    first.content =
      typeof first.content === 'string'
        ? [block, { type: 'text', text: first.content }]
        : [block, ...first.content];
  else messages.unshift({ role: 'user', content: [block] });
}

/** Lays the prompt out as system blocks and the history as messages (no breakpoints yet). */
function layout(options: AnthropicRequestOptions): AnthropicLayout {
  const messages = wireMessages(options.history);
  const tiers = deliverPrompt(options.prompt, options.repositoryPlacement);
  const tailAtEnd =
    tiers.volatile !== null &&
    options.volatilePlacement !== 'system' &&
    messages.at(-1)?.role === 'user';
  if (tiers.repository !== null) leadWithRepository(messages, tiers.repository);
  const dynamicText = dynamicBlock(tiers, tailAtEnd);
  const system: AnthropicTextBlock[] = [{ type: 'text', text: tiers.static }];
  if (dynamicText) system.push({ type: 'text', text: dynamicText });
  return { system, messages, tiers, tailAtEnd };
}

/** Whether the latest message has a block a breakpoint can go on. */
function lastCacheable(messages: readonly AnthropicMessage[]): boolean {
  const last = messages.at(-1);
  if (last === undefined) return false;
  return typeof last.content === 'string'
    ? last.content.length > 0
    : cacheableIndex(last.content) >= 0;
}

/** Sizes the four slots and lets the planner decide where breakpoints go. */
function planFor(
  options: AnthropicRequestOptions,
  tools: readonly AnthropicTool[],
  laid: AnthropicLayout,
): readonly BreakpointDecision[] {
  const counter = options.tokenCounter ?? defaultTokenCounter;
  const prefixes = slotPrefixes(counter, {
    toolsJson: tools.length > 0 ? JSON.stringify(tools) : null,
    static: laid.tiers.static,
    // the dynamic block as sent (without a volatile tail moved after the history)
    dynamic: laid.system[1]?.text ?? null,
    messages: laid.messages,
  });
  const present = {
    tools: tools.length > 0,
    static: laid.tiers.static.length > 0,
    // a dynamic tier holding only volatile sections sends no dynamic block once they move
    dynamic: laid.system.length > 1,
    'latest-message': lastCacheable(laid.messages),
  };
  return planBreakpoints(
    slotCandidates(prefixes, present, { ...DEFAULT_SLOT_TTL, ...options.ttl }),
    options.minCacheableTokens ?? minCacheableTokens(options.model),
  );
}

/** The sliding breakpoint: on the last cacheable block of the latest message. */
function markLatestMessage(messages: AnthropicMessage[], ttl: CacheTtl): void {
  const target = messages[messages.length - 1];
  if (target === undefined) return;
  if (typeof target.content === 'string') {
    target.content = [{ type: 'text', text: target.content, cache_control: control(ttl) }];
  } else {
    const block = target.content[cacheableIndex(target.content)] as Exclude<
      AnthropicContentBlock,
      AnthropicThinkingBlock | AnthropicRedactedThinkingBlock
    >;
    block.cache_control = control(ttl);
  }
}

/** Sets `cache_control` where the planner placed a breakpoint. */
function applyBreakpoints(
  decisions: readonly BreakpointDecision[],
  tools: AnthropicTool[],
  laid: AnthropicLayout,
): void {
  for (const d of decisions) {
    if (!d.placed) continue;
    if (d.slot === 'tools') {
      const lastTool = tools.at(-1);
      if (lastTool) lastTool.cache_control = control(d.ttl);
    } else if (d.slot === 'static') {
      (laid.system[0] as AnthropicTextBlock).cache_control = control(d.ttl);
    } else if (d.slot === 'dynamic') {
      (laid.system[1] as AnthropicTextBlock).cache_control = control(d.ttl);
    } else markLatestMessage(laid.messages, d.ttl);
  }
}

/** The volatile tail as a text block after the latest message, behind the sliding breakpoint. */
function appendTail(laid: AnthropicLayout): void {
  if (!laid.tailAtEnd || laid.tiers.volatile === null) return;
  const target = laid.messages[laid.messages.length - 1] as AnthropicMessage;
  const tail: AnthropicTextBlock = { type: 'text', text: laid.tiers.volatile };
  target.content =
    typeof target.content === 'string'
      ? [{ type: 'text', text: target.content }, tail]
      : [...target.content, tail];
}

/** Context edits and cache diagnostics on the request; returns the beta headers they need, sorted. */
function serverOptions(request: AnthropicRequest, options: AnthropicRequestOptions): string[] {
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
  return [...betas].sort();
}

/**
 * Builds an Anthropic Messages request with cache breakpoints at the tier boundary.
 * @example toAnthropicRequest({ model: 'claude-sonnet-4-6', maxTokens: 4096, prompt: registry.build(ctx), history })
 */
export function toAnthropicRequest(options: AnthropicRequestOptions): AnthropicPayload {
  checkOptions(options);
  const tools: AnthropicTool[] = [
    ...sortTools(options.tools),
    ...(options.appendedTools ?? []),
  ].map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: canonicalSchema(t.inputSchema),
  }));
  const laid = layout(options);
  const decisions = planFor(options, tools, laid);
  applyBreakpoints(decisions, tools, laid);
  appendTail(laid);
  const request: AnthropicRequest = {
    model: options.model,
    max_tokens: options.maxTokens,
    system: laid.system,
    messages: laid.messages,
  };
  if (tools.length > 0) request.tools = tools;
  const betas = serverOptions(request, options);
  return { request, breakpoints: decisions, betas };
}
