/**
 * @module providers/ai-sdk
 * Vercel AI SDK call options as plain objects (`system`, `messages`, tool definitions,
 * `providerOptions`), from the neutral history. Anthropic caching through `@ai-sdk/anthropic`:
 * `providerOptions.anthropic.cacheControl` where the one planner (`planBreakpoints`) puts a
 * breakpoint: the last tool (1h), the static system block (1h), the dynamic one (5m) and the
 * latest history message (5m, the sliding breakpoint), none on a prefix below the model's
 * minimum. The volatile tail (the clock) is a user message of its own after the latest one on
 * every step (the SDK's Anthropic provider merges it into the same user turn, after the
 * breakpoint, also when the latest message is a tool result). OpenAI: the call-level
 * `providerOptions.openai.promptCacheKey`. v6 takes system messages in `system`; v5 only takes a
 * string there, so the blocks go at the head of `messages`.
 */
import type { History } from '../history/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import { canonicalSchema, type JsonSchemaObject, type ToolDefinition } from '../tools/index.js';
import {
  type AiSdkCacheControl,
  type AiSdkMessage,
  type AiSdkSystemMessage,
  type AiSdkUserMessage,
  type AiSdkV5Message,
  toAiSdkMessages,
} from './ai-sdk-messages.js';
import {
  type BreakpointDecision,
  type BreakpointSlot,
  DEFAULT_SLOT_TTL,
  planBreakpoints,
  slotCandidates,
  slotPrefixes,
} from './breakpoints.js';
import {
  type AiSdkContextManagement,
  aiSdkContextManagement,
  type ContextEdit,
} from './context-management.js';
import { conversationOf } from './conversation.js';
import { minCacheableTokens } from './model-limits.js';
import { type OpenAIPromptCacheRetention, promptCacheKey } from './openai.js';
import { deliverPrompt, dynamicBlock } from './prompt-delivery.js';
import { sortTools } from './tool-order.js';
import type {
  CacheTtl,
  DeliveredTiers,
  PromptTiers,
  RepositoryPlacement,
  VolatilePlacement,
} from './types.js';

/** Which AI SDK major version's shape to produce. */
export type AiSdkVersion = 'v5' | 'v6';

/**
 * A tool for the SDK's `tool({ description, inputSchema: jsonSchema(inputSchema), providerOptions })`
 * (pass `providerOptions` on: the tools breakpoint travels there).
 */
export interface AiSdkToolSpec {
  description: string;
  inputSchema: JsonSchemaObject;
  providerOptions?: { anthropic: { cacheControl: AiSdkCacheControl } };
}

/** Call-level provider options ctxloom sets. */
export type AiSdkCallProviderOptions = {
  /** The OpenAI prompt cache key (and retention, when chosen). */
  openai: { promptCacheKey: string; promptCacheRetention?: OpenAIPromptCacheRetention };
  /** Server-side context management, when chosen (`@ai-sdk/anthropic` adds the beta headers). */
  anthropic?: { contextManagement: AiSdkContextManagement };
};

interface CallOptionsBase {
  tools?: Record<string, AiSdkToolSpec>;
  /** Call-level provider options: the OpenAI prompt cache key, Anthropic context management. */
  providerOptions: AiSdkCallProviderOptions;
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
  /** Tools sent after `tools`, in this order and not sorted (tools found during a session: appended so the cached prefix before them stays). */
  appendedTools?: readonly ToolDefinition[] | undefined;
  /** Default `v6`. */
  version?: AiSdkVersion | undefined;
  /** The model id (an `anthropic/` prefix is fine): picks the minimum cacheable length. */
  model?: string | undefined;
  /** Mark the tools, tiers and the latest message for Anthropic prompt caching (default true; ignored by other providers). */
  anthropicCache?: boolean | undefined;
  /** TTL per slot. Defaults: tools and static `1h`, dynamic and latest message `5m`. */
  ttl?: Partial<Record<BreakpointSlot, CacheTtl>> | undefined;
  /** Minimum cacheable tokens; defaults to the model's (`minCacheableTokens`), 1024 without a model. */
  minCacheableTokens?: number | undefined;
  /** Counter used to size prefixes against the minimum (an estimate of Anthropic's tokenizer). */
  tokenCounter?: TokenCounter | undefined;
  /** `end` (default): volatile sections (the clock) become a user message after the latest user or tool message; `system`: they stay in the dynamic system block. */
  volatilePlacement?: VolatilePlacement | undefined;
  /** `system` (default): repository instruction files stay in the dynamic system block; `user`: a user message before the history. */
  repositoryPlacement?: RepositoryPlacement | undefined;
  /** Anthropic server-side context edits, as `providerOptions.anthropic.contextManagement`. */
  contextEdits?: readonly ContextEdit[] | undefined;
  /** OpenAI `promptCacheRetention` (`in_memory` or `24h`). */
  promptCacheRetention?: OpenAIPromptCacheRetention | undefined;
}

