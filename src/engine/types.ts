/**
 * @module engine/types
 * The options, inputs and results of the context engine (`openContext`).
 */
import type { Verdict } from '../_internal/verdict.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { ArtifactStore, CompactionResult, JsonValue, Summarizer } from '../history/index.js';
import type { Project, ProjectScanner } from '../project/index.js';
import type { PresetName, PromptMode, SectionRegistry } from '../prompt/index.js';
import type {
  AiSdkV6CallOptions,
  AnthropicRequest,
  BreakpointDecision,
  CacheMissExplanation,
  ContextEdit,
  NormalizedUsage,
  OpenAIChatRequest,
  OpenAIPromptCacheRetention,
  OpenAIResponsesRequest,
} from '../providers/index.js';
import type { SessionStore } from '../session/index.js';
import type { TokenCounter } from '../tokens/index.js';
import type { ToolDefinition } from '../tools/index.js';

/** The request shape `prepare()` produces. */
export type ProviderName = 'anthropic' | 'openai-chat' | 'openai-responses' | 'ai-sdk';

/** The request body `prepare()` returns for each provider. */
export interface RequestByProvider {
  readonly anthropic: AnthropicRequest;
  readonly 'openai-chat': OpenAIChatRequest;
  readonly 'openai-responses': OpenAIResponsesRequest;
  readonly 'ai-sdk': AiSdkV6CallOptions;
}

/** The request body for provider `P`. */
export type RequestFor<P extends ProviderName> = RequestByProvider[P];

/** The provider names, sorted. */
export const PROVIDER_NAMES: readonly ProviderName[] = Object.freeze([
  'ai-sdk',
  'anthropic',
  'openai-chat',
  'openai-responses',
]);

/** One tool call the model made. */
export interface ToolCall {
  /** The call id; its result names it. */
  readonly id: string;
  /** The tool's name. */
  readonly name: string;
  /** Parsed arguments (the raw text when they were not JSON). */
  readonly input: JsonValue;
}

/** What the engine injected, for logging. */
export interface InjectionEvent {
  /** `rule` (path or folder rule) or `skill` (keyword, task or invoked). */
  readonly kind: 'rule' | 'skill';
  /** The activation key, e.g. `rule:.cursor/rules/api.mdc#api` or `skill:deploy`. */
  readonly key: string;
  /** How it fired. */
  readonly via: 'keyword' | 'task' | 'path' | 'invoke';
  /** The message it was added to. */
  readonly messageId: string;
}

/** Logging hooks. They are called synchronously; what they throw is not caught. */
export interface ContextHooks {
  /** A rule or skill was injected. */
  readonly onInjection?: ((event: InjectionEvent) => void) | undefined;
  /** A compaction ran (on a budget threshold, or in `recoverFromOverflow`). */
  readonly onCompaction?: ((result: CompactionResult) => void) | undefined;
  /** The request diverged from the previous one before its end: what the cache loses, and where. */
  readonly onCacheMiss?: ((explanation: CacheMissExplanation) => void) | undefined;
}

