export { availableSkillsSection, INVOKE_SKILL_TOOL } from './available-skills.js';
export { browserSection, hasBrowser } from './browser.js';
export { codeQualitySection } from './code-quality.js';
export { contextSnapshotSection } from './context-snapshot.js';
export { coordinatorSection } from './coordinator.js';
export { COURSE_SECTIONS, courseFrame } from './course.js';
export { currentDateTimeSection } from './current-datetime.js';
export { currentPlanSection, PLAN_NOTICE, renderPlan } from './current-plan.js';
export { customSuffixSection } from './custom-suffix.js';
export { efficiencySection } from './efficiency.js';
export { environmentSection } from './environment.js';
export { environmentSetupSection } from './environment-setup.js';
export { fileSystemSection } from './file-system.js';
export { identityLine, identityLineSection, identitySection } from './identity.js';
export {
  INSTRUCTION_RANK_RULE,
  instructionRankSentence,
} from './instruction-rank.js';
export {
  LOCALISED_LOCALES,
  type LocalisedTexts,
  localeKey,
  localisedTexts,
} from './localised-text.js';
export { memorySection } from './memory.js';
export { GUIDED_MODEL_FAMILIES, modelGuidanceSection } from './model-guidance.js';
export { languageOfLocale, outputLanguageSection } from './output-language.js';
export { permissionModeSection } from './permission-mode.js';
export { hasPlanTool, planLifecycleSection } from './plan-lifecycle.js';
export { planningSection } from './planning.js';
export { problemSolvingSection } from './problem-solving.js';
export { processManagementSection } from './process-management.js';
export { pullRequestsSection } from './pull-requests.js';
export {
  INSTRUCTION_FILE_SEPARATOR,
  REPOSITORY_NOTICE,
  renderInstructionFile,
  renderInstructionFiles,
  repositoryContextSection,
} from './repository-context.js';
export { RETRIEVED_NOTICE, retrievedDocumentsSection } from './retrieved-documents.js';
export { roleSection } from './role.js';
export { secretsSection } from './secrets.js';
export { securitySection } from './security.js';
export { securityRiskSection } from './security-risk.js';
export { hasSubAgentTool, subAgentsSection } from './sub-agents.js';
export { hasTodoTool, todoListSection } from './todo-list.js';
export { toolUseSection } from './tool-use.js';
export { troubleshootingSection } from './troubleshooting.js';
export { versionControlSection } from './version-control.js';
