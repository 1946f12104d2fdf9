/**
 * @module diagnostics/codes/sources
 * Codes of `src/sources/` (instruction files, rules and imports). A refused read reports the read
 * gate's codes (`files`).
 */
export const SOURCES_CODES = {
  E_IMPORT_OUTSIDE_ROOT: 'an import refused: outside the root',
  E_IMPORT_SECRET: 'an import refused: a secrets file (`.env`, keys, credentials)',
  W_BUDGET_SKIPPED: 'an instruction file left out: the budget is used by closer files',
  W_CWD_OUTSIDE_ROOT: 'the given `root` does not contain cwd; cwd is used',
  W_FRONTMATTER_MALFORMED: 'a rule frontmatter YAML error (line): the body is loaded',
  W_FRONTMATTER_VALUE: 'a rule frontmatter value of the wrong type (line of the key)',
  W_IMPORT_CYCLE: 'an import not resolved: a cycle',
  W_IMPORT_DEPTH: 'an import not resolved: nested too deep',
  W_IMPORT_MISSING: 'an import not resolved: no such file',
  W_IMPORT_FAILED: 'an import not resolved: the read was refused',
  W_PATH_OUTSIDE_ROOT: '`loadDirectoryRules` got a path leaving the root',
  W_RULES_LIMIT: 'too many or too deeply nested rule files',
  W_TRUNCATED: 'an instruction file cut to the per-file cap or the budget (bytes kept / total)',
  W_VANISHED: 'a file disappeared between discovery and reading',
  I_DUPLICATE_SOURCE: 'the same real file reached twice, loaded once',
  I_EMPTY_FILE: 'a file with no content: skipped',
  I_IMPORT_LOADED_ELSEWHERE: 'an import of a file loaded elsewhere became a reference',
  I_IMPORT_REPEATED: 'a repeated import became a reference',
  I_NO_PROJECT_ROOT: 'no root marker found; cwd is the root',
  I_NOT_NEAREST: 'not loaded under strategy `nearest`',
  I_SHADOWED: 'shadowed by a file of its group (AGENTS.override.md)',
} as const;
