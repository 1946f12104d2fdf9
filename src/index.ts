/**
 * @module ctxloom
 * Context engineering for LLM coding agents. The root is what a user of the engine needs: the
 * engine, `loadProject`, the section API, `scan`, the four provider builders, the token counters,
 * the two stores and `CtxloomError`, each name exported by hand. The building blocks live at
 * subpaths, one per folder (`ctxloom/history`, `ctxloom/skills`, `ctxloom/safety`, ...), each
 * served by that folder's own `index.ts`.
 */

// diagnostics
export {
  CtxloomError,
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticSeverity,
} from './diagnostics/index.js';
// engine: one object per agent session
export {
  type AddedToolResult,
  type ContextEngine,
  type ContextHooks,
  type ContextOverflow,
  type InjectionEvent,
  isContextOverflow,
  type OpenContextOptions,
  type OverflowRecovery,
  openContext,
  PROVIDER_NAMES,
  type PreparedRequest,
  type PrepareReport,
  type ProviderName,
  type RecordedResponse,
  type RequestByProvider,
  type RequestFor,
  type ResumeContextOptions,
  resumeContext,
  type ToolCall,
  type ToolResultInput,
} from './engine/index.js';
// history: the in-memory artifact store (the engine's default is files under .ctxloom/artifacts)
export { type ArtifactStore, createMemoryArtifactStore } from './history/index.js';
// project: everything ctxloom reads about a project, as one call
export {
  type LoadProjectOptions,
  loadProject,
  type Project,
  type ProjectScanner,
  type SourceFindings,
} from './project/index.js';
// prompt: the section API
export {
  type BuildReport,
  type BuiltPrompt,
  checkStaticStability,
  createPresetRegistry,
  createPromptContext,
  defineSection,
  type PresetName,
  type PresetOptions,
  type PromptContext,
  type PromptContextInput,
  type PromptMode,
  type Section,
  SectionRegistry,
  type SectionReport,
  type SectionSpec,
  type StaticInstability,
  type StaticStabilityReport,
  type Tier,
  type Volatility,
  withContext,
} from './prompt/index.js';
// providers: the four request builders
export {
  type AiSdkCallOptions,
  type AiSdkOptions,
  type AiSdkV5CallOptions,
  type AiSdkV6CallOptions,
  type AnthropicPayload,
  type AnthropicRequest,
  type AnthropicRequestOptions,
  type OpenAIChatRequest,
  type OpenAIResponsesRequest,
  toAiSdkCallOptions,
  toAnthropicRequest,
  toOpenAIChatRequest,
  toOpenAIResponsesRequest,
} from './providers/index.js';
// safety: the injection scanner and the scan gate's scanner contract
export {
  type Finding,
  type GateOptions,
  type GateResult,
  type Scanner,
  type ScannerFinding,
  type ScannerResult,
  type ScanOptions,
  type ScanResult,
  scan,
  type Verdict,
} from './safety/index.js';
// session: the file session store
export {
  FileSessionStore,
  type FileSessionStoreOptions,
  type SessionStore,
} from './session/index.js';
// tokens: the counters
export {
  defaultTokenCounter,
  estimateCounter,
  o200kCounter,
  type TokenCounter,
} from './tokens/index.js';
// tools: the one tool definition type
export type { JsonSchemaObject, ToolDefinition } from './tools/index.js';
