/**
 * @module sources/defaults
 * The defaults of instruction-source loading: which file names count, where they are looked for
 * and in which order, the rules folders, root markers, budgets and trust. Precedence inside one
 * folder is the order of {@link DEFAULT_FILES}; files that share a `group` shadow each other (the
 * first one present wins, e.g. `AGENTS.override.md` over `AGENTS.md`). A project's own settings
 * come from `.ctxloom/config.yaml` (`src/config/`).
 */
import type { Trust } from '../prompt/types.js';

/** A file name looked for in the folders from the project root down to cwd. */
export interface FileSpec {
  /** Path relative to the folder, `/`-separated (e.g. `AGENTS.md`, `.github/copilot-instructions.md`). */
  readonly name: string;
  /** The format recorded in provenance. */
  readonly kind: string;
  /** `every-folder`: looked for in each folder from root to cwd; `root`: only at the project root. */
  readonly where: 'every-folder' | 'root';
  /** Files of one group shadow each other in a folder: the first one present in list order wins. */
  readonly group?: string;
  /** Whether `@path` imports are resolved in this format. */
  readonly imports: boolean;
}

/** A folder (relative to the project root) whose files are rules with frontmatter. */
export interface RulesFolderSpec {
  /** Folder relative to the project root, e.g. `.cursor/rules`. */
  readonly dir: string;
  /** The format recorded in provenance. */
  readonly kind: string;
  /** Which files count, as globs relative to `dir`. */
  readonly include: readonly string[];
  /** Files matching these globs (relative to `dir`) are always `manual` (e.g. workflows). */
  readonly manual?: readonly string[];
  /** Frontmatter keys that hold path globs (`globs`, `applyTo`, `paths`). */
  readonly globKeys: readonly string[];
  /**
   * The mode of a rule without `alwaysApply: true` and without globs: `always` (loaded up front),
   * `by-description` (agent-requested when it has a description, else manual), or `manual`.
   */
  readonly unscoped: 'always' | 'by-description' | 'manual';
  /** Whether `@path` imports are resolved in this format. */
  readonly imports: boolean;
}

/** A user-global instruction file. */
export interface GlobalFileSpec {
  /** Absolute path, or `~/...` relative to the home directory. */
  readonly path: string;
  /** The format recorded in provenance. */
  readonly kind: string;
}

/** The default instruction file names, in precedence order inside one folder. */
export const DEFAULT_FILES: readonly FileSpec[] = Object.freeze([
  {
    name: 'AGENTS.override.md',
    kind: 'agents-override-md',
    where: 'every-folder',
    group: 'agents',
    imports: true,
  },
  { name: 'AGENTS.md', kind: 'agents-md', where: 'every-folder', group: 'agents', imports: true },
  { name: 'CLAUDE.md', kind: 'claude-md', where: 'every-folder', imports: true },
  { name: 'CLAUDE.local.md', kind: 'claude-local-md', where: 'every-folder', imports: true },
  { name: 'GEMINI.md', kind: 'gemini-md', where: 'every-folder', imports: true },
  {
    name: '.github/copilot-instructions.md',
    kind: 'copilot-instructions',
    where: 'root',
    imports: false,
  },
  { name: '.cursorrules', kind: 'cursorrules', where: 'root', imports: false },
  { name: '.clinerules', kind: 'clinerules', where: 'root', imports: false },
] satisfies FileSpec[]);

/** The default rules folders, listed (never the rest of the tree) at the project root. */
export const DEFAULT_RULES_FOLDERS: readonly RulesFolderSpec[] = Object.freeze([
  {
    dir: '.cursor/rules',
    kind: 'cursor-mdc',
    include: ['**/*.mdc'],
    globKeys: ['globs'],
    unscoped: 'by-description',
    imports: false,
  },
  {
    dir: '.github/instructions',
    kind: 'copilot-path-instructions',
    include: ['**/*.instructions.md'],
    globKeys: ['applyTo'],
    unscoped: 'by-description',
    imports: false,
  },
  {
    dir: '.claude/rules',
    kind: 'claude-rule',
    include: ['**/*.md'],
    globKeys: ['paths'],
    unscoped: 'always',
    imports: true,
  },
  {
    dir: '.clinerules',
    kind: 'clinerules',
    include: ['**/*'],
    manual: ['workflows/**'],
    globKeys: ['paths'],
    unscoped: 'always',
    imports: false,
  },
  {
    dir: '.github/agents',
    kind: 'copilot-agent',
    include: ['**/*.agent.md'],
    globKeys: [],
    unscoped: 'manual',
    imports: false,
  },
] satisfies RulesFolderSpec[]);

/** The default user-global files (marked with scope `global`). */
export const DEFAULT_GLOBAL_FILES: readonly GlobalFileSpec[] = Object.freeze([
  { path: '~/.config/ctxloom/AGENTS.md', kind: 'agents-md' },
]);

/** Size and token limits for instruction files. */
export interface SourceBudget {
  /** Total UTF-8 bytes of all sources loaded up front. Default 64 KiB. */
  readonly totalBytes: number;
  /** Total tokens of all sources loaded up front. Default 16,000. */
  readonly totalTokens: number;
  /** Cap on one source's bytes (also applied to rule bodies). Default 32 KiB. */
  readonly perFileBytes: number;
  /** Cap on one source's tokens (also applied to rule bodies). Default 8,000. */
  readonly perFileTokens: number;
}

/** The default budget. */
export const DEFAULT_BUDGET: SourceBudget = Object.freeze({
  totalBytes: 64 * 1024,
  totalTokens: 16_000,
  perFileBytes: 32 * 1024,
  perFileTokens: 8_000,
});

/** Files larger than this are read only up to it (and reported). Default 1 MiB. */
export const DEFAULT_READ_CAP_BYTES = 1024 * 1024;

/** Default maximum `@import` hops from the importing file. */
export const DEFAULT_MAX_IMPORT_DEPTH = 4;

/**
 * Default project-root markers: the first folder (walking up from cwd) holding one is the root.
 * `.ctxloom/` (where ctxloom keeps a project's plan, memory and sessions) marks a root too, so a
 * project nested in another repository, like `examples/demo-repo`, is its own root.
 */
export const DEFAULT_ROOT_MARKERS: readonly string[] = Object.freeze(['.git', '.ctxloom']);

/** Default trust per scope. */
export const DEFAULT_TRUST: Readonly<{ global: Trust; project: Trust }> = Object.freeze({
  global: 'trusted',
  project: 'untrusted',
});
