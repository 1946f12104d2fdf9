/**
 * @module cli/project-context
 * The edge where the outside world (clock, environment, files) becomes a frozen PromptContext
 * for a project directory: instruction files (scanned), skills catalog (scanned), memory and the
 * confirmed plan, with every diagnostic and scanner finding kept for the report.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/index.js';
import {
  createPromptContext,
  type PromptContext,
  type PromptContextInput,
} from '../prompt/index.js';
import { applyPolicy, type Finding, scan } from '../safety/index.js';
import {
  confirmedPlanFor,
  type MemoryResult,
  type MemoryTierInput,
  mergeMemory,
  planPaths,
} from '../session/index.js';
import {
  buildSkillCatalog,
  defaultSkillRoots,
  loadSkills,
  type SkillCatalog,
  type SkillSet,
} from '../skills/index.js';
import {
  DEFAULT_ROOT_MARKERS,
  findProjectRoot,
  isSecretFileName,
  type LoadResult,
  loadInstructionSources,
  nodeSourceFs,
  toInstructionEntries,
} from '../sources/index.js';
import { type CliIO, UsageError } from './command.js';
import { catalogOptionsFrom, readProjectConfig, sourceOptionsFrom } from './project-config.js';

/** Scanner findings for one untrusted text. */
export interface SourceFindings {
  /** The file (relative to the project root, `~/` for user files) or `skill:<name>`. */
  readonly source: string;
  readonly verdict: 'clean' | 'flagged' | 'blocked';
  readonly findings: readonly Finding[];
}

/** What the CLI gathers for one project. */
export interface ProjectContext {
  /** Absolute directory the command was pointed at (the agent's cwd). */
  readonly dir: string;
  /** The project root (first folder at or above `dir` with `.git` or `.ctxloom`). */
  readonly root: string;
  /** The frozen prompt context. */
  readonly context: PromptContext;
  readonly sources: LoadResult;
  readonly skills: SkillSet;
  readonly catalog: SkillCatalog;
  readonly memory: MemoryResult;
  /** Scanner findings, for every untrusted text that had any. */
  readonly findings: readonly SourceFindings[];
  /** Everything that went wrong or was left out on the way. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Options shared by the commands that build a context. */
export interface ProjectContextOptions {
  model?: string | undefined;
  now?: string | undefined;
}

/** `en_US.UTF-8` -> `en-US`; `C` / `POSIX` -> undefined. */
export function localeFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const raw = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  if (!raw) return undefined;
  const base = raw.split('.')[0]?.split('@')[0] ?? '';
  if (base === '' || base === 'C' || base === 'POSIX') return undefined;
  return base.replace('_', '-');
}

