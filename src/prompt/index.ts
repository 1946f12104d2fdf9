export {
  buildConformancePrompt,
  CONFORMANCE_FILES,
  CONFORMANCE_FORMAT,
  CONFORMANCE_PROVIDERS,
  type ConformanceInput,
  type ConformanceOutput,
  type ConformanceRequest,
  firstDifference,
  parseConformanceInput,
} from './conformance.js';
export {
  type ContextIssue,
  createPromptContext,
  inferModelFamily,
  type ModelInfo,
  PER_SESSION_FIELDS,
  type PromptContext,
  type PromptContextInput,
  type PromptContextResult,
  STATIC_INPUT_FIELDS,
  tryCreatePromptContext,
  withContext,
} from './context.js';
export {
  COORDINATOR_STATIC_SECTIONS,
  createPresetRegistry,
  DEFAULT_STATIC_SECTIONS,
  MINIMAL_MODE_EXCLUDED,
  MODES,
  PRESETS,
  PROMPT_LEVELS,
  type PresetName,
  type PresetOptions,
  type PromptLevel,
  type PromptMode,
  type PromptOverride,
  resolvePromptLevel,
  SHARED_DYNAMIC_SECTIONS,
} from './presets.js';
export {
  SECTION_SEPARATOR,
  SectionRegistry,
  type SectionRegistryOptions,
} from './registry.js';
export type {
  BuildReport,
  BuiltPrompt,
  BuiltSection,
  PromptParts,
  SectionReport,
  SectionSpan,
  SectionStatus,
  TierTotals,
} from './report.js';
export {
  DEFAULT_RETRIEVED_TOKENS,
  type PassageGate,
  type PassageGateResult,
  type PreparedRetrieved,
  type PrepareRetrievedOptions,
  prepareRetrievedDocuments,
  type RetrievedPassage,
  renderPassage,
} from './retrieved-documents.js';
export {
  defineSection,
  type Section,
  type SectionSpec,
  type Tier,
  type Volatility,
} from './section.js';
export { REPOSITORY_SECTION } from './section-names.js';
export * as sections from './sections/index.js';
export {
  CATALOG_CLOSE,
  CATALOG_OPEN,
  renderCatalogLine,
  renderOmittedLine,
  renderSkillCatalog,
} from './skills-catalog.js';
export {
  checkStaticStability,
  perSessionVariant,
  type StaticInstability,
  type StaticStabilityReport,
} from './stability.js';
export { tag } from './tag.js';
export {
  type ConfirmedPlan,
  type FeatureFlags,
  type InstructionScope,
  type InstructionSourceEntry,
  type InstructionStatus,
  type ModelFamily,
  PERMISSION_MODES,
  type PermissionMode,
  type SkillCatalogEntry,
  type Trust,
} from './types.js';
