/**
 * @module sources
 * Project instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, Copilot and Cursor rules, ...):
 * discovery, formats, `@imports`, budgets, scanning and provenance.
 */

export { fitRendered, type RenderedBudget } from './budget.js';
export { classifyRule, type RuleClassification } from './classify-rule.js';
export {
  DEFAULT_BUDGET,
  DEFAULT_FILES,
  DEFAULT_GLOBAL_FILES,
  DEFAULT_MAX_IMPORT_DEPTH,
  DEFAULT_READ_CAP_BYTES,
  DEFAULT_ROOT_MARKERS,
  DEFAULT_RULES_FOLDERS,
  DEFAULT_TRUST,
  type FileSpec,
  type GlobalFileSpec,
  type RulesFolderSpec,
  type SourceBudget,
} from './defaults.js';
export { type DirectoryRules, loadDirectoryRules } from './directory-rules.js';
export { findProjectRoot } from './discover.js';
export { findImports, type ImportRef } from './find-imports.js';
export {
  type Frontmatter,
  type FrontmatterProblem,
  frontmatterTooLong,
  MAX_FRONTMATTER_CHARS,
  parseFrontmatter,
} from './frontmatter.js';
export { parseGlobValue } from './globs.js';
export { loadInstructionSources } from './load.js';
export { globsMatch, matchPathRules, type PathScoped } from './match-path-rules.js';
export type { LoadSourcesOptions } from './options.js';
export { toInstructionEntries, toInstructionEntry } from './prompt-entries.js';
export type { FileRead, FileReadFailed, FileReadOk } from './read-file.js';
export {
  loadReport,
  type RuleProvenance,
  ruleProvenance,
  type SourceProvenance,
  sourceProvenance,
} from './report.js';
export {
  type ImportContext,
  type ImportingFile,
  type ResolvedImports,
  resolveImports,
} from './resolve-imports.js';
export { nodeSourceFs, type SourceDirent, type SourceFs, type SourceStat } from './source-fs.js';
export type {
  Contributor,
  LoadResult,
  RuleMode,
  RuleRecord,
  ScanSummary,
  SourceKind,
  SourceRecord,
} from './types.js';
export { parseYamlDocument, type YamlDocumentOptions } from './yaml-document.js';
