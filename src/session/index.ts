export {
  DEFAULT_MEMORY_BUDGET,
  type MemoryBudget,
  type MemoryResult,
  type MemoryTierInput,
  mergeMemory,
} from './memory.js';
export {
  confirmedPlanFor,
  confirmPlan,
  type LoadedPlan,
  loadConfirmedPlan,
  MAX_PLAN_FILE_BYTES,
  type PlanPaths,
  type PlanState,
  planPaths,
  readPlan,
  writeDraft,
} from './plan.js';
export {
  activationState,
  type CompactionRecord,
  createSession,
  forkSession,
  markActivated,
  parseSession,
  SESSION_FORMAT_VERSION,
  type Session,
  type SessionCacheFigures,
  serializeSession,
  updateSession,
  withActivationState,
} from './session.js';
export {
  FileSessionStore,
  type FileSessionStoreOptions,
  MAX_SESSION_FILE_BYTES,
  type SessionStore,
  type SessionSummary,
} from './store.js';
