/**
 * @module sources/options
 * The options of {@link loadInstructionSources} and their defaults.
 */
import type { Trust } from '../prompt/types.js';
import type { Scanner } from '../safety/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import {
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
import { nodeSourceFs, type SourceFs } from './source-fs.js';

/** Options for loading a project's instruction sources. Only `cwd` is required. */
export interface LoadSourcesOptions {
  /** The agent's working directory. */
  readonly cwd: string;
  /** The project root; default: the first folder at or above cwd holding a root marker, else cwd. */
  readonly root?: string;
  /** Home directory, for `~/...` global files and imports; without it global files are not read. */
  readonly home?: string;
  /** Root markers. Default {@link DEFAULT_ROOT_MARKERS}: `['.git', '.ctxloom']`. */
  readonly rootMarkers?: readonly string[];
  /** `hierarchical` (every folder from root to cwd, default) or `nearest` (the closest folder only). */
  readonly strategy?: 'hierarchical' | 'nearest';
  /** File names looked for in each folder, in precedence order. Default {@link DEFAULT_FILES}. */
  readonly files?: readonly FileSpec[];
  /** Rules folders at the root. Default {@link DEFAULT_RULES_FOLDERS}. */
  readonly rulesFolders?: readonly RulesFolderSpec[];
  /** User-global files (replaces the default `~/.config/ctxloom/AGENTS.md`). */
  readonly globalFiles?: readonly GlobalFileSpec[];
  /** More user-global files, after `globalFiles` (e.g. `~/.claude/CLAUDE.md`, `~/.codex/AGENTS.md`). */
  readonly extraGlobalFiles?: readonly GlobalFileSpec[];
  /** Trust per scope. Default: global `trusted`, project `untrusted`. */
  readonly trust?: { readonly global?: Trust; readonly project?: Trust };
  /** Size limits. Default {@link DEFAULT_BUDGET}. */
  readonly budget?: Partial<SourceBudget>;
  /** Read at most this many bytes of a file. Default 1 MiB. */
  readonly readCapBytes?: number;
  /** At most this many files are taken from one rules folder. Default 1,000. */
  readonly maxRulesPerFolder?: number;
  /** Maximum `@import` hops. Default 4. */
  readonly maxImportDepth?: number;
  /** Allow `@imports` that point outside the project root. Default false. */
  readonly allowImportsOutsideRoot?: boolean;
  /** The injection scanner. Every untrusted source passes it before budgeting. */
  readonly scan?: Scanner;
  /** Token counter. Default o200k. */
  readonly tokenCounter?: TokenCounter;
  /** File system. Default the Node one. */
  readonly fs?: SourceFs;
}

/** Options with every default filled in. */
export interface ResolvedLoadOptions {
  readonly cwd: string;
  readonly root: string | undefined;
  readonly home: string | undefined;
  readonly rootMarkers: readonly string[];
  readonly strategy: 'hierarchical' | 'nearest';
  readonly files: readonly FileSpec[];
  readonly rulesFolders: readonly RulesFolderSpec[];
  readonly globalFiles: readonly GlobalFileSpec[];
  readonly trust: { readonly global: Trust; readonly project: Trust };
  readonly budget: SourceBudget;
  readonly readCapBytes: number;
  readonly maxRulesPerFolder: number;
  readonly maxImportDepth: number;
  readonly allowImportsOutsideRoot: boolean;
  readonly scan: Scanner | undefined;
  readonly counter: TokenCounter;
  readonly fs: SourceFs;
}

/** Fills in defaults. */
export function resolveLoadOptions(o: LoadSourcesOptions): ResolvedLoadOptions {
  return {
    cwd: o.cwd,
    root: o.root,
    home: o.home === '' ? undefined : o.home,
    rootMarkers: o.rootMarkers ?? DEFAULT_ROOT_MARKERS,
    strategy: o.strategy ?? 'hierarchical',
    files: o.files ?? DEFAULT_FILES,
    rulesFolders: o.rulesFolders ?? DEFAULT_RULES_FOLDERS,
    globalFiles: [...(o.globalFiles ?? DEFAULT_GLOBAL_FILES), ...(o.extraGlobalFiles ?? [])],
    trust: {
      global: o.trust?.global ?? DEFAULT_TRUST.global,
      project: o.trust?.project ?? DEFAULT_TRUST.project,
    },
    budget: { ...DEFAULT_BUDGET, ...o.budget },
    readCapBytes: o.readCapBytes ?? DEFAULT_READ_CAP_BYTES,
    maxRulesPerFolder: o.maxRulesPerFolder ?? 1000,
    maxImportDepth: o.maxImportDepth ?? DEFAULT_MAX_IMPORT_DEPTH,
    allowImportsOutsideRoot: o.allowImportsOutsideRoot ?? false,
    scan: o.scan,
    counter: o.tokenCounter ?? defaultTokenCounter,
    fs: o.fs ?? nodeSourceFs,
  };
}