/** The call options plus what the planner decided (the Anthropic builder's shape). */
export interface AiSdkPayload<Options extends AiSdkCallOptions = AiSdkCallOptions> {
  readonly options: Options;
  readonly breakpoints: readonly BreakpointDecision[];
}

function cacheControl(ttl: CacheTtl): AiSdkCacheControl {
  return ttl === '1h' ? { type: 'ephemeral', ttl } : { type: 'ephemeral' };
}

function hasContent(m: { content: unknown }): boolean {
  return typeof m.content === 'string' ? m.content.length > 0 : (m.content as unknown[]).length > 0;
}

/** The system blocks and history before any marker, and where the volatile tail goes. */
interface AiSdkLayout {
  readonly systemBlocks: AiSdkSystemMessage[];
  readonly history: (AiSdkMessage | AiSdkV5Message)[];
  readonly tiers: DeliveredTiers;
  /** The volatile tail becomes a user message after the latest user or tool message. */
  readonly tailAtEnd: boolean;
}

/** Lays the prompt out as system blocks and the history as messages (no markers yet). */
function layout(options: AiSdkOptions, version: AiSdkVersion): AiSdkLayout {
  const history = toAiSdkMessages(conversationOf(options.history), version);
  const tiers = deliverPrompt(options.prompt, options.repositoryPlacement);
  const lastRole = history.at(-1)?.role;
  const tailAtEnd =
    tiers.volatile !== null &&
    options.volatilePlacement !== 'system' &&
    (lastRole === 'user' || lastRole === 'tool');
  const dynamic = dynamicBlock(tiers, tailAtEnd);
  const systemBlocks: AiSdkSystemMessage[] = [{ role: 'system', content: tiers.static }];
  if (dynamic) systemBlocks.push({ role: 'system', content: dynamic });
  if (tiers.repository !== null) history.unshift({ role: 'user', content: tiers.repository });
  return { systemBlocks, history, tiers, tailAtEnd };
}

/** Sizes the four slots as the Anthropic provider sends them (tools, system, messages) and plans. */
function planFor(
  options: AiSdkOptions,
  tools: readonly ToolDefinition[],
  laid: AiSdkLayout,
): readonly BreakpointDecision[] {
  const cache = options.anthropicCache ?? true;
  const counter = options.tokenCounter ?? defaultTokenCounter;
  const wireTools = tools.map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: canonicalSchema(t.inputSchema),
  }));
  const prefixes = slotPrefixes(counter, {
    toolsJson: tools.length > 0 ? JSON.stringify(wireTools) : null,
    static: laid.tiers.static,
    dynamic: laid.systemBlocks[1]?.content ?? null,
    messages: laid.history,
  });
  const latest = laid.history.at(-1);
  const present = {
    tools: cache && tools.length > 0,
    static: cache && laid.tiers.static.length > 0,
    dynamic: cache && laid.systemBlocks.length > 1,
    'latest-message': cache && latest !== undefined && hasContent(latest),
  };
  return planBreakpoints(
    slotCandidates(prefixes, present, { ...DEFAULT_SLOT_TTL, ...options.ttl }),
    options.minCacheableTokens ??
      (options.model === undefined ? undefined : minCacheableTokens(options.model)) ??
      minCacheableTokens(''),
  );
}

