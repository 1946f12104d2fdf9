export {
  type AiSdkCallOptions,
  type AiSdkMessage,
  type AiSdkOptions,
  type AiSdkSystemMessage,
  type AiSdkToolSpec,
  type AiSdkVersion,
  toAiSdkCallOptions,
} from './ai-sdk.js';
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
export { type CacheMissExplanation, explainCacheMiss } from './explain.js';
export {
  ANTHROPIC_PRICING,
  CacheLedger,
  type CachePricing,
  type LedgerTotals,
  type LedgerTurn,
} from './ledger.js';
export {
  ANTHROPIC_MIN_CACHEABLE,
  DEFAULT_MIN_CACHEABLE,
  minCacheableTokens,
} from './model-limits.js';
export {
  type OpenAIChatMessage,
  type OpenAIChatRequest,
  type OpenAIResponsesInputItem,
  type OpenAIResponsesRequest,
  promptCacheKey,
  toOpenAIChatRequest,
  toOpenAIResponsesRequest,
} from './openai.js';
export {
  type CacheRules,
  type CacheSimulation,
  type SimulatedTurn,
  simulateCache,
} from './simulate.js';
export {
  type CacheTtl,
  type DeliveredTiers,
  type JsonSchemaObject,
  type PromptTiers,
  REPOSITORY_SECTION,
  type RepositoryPlacement,
  sortTools,
  splitVolatileTail,
  type ToolDefinition,
  takeSection,
  type VolatilePlacement,
} from './types.js';
export { type NormalizedUsage, normalizeUsage, type UsageProvider } from './usage.js';
