/**
 * @module project
 * Reading a project as a library call: instruction files, skills, memory, the confirmed plan and
 * `.ctxloom/config.yaml`, every untrusted text through the scanner, into one `PromptContext`.
 */
export {
  DEFAULT_PLAN_BUDGET,
  type LoadProjectOptions,
  loadProject,
  localeFromEnv,
  type Project,
  type ProjectScanner,
  projectRootOf,
  type SourceFindings,
} from './load-project.js';
export {
  catalogOptionsFrom,
  type LoadedProjectConfig,
  MAX_CONFIG_BYTES,
  readProjectConfig,
  sourceOptionsFrom,
  withConfigDiagnostics,
} from './project-config.js';
