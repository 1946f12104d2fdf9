/**
 * @module engine
 * The context engine: one object per agent session (`openContext` / `resumeContext`).
 */
export { ContextEngine, openContext, resumeContext } from './context-engine.js';
export { type ContextOverflow, isContextOverflow } from './overflow.js';
export { type ReadResponse, readResponse } from './response.js';
export {
  type AddedToolResult,
  type ContextHooks,
  type InjectionEvent,
  type OpenContextOptions,
  type OverflowRecovery,
  PROVIDER_NAMES,
  type PreparedRequest,
  type PrepareReport,
  type ProviderName,
  type RecordedResponse,
  type RequestByProvider,
  type RequestFor,
  type ResumeContextOptions,
  type ToolCall,
  type ToolResultInput,
} from './types.js';