/** Resolves `dir` against the CLI's cwd and checks that it is a directory. */
export function resolveProjectDir(io: CliIO, dir: string | undefined): string {
  const abs = resolve(io.cwd, dir ?? '.');
  let isDir = false;
  try {
    isDir = statSync(abs).isDirectory();
  } catch (error) {
    throw new UsageError(
      `cannot read directory ${abs}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  if (!isDir) throw new UsageError(`not a directory: ${abs}`);
  return abs;
}

/** The project root of the folder `abs`: the first folder at or above it with a root marker, else `abs`. */
export async function projectRootOf(abs: string): Promise<string> {
  return (await findProjectRoot(abs, DEFAULT_ROOT_MARKERS, nodeSourceFs)) ?? abs;
}

/** The project root for `dir`: the first folder at or above it with a root marker, else `dir`. */
export async function resolveProjectRoot(io: CliIO, dir: string | undefined): Promise<string> {
  return projectRootOf(resolveProjectDir(io, dir));
}

/** Parses `--now`, or reads the clock when it is not given. */
export function resolveNow(now: string | undefined): Date {
  if (now === undefined) return new Date();
  const date = /^\d{4}-\d{2}-\d{2}/.test(now) ? new Date(now) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    throw new UsageError(
      `--now must be an ISO-8601 date-time such as 2026-01-31T09:30:00Z, got "${now}"`,
    );
  }
  return date;
}

function readMemoryTier(
  scope: 'user' | 'project',
  path: string,
  display: string,
  diagnostics: Diagnostic[],
): MemoryTierInput | undefined {
  try {
    const real = realpathSync(path);
    if (isSecretFileName(real)) {
      // a memory file committed as a link to `.env` or a key must not put it in the prompt
      diagnostics.push(
        diagnostic(
          'E_MEMORY_READ',
          'error',
          `memory file resolves to ${real}, which looks like a secrets file (keys, .env, credentials); not loaded`,
          { file: display },
        ),
      );
      return undefined;
    }
    return { scope, path: display, text: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      diagnostics.push(
        diagnostic('E_MEMORY_READ', 'error', `cannot read memory file: ${code ?? String(error)}`, {
          file: display,
        }),
      );
    return undefined;
  }
}

/** Gathers the context for the project at `dir`: the one place the CLI reads a project. */
export async function loadProjectContext(
  io: CliIO,
  dir: string | undefined,
  options: ProjectContextOptions,
): Promise<ProjectContext> {
  const abs = resolveProjectDir(io, dir);
  const now = resolveNow(options.now);
  const findings: SourceFindings[] = [];
  const recordingScan = (text: string, scanOptions: { source: string }) => {
    const result = scan(text, { source: scanOptions.source });
    if (result.findings.length > 0)
      findings.push({
        source: scanOptions.source,
        verdict: result.verdict,
        findings: result.findings,
      });
    return result;
  };
  const root = await projectRootOf(abs);
  const config = readProjectConfig(root);
  const sources = await loadInstructionSources({
    cwd: abs,
    root,
    home: io.home,
    scan: recordingScan,
    ...sourceOptionsFrom(config.config),
  });
  const skills = await loadSkills(defaultSkillRoots({ projectDir: root, homeDir: io.home }));
  const catalog = buildSkillCatalog(skills.skills, {
    scan: (text, o) => recordingScan(text, { source: `skill:${o.source}` }),
    ...catalogOptionsFrom(config.config),
  });
  const diagnostics: Diagnostic[] = [
    ...config.diagnostics,
    ...sources.diagnostics,
    ...skills.diagnostics,
    ...catalog.diagnostics,
  ];
  // repository files outside the instruction loader (project memory, the confirmed plan) pass the
  // scanner too: a blocked text becomes a placeholder, a flagged one is wrapped in a warning
  const guardRepositoryText = (text: string, source: string): string => {
    const result = recordingScan(text, { source });
    if (result.verdict === 'blocked')
      diagnostics.push(
        diagnostic('E_SCAN_BLOCKED', 'error', `${source} was blocked by the injection scanner`, {
          file: source,
        }),
      );
    else if (result.verdict === 'flagged')
      diagnostics.push(
        diagnostic('W_SCAN_FLAGGED', 'warning', `${source} matched prompt-injection rules`, {
          file: source,
        }),
      );
    return applyPolicy(text, result, { source });
  };
  const guardPlan = (plan: ReturnType<typeof confirmedPlanFor>) =>
    plan === undefined
      ? undefined
      : { ...plan, text: guardRepositoryText(plan.text, '.ctxloom/plan/PLAN.md') };
  const memoryTiers = [
    readMemoryTier(
      'user',
      join(io.home, '.config', 'ctxloom', 'memory', 'MEMORY.md'),
      '~/.config/ctxloom/memory/MEMORY.md',
      diagnostics,
    ),
    readMemoryTier(
      'project',
      join(root, '.ctxloom', 'memory', 'MEMORY.md'),
      '.ctxloom/memory/MEMORY.md',
      diagnostics,
    ),
  ]
    .filter((t): t is MemoryTierInput => t !== undefined)
    // the project tier lives in the repository: untrusted, like its instruction files
    .map((t) => (t.scope === 'project' ? { ...t, text: guardRepositoryText(t.text, t.path) } : t));
  const memory = mergeMemory(memoryTiers);
  diagnostics.push(...memory.diagnostics);
  const input: PromptContextInput = {
    cwd: abs,
    home: io.home,
    platform: process.platform,
    shell: io.env.SHELL ? basename(io.env.SHELL) : undefined,
    locale: localeFromEnv(io.env),
    model: options.model,
    now,
    instructions: toInstructionEntries(sources),
    skills: catalog.entries,
    skillsOmitted: catalog.dropped,
    memory: memory.text === '' ? undefined : memory.text,
    plan: guardPlan(confirmedPlanFor(planPaths(root))),
  };
  return {
    dir: abs,
    root,
    context: createPromptContext(input),
    sources,
    skills,
    catalog,
    memory,
    findings,
    diagnostics,
  };
}
