/**
 * @module skills
 * Skills (Agent Skills format) with progressive disclosure: discovery and parsing of SKILL.md,
 * the budgeted `<available_skills>` catalog, the `invoke_skill` tool, keyword / task / path
 * triggers, and the once-per-conversation activation state.
 */
export {
  type ActivationRecord,
  type ActivationState,
  activationMarker,
  emptyActivationState,
  forkActivationState,
  isActivated,
  markActivated,
  parseActivationState,
  rearmAfterCompaction,
} from './activation-state.js';
export {
  buildSkillCatalog,
  type CatalogBudget,
  type CatalogOptions,
  type CatalogReport,
  type CatalogSkill,
  DEFAULT_CATALOG_BUDGET,
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_MIN_DESCRIPTION_CHARS,
  type SkillCatalog,
  type UnlistedReason,
} from './catalog.js';
export { SKILL_CODES } from './codes.js';
export {
  type DiscoveredSkill,
  type DiscoveryResult,
  discoverSkills,
  MAX_SKILL_FILE_BYTES,
} from './discover.js';
export {
  appendToContent,
  compileSkillTriggers,
  type InjectedBlock,
  type InjectionOptions,
  type InjectionPlan,
  type MessageInjectionOptions,
  pathRuleKey,
  planMessageInjection,
  planPathInjection,
  type SkillTriggers,
  skillPathRule,
} from './inject.js';
export {
  type CommandOutcome,
  type CommandRunner,
  expandInlineCommands,
  type InlineCommandOptions,
} from './inline-commands.js';
export {
  createInvokeSkillHandler,
  INVOKE_SKILL_TOOL,
  INVOKE_SKILL_TOOL_NAME,
  type InvokeErrorCode,
  type InvokeOptions,
  type InvokeResult,
  type InvokeSkillHandler,
} from './invoke-tool.js';
export {
  compileKeywordMatcher,
  type KeywordMatch,
  type KeywordMatcher,
  type KeywordRule,
} from './keyword-trigger.js';
export {
  type LoadSkillsOptions,
  loadSkills,
  type SkillSet,
  type SkippedSkill,
} from './load-skills.js';
export {
  isValidSkillName,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  type ParsedSkill,
  type ParseSkillOptions,
  parseSkill,
} from './parse-skill.js';
export { compilePathRules, type PathRuleEngine, type PathRuleMatch } from './path-rules.js';
export { renderSkillCatalog } from './render-catalog.js';
export {
  type DefaultRootsOptions,
  defaultSkillRoots,
  PROJECT_SKILL_DIRS,
  type SkillRoot,
  USER_SKILL_DIRS,
} from './roots.js';
export { nodeCommandRunner } from './run-command.js';
export {
  parseTaskCommand,
  type ResolvedInputs,
  resolveInputs,
  substituteInputs,
  type TaskCommand,
} from './task-command.js';
export {
  isModelInvocable,
  type PathRule,
  type Skill,
  type SkillInput,
  type SkillKeywordTriggers,
  type SkillKind,
  type SkillManifest,
  type SkillOrigin,
  type SkillResources,
  type SkillVisibility,
  skillKind,
} from './types.js';
export { resolveWorkspacePath, toWorkspacePath } from './workspace-path.js';