/** Sets `providerOptions.anthropic.cacheControl` where the planner placed a breakpoint. */
function applyMarkers(
  decisions: readonly BreakpointDecision[],
  specs: [string, AiSdkToolSpec][],
  laid: AiSdkLayout,
): void {
  const latest = laid.history.at(-1);
  for (const d of decisions) {
    if (!d.placed) continue;
    const marker = { anthropic: { cacheControl: cacheControl(d.ttl) } };
    if (d.slot === 'tools') {
      const last = specs.at(-1);
      if (last) last[1].providerOptions = marker;
    } else if (d.slot === 'static')
      (laid.systemBlocks[0] as AiSdkSystemMessage).providerOptions = marker;
    else if (d.slot === 'dynamic')
      (laid.systemBlocks[1] as AiSdkSystemMessage).providerOptions = marker;
    // the sliding breakpoint: on the last part of the latest message, before the clock
    else if (latest !== undefined) latest.providerOptions = marker;
  }
}

/** The call-level provider options: the OpenAI cache key (and retention), Anthropic context edits. */
function callProviderOptions(options: AiSdkOptions): AiSdkCallProviderOptions {
  const providerOptions: AiSdkCallProviderOptions = {
    openai: { promptCacheKey: promptCacheKey(options.prompt, options.tools) },
  };
  if (options.promptCacheRetention !== undefined)
    providerOptions.openai.promptCacheRetention = options.promptCacheRetention;
  if (options.contextEdits !== undefined && options.contextEdits.length > 0)
    providerOptions.anthropic = { contextManagement: aiSdkContextManagement(options.contextEdits) };
  return providerOptions;
}

/** Builds AI SDK call options and returns the planner's decisions with them. */
export function toAiSdkPayload(
  options: AiSdkOptions & { version?: 'v6' },
): AiSdkPayload<AiSdkV6CallOptions>;
export function toAiSdkPayload(
  options: AiSdkOptions & { version: 'v5' },
): AiSdkPayload<AiSdkV5CallOptions>;
export function toAiSdkPayload(options: AiSdkOptions): AiSdkPayload;
export function toAiSdkPayload(options: AiSdkOptions): AiSdkPayload {
  const version = options.version ?? 'v6';
  const laid = layout(options, version);
  const tools = [...sortTools(options.tools), ...(options.appendedTools ?? [])];
  const specs: [string, AiSdkToolSpec][] = tools.map((t) => [
    t.name,
    { description: t.description, inputSchema: canonicalSchema(t.inputSchema) },
  ]);
  const decisions = planFor(options, tools, laid);
  applyMarkers(decisions, specs, laid);
  const { systemBlocks, history } = laid;
  if (laid.tailAtEnd && laid.tiers.volatile !== null) {
    const clock: AiSdkUserMessage = { role: 'user', content: laid.tiers.volatile };
    history.push(clock);
  }
  const providerOptions = callProviderOptions(options);
  // v5 and v6 messages differ only in tool-result image parts, which follow `version`
  const result: AiSdkCallOptions =
    version === 'v6'
      ? { system: systemBlocks, messages: history as AiSdkMessage[], providerOptions }
      : { messages: [...systemBlocks, ...(history as AiSdkV5Message[])], providerOptions };
  if (specs.length > 0) result.tools = Object.fromEntries(specs);
  return { options: result, breakpoints: decisions };
}

/** Builds AI SDK call options: the system tiers first, then the history, then the clock. */
export function toAiSdkCallOptions(options: AiSdkOptions & { version?: 'v6' }): AiSdkV6CallOptions;
export function toAiSdkCallOptions(options: AiSdkOptions & { version: 'v5' }): AiSdkV5CallOptions;
export function toAiSdkCallOptions(options: AiSdkOptions): AiSdkCallOptions;
export function toAiSdkCallOptions(options: AiSdkOptions): AiSdkCallOptions {
  return toAiSdkPayload(options).options;
}
