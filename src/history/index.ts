/**
 * @module history
 * Long sessions: the message model, lossless provider import/export, fragments, token budget,
 * legal cut points, staged compaction that keeps the user's goals, and artifact readback.
 */
export {
  type AnthropicBlock,
  type AnthropicMessage,
  type AnthropicRequest,
  exportAnthropic,
  type ImportedTranscript,
  importAnthropic,
} from './anthropic.js';
export {
  ARTIFACT_REF_PATTERN,
  type ArtifactRef,
  type ArtifactStore,
  artifactRef,
  createMemoryArtifactStore,
  isArtifactRef,
} from './artifact-store.js';
export {
  type Boundary,
  boundaryOf,
  type CompactionPlan,
  type CompactionReason,
  type HistoryBudget,
  planCompaction,
  type ResolvedBudget,
} from './budget.js';
export { compactHistory, SUMMARY_PREAMBLE, survivingTexts } from './compact.js';
export type {
  CompactionRecord,
  CompactionResult,
  CompactionStatus,
  CompactionSummary,
  CompactOptions,
  Pin,
  RearmedContext,
} from './compaction-types.js';
export { type Artifact, type ElideOptions, type ElisionRecord, elideToolResults } from './elide.js';
export {
  type ArrivalElideOptions,
  type ArrivalElision,
  elideOnArrival,
} from './elide-on-arrival.js';
export { type ExpandResult, expandElided } from './expand.js';
export {
  extractFactLedger,
  type Fact,
  type FactKind,
  LEDGER_LIMITS,
  missingFacts,
} from './facts.js';
export {
  ACTIVATION_ATTRIBUTE,
  activationKeysIn,
  FRAGMENT_TYPES,
  type Fragment,
  type FragmentMarker,
  type FragmentType,
  identifyFragment,
  wrapFragment,
} from './fragment.js';
export { createFsArtifactStore } from './fs-artifact-store.js';
export type { JsonArray, JsonObject, JsonValue } from './json.js';
export { legalCuts } from './legal-cuts.js';
export {
  type CacheBreakpointPart,
  type History,
  type ImagePart,
  type Message,
  type MessageOrigin,
  messageText,
  type OpaquePart,
  type Part,
  ROLES,
  type Role,
  type TextPart,
  type ThinkingPart,
  type ToolCallPart,
  type ToolResultPart,
  toolResultText,
} from './message.js';
export {
  exportOpenAI,
  importOpenAI,
  type OpenAIContentPart,
  type OpenAIMessage,
  type OpenAIRequest,
  type OpenAIToolCall,
} from './openai.js';
export {
  createReadArtifactHandler,
  READ_ARTIFACT_TOOL_NAME,
  type ReadArtifactResult,
  readArtifactTool,
} from './read-artifact.js';
export {
  enforceLedger,
  extractiveSummarizer,
  renderSummaryPrompt,
  SUMMARY_SECTIONS,
  type Summarizer,
  type SummaryRequest,
  type SummarySectionKey,
} from './summary.js';
export {
  historyTokens,
  messageTokens,
} from './token-count.js';
export {
  CTXLOOM_TRANSCRIPT_FORMAT,
  detectTranscriptFormat,
  readTranscript,
  type Transcript,
  type TranscriptFormat,
  writeTranscript,
} from './transcript.js';
export {
  assertValidHistory,
  type HistoryIssue,
  type HistoryIssueCode,
  validateHistory,
} from './validate.js';
export {
  type SummaryVerifier,
  type VerifiedSummary,
  type VerifyRequest,
  type VerifyResult,
  verifySummary,
} from './verify-summary.js';
