export {
  type AiSdkCallOptions,
  type AiSdkCallProviderOptions,
  type AiSdkOptions,
  type AiSdkPayload,
  type AiSdkToolSpec,
  type AiSdkV5CallOptions,
  type AiSdkV6CallOptions,
  type AiSdkVersion,
  toAiSdkCallOptions,
  toAiSdkPayload,
} from './ai-sdk.js';
export {
  type AiSdkAssistantMessage,
  type AiSdkCacheControl,
  type AiSdkImagePart,
  type AiSdkMessage,
  type AiSdkProviderOptions,
  type AiSdkReasoningPart,
  type AiSdkSystemMessage,
  type AiSdkTextPart,
  type AiSdkToolCallPart,
  type AiSdkToolMessage,
  type AiSdkToolResultOutput,
  type AiSdkToolResultPart,
  type AiSdkUserMessage,
  type AiSdkV5Message,
  type AiSdkV5ToolResultOutput,
  toAiSdkMessages,
} from './ai-sdk-messages.js';
export {
  type AnthropicCacheControl,
  type AnthropicContentBlock,
  type AnthropicMessage,
  type AnthropicPayload,
  type AnthropicRequest,
  type AnthropicRequestOptions,
  type AnthropicTool,
  toAnthropicRequest,
} from './anthropic.js';
export {
  type CacheBlock,
  type CacheRequest,
  type PayloadKind,
  requestToBlocks,
  type TierSpans,
} from './blocks.js';
export {
  type BreakpointCandidate,
  type BreakpointDecision,
  type BreakpointSlot,
  MAX_BREAKPOINTS,
  planBreakpoints,
} from './breakpoints.js';
export {
  type CacheMissCause,
  type CacheMissReport,
  type ClearedContext,
  predictedCacheMiss,
  readCacheDiagnostics,
  readClearedContext,
} from './cache-diagnostics.js';
export {
  type AiSdkContextManagement,
  type AnthropicContextManagement,
  aiSdkContextManagement,
  anthropicContextManagement,
  CACHE_DIAGNOSIS_BETA,
  type ClearThinkingEdit,
  type ClearToolUsesEdit,
  COMPACTION_BETA,
  CONTEXT_MANAGEMENT_BETA,
  type CompactEdit,
  type ContextEdit,
  MIN_COMPACTION_TRIGGER,
} from './context-management.js';
export { type CacheMissExplanation, explainCacheMiss } from './explain.js';
export {
  type CacheExpiry,
  cacheExpiries,
  type KeepWarmInput,
  type KeepWarmVerdict,
  keepWarmCost,
  keepWarmRequest,
  TTL_MINUTES,
} from './keep-warm.js';
export {
  ANTHROPIC_PRICING,
  CACHE_PRICES,
  CacheLedger,
  type CacheLedgerOptions,
  type CachePriceEntry,
  type CachePricing,
  cachePricingFor,
  type LedgerMissRow,
  type LedgerTotals,
  type LedgerTurn,
  type LedgerTurnNotes,
} from './ledger.js';
export {
  ANTHROPIC_MIN_CACHEABLE,
  DEFAULT_MIN_CACHEABLE,
  minCacheableTokens,
} from './model-limits.js';
export {
  type OpenAIChatMessage,
  type OpenAIChatRequest,
  type OpenAIChatTextPart,
  type OpenAIChatTool,
  type OpenAIPromptCacheRetention,
  type OpenAIRequestOptions,
  type OpenAIResponsesRequest,
  type OpenAIResponsesTool,
  promptCacheKey,
  toOpenAIChatRequest,
  toOpenAIResponsesRequest,
} from './openai.js';
export {
  type OpenAIResponsesInputImage,
  type OpenAIResponsesInputItem,
  type OpenAIResponsesInputText,
  type OpenAIResponsesSummaryText,
  reasoningPart,
  toResponsesInput,
} from './responses-input.js';
export {
  type CacheRules,
  type CacheSimulation,
  type SimulatedTurn,
  simulateCache,
} from './simulate.js';
export {
  type AnthropicToolSearchBm25Tool,
  type AnthropicToolSearchOptions,
  type AnthropicToolSearchRegexTool,
  type AnthropicToolSearchTool,
  type AnthropicToolSearchVariant,
  anthropicToolSearchTool,
  applyAnthropicToolSearch,
  supportsAnthropicToolSearch,
} from './tool-search.js';
export type {
  CacheTtl,
  DeliveredTiers,
  PromptTiers,
  RepositoryPlacement,
  VolatilePlacement,
} from './types.js';
export {
  type NormalizedUsage,
  normalizeUsage,
  type ServerIterationUsage,
  simulatedUsage,
  type UsageProvider,
} from './usage.js';