/** Options of `openContext`. `cwd`, `model`, `provider` and `window` are required. */
export interface OpenContextOptions<P extends ProviderName = ProviderName> {
  /** The agent's working directory. */
  readonly cwd: string;
  /** The model id (sent in the request; sections adapt to its family). */
  readonly model: string;
  /** The request shape `prepare()` returns. */
  readonly provider: P;
  /** The model's context window, in tokens. */
  readonly window: number;
  /** The caller's tools (ctxloom adds `read_artifact`, and `invoke_skill` when skills exist). */
  readonly tools?: readonly ToolDefinition[] | undefined;
  /**
   * Tokens the caller's tool definitions may take. Tools are sent in declaration order while they
   * fit; the rest are listed (name + one line) in a `search_tools` built-in, and a tool it finds
   * is sent from the next request on, after every other tool. Default: no budget (all sent).
   */
  readonly toolBudgetTokens?: number | undefined;
  /**
   * Who finds held-back tools. `client` (default): ctxloom's `search_tools` built-in with its
   * catalog, found tools appended to the request. `anthropic`: the API's own tool search
   * (`tool_search_tool_bm25_20251119`, or `_regex_` with `anthropicToolSearch: 'regex'`): the
   * held-back tools are sent with `defer_loading: true` and the API expands what it finds inside
   * the history, so the tools prefix never changes. Without `toolBudgetTokens` every caller tool
   * is deferred. Only for the `anthropic` provider and a model that supports it; otherwise
   * `client` is used with a `W_TOOL_SEARCH_FALLBACK` diagnostic.
   */
  readonly toolSearch?: 'client' | 'anthropic' | undefined;
  /** The server-side search's variant (`toolSearch: 'anthropic'`). Default `bm25`. */
  readonly anthropicToolSearch?: 'bm25' | 'regex' | undefined;
  /** Output tokens asked for (Anthropic `max_tokens`; reserved in the window). Default 8,192. */
  readonly maxOutputTokens?: number | undefined;
  /** The session id. Default: a random UUID. */
  readonly id?: string | undefined;
  /** Where the session is saved. Default: `FileSessionStore` at `<root>/.ctxloom/sessions`. */
  readonly store?: SessionStore | undefined;
  /** Where elided tool results live. Default: files under `<root>/.ctxloom/artifacts`. */
  readonly artifacts?: ArtifactStore | undefined;
  /** An already loaded project (default: `loadProject({ cwd, home, env, model })`). */
  readonly project?: Project | undefined;
  /** The user's home folder, for `loadProject`. */
  readonly home?: string | undefined;
  /** Environment variables the prompt may describe, for `loadProject`. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** The clock. Default `() => new Date()`. */
  readonly clock?: (() => Date) | undefined;
  /** Prompt preset and mode (default `default` / `full`). */
  readonly preset?: PresetName | undefined;
  readonly mode?: PromptMode | undefined;
  /** A registry to build the system prompt with, instead of the preset's. */
  readonly registry?: SectionRegistry | undefined;
  /** The injection scanner. Default: ctxloom's `scan`. */
  readonly scanner?: ProjectScanner | undefined;
  /** Token counter. Default o200k. */
  readonly tokenCounter?: TokenCounter | undefined;
  /** Tool results above this many tokens are stored as artifacts on arrival. Default 4,000. */
  readonly elideAboveTokens?: number | undefined;
  /** Lines `read_artifact` returns when no range is asked for (paging). Default 200. */
  readonly readArtifactPageLines?: number | undefined;
  /** Compaction thresholds as fractions of the window (defaults 0.75 / 0.92 / 0.6). */
  readonly compaction?:
    | {
        readonly soft?: number | undefined;
        readonly hard?: number | undefined;
        readonly target?: number | undefined;
        readonly summarizer?: Summarizer | undefined;
      }
    | undefined;
  /** Logging hooks. */
  readonly hooks?: ContextHooks | undefined;
  /**
   * Anthropic server-side context editing / compaction (`anthropic`, `ai-sdk`): sent as
   * `context_management`; the beta headers it needs come back in `prepare().betas`.
   */
  readonly contextEdits?: readonly ContextEdit[] | undefined;
  /** OpenAI prompt cache retention (`openai-chat`, `openai-responses`, `ai-sdk`). */
  readonly promptCacheRetention?: OpenAIPromptCacheRetention | undefined;
  /**
   * Ask the provider why the cache missed, against the previous response (`anthropic`: the
   * diagnostics beta; `openai-responses`: `prompt_cache_options.comparison_response_id`).
   */
  readonly cacheDiagnostics?: boolean | undefined;
}

/** Options of `resumeContext`: the same as `openContext`, with the session's id and store. */
export type ResumeContextOptions<P extends ProviderName = ProviderName> = Omit<
  OpenContextOptions<P>,
  'id' | 'store'
> & {
  readonly id: string;
  readonly store?: SessionStore | undefined;
};

/** What `prepare()` returns. */
export interface PreparedRequest<P extends ProviderName = ProviderName> {
  /** The request body for the provider (pass it to the SDK as is). */
  readonly request: RequestFor<P>;
  /** What the breakpoint planner decided. */
  readonly breakpoints: readonly BreakpointDecision[];
  /** Anthropic beta headers the request needs (`client.beta.messages.create({ ...request, betas })`); empty otherwise. */
  readonly betas: readonly string[];
  /** What went into the prompt and what it costs. */
  readonly report: PrepareReport;
}

/** The accounting of one `prepare()`. */
export interface PrepareReport {
  /** The prompt build report (sections, tokens per tier). */
  readonly prompt: import('../prompt/index.js').BuildReport;
  /** History tokens in the request. */
  readonly historyTokens: number;
  /** Messages in the request. */
  readonly messages: number;
  /** The compaction this call ran first, if any. */
  readonly compaction: CompactionResult | undefined;
  /** Diagnostics of this call (compaction, build). */
  readonly diagnostics: readonly Diagnostic[];
}

/** What `recordResponse()` returns. */
export interface RecordedResponse {
  /** The assistant message's id in the history. */
  readonly messageId: string;
  /** The tool calls to run (each answered with `addToolResult`). */
  readonly toolCalls: readonly ToolCall[];
  /** The response's usage, when it reported any (also recorded in the ledger). */
  readonly usage: NormalizedUsage | undefined;
  /** The provider's stop / finish reason. */
  readonly stopReason: string | undefined;
  /** The assistant's text (text parts joined by newlines). */
  readonly text: string;
}

/** A tool's output, for `addToolResult`. */
export interface ToolResultInput {
  /** The output text. */
  readonly output: string;
  /** Whether the tool failed. Default false. */
  readonly isError?: boolean | undefined;
  /** Files the call read or wrote (absolute, or relative to cwd): their path rules fire once. */
  readonly touched?: readonly string[] | undefined;
}

/** What `addToolResult()` did. */
export interface AddedToolResult {
  /** The tool message's id. */
  readonly messageId: string;
  /** Whether the output was stored as an artifact on arrival (the model sees a stub). */
  readonly elided: boolean;
  /** The scanner's verdict on the output. */
  readonly verdict: Verdict;
  /** Activation keys of the rules injected next to it. */
  readonly injected: readonly string[];
}

/** What `recoverFromOverflow()` did. */
export interface OverflowRecovery {
  /** Whether the error was a context overflow (otherwise nothing was done). */
  readonly overflow: boolean;
  /** The compaction it ran, when it was one. */
  readonly compaction: CompactionResult | undefined;
}
