/**
 * @module project/load-project
 * `loadProject`: everything ctxloom reads about one project, as a library call. Instruction files,
 * the skills catalog, the memory tiers, the confirmed plan and `.ctxloom/config.yaml`, with every
 * untrusted text through the injection scanner, turned into one frozen `PromptContext` plus the
 * provenance, findings and diagnostics of the load. The CLI and the context engine both call it;
 * the clock, the environment and the home folder enter here, as options, never from inside.
 */
import { homedir } from 'node:os';
import { basename, resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import {
  type ConfirmedPlan,
  createPromptContext,
  type PromptContext,
  type PromptContextInput,
  sections,
} from '../prompt/index.js';
import {
  type Channel,
  gateUntrusted,
  type Scanner,
  type ScannerFinding,
  type ScannerResult,
  scan,
} from '../safety/index.js';
import { loadConfirmedPlan, type MemoryResult, mergeMemory, planPaths } from '../session/index.js';
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
  fitRendered,
  type LoadResult,
  type LoadSourcesOptions,
  loadInstructionSources,
  nodeSourceFs,
  type RenderedBudget,
  toInstructionEntries,
} from '../sources/index.js';
import { defaultTokenCounter } from '../tokens/index.js';
import { readMemoryTiers } from './memory-files.js';
import {
  catalogOptionsFrom,
  type LoadedProjectConfig,
  readProjectConfig,
  sourceOptionsFrom,
} from './project-config.js';
import { readSoulFile } from './soul-files.js';

/** The injection scanner as the project loader calls it: the safety module's one `Scanner` type. */
export type ProjectScanner = Scanner;

/** Scanner findings for one untrusted text. */
export interface SourceFindings {
  /** The file (relative to the project root, `~/` for user files) or `skill:<name>`. */
  readonly source: string;
  /** The scanner's verdict. */
  readonly verdict: ScannerResult['verdict'];
  /** What it found (safety's full `Finding` objects with the default scanner). */
  readonly findings: readonly ScannerFinding[];
}

/** Options of {@link loadProject}. Only `cwd` is required. */
export interface LoadProjectOptions {
  /** The agent's working directory (absolute, or resolved against `process.cwd()`). */
  readonly cwd: string;
  /** The project root; default: the first folder at or above `cwd` with `.git` or `.ctxloom`, else `cwd`. */
  readonly root?: string | undefined;
  /** The user's home folder (user-global instruction files, skills and memory). Default `os.homedir()`. */
  readonly home?: string | undefined;
  /** Environment variables the prompt may describe (`SHELL`, `LANG`, `LC_*`). Default: none. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Platform name for the environment section. Default `process.platform`. */
  readonly platform?: string | undefined;
  /** The model id (sections adapt to its family). */
  readonly model?: string | undefined;
  /** Tool names the agent offers (the tool-use guidance reads them). */
  readonly toolNames?: readonly string[] | undefined;
  /** The clock reading for this build. Default `new Date()`. */
  readonly now?: Date | undefined;
  /** The injection scanner. Default: ctxloom's `scan`. */
  readonly scanner?: ProjectScanner | undefined;
  /** A configuration to use instead of reading `.ctxloom/config.yaml`. */
  readonly config?: LoadedProjectConfig | undefined;
  /** Read user-global instruction files, skills and memory from `home` (default true). */
  readonly userGlobal?: boolean | undefined;
}

/** Everything {@link loadProject} gathered. Frozen. */
export interface Project {
  /** Absolute directory the load started from (the agent's cwd). */
  readonly dir: string;
  /** The project root. */
  readonly root: string;
  /** The user's home folder used. */
  readonly home: string;
  /** The frozen prompt context (its `now` is the clock reading of this load). */
  readonly context: PromptContext;
  /** Instruction files with provenance. */
  readonly sources: LoadResult;
  /** The instruction loader's options, for the lazy directory rules of this project. */
  readonly sourceOptions: LoadSourcesOptions;
  /** Every skill found. */
  readonly skills: SkillSet;
  /** The catalog the prompt lists. */
  readonly catalog: SkillCatalog;
  /** The merged memory tiers. */
  readonly memory: MemoryResult;
  /** The project configuration as read. */
  readonly config: LoadedProjectConfig;
  /** Scanner findings for every untrusted text that had any. */
  readonly findings: readonly SourceFindings[];
  /** Everything that went wrong or was left out on the way, config first. */
  readonly diagnostics: readonly Diagnostic[];
}

/** `en_US.UTF-8` -> `en-US`; `C` / `POSIX` / unset -> undefined. */
export function localeFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const raw = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  if (!raw) return undefined;
  const base = raw.split('.')[0]?.split('@')[0] ?? '';
  if (base === '' || base === 'C' || base === 'POSIX') return undefined;
  return base.replace('_', '-');
}

/** The project root of the folder `abs`: the first folder at or above it with a root marker, else `abs`. */
export async function projectRootOf(abs: string): Promise<string> {
  return (await findProjectRoot(abs, DEFAULT_ROOT_MARKERS, nodeSourceFs)) ?? abs;
}

const PLAN_DISPLAY = '.ctxloom/plan/PLAN.md';

/**
 * Loads a project: the one place ctxloom reads a project's files. Every repository text
 * (instruction files, skills, project memory, the plan) passes the scanner; a blocked text
 * becomes a placeholder and a flagged one is wrapped in a warning, each with a diagnostic.
 *
 * @param options.cwd the agent's working directory
 * @example
 * const project = await loadProject({ cwd: process.cwd(), model: 'claude-sonnet-4-5' });
 * const prompt = createPresetRegistry().build(project.context);
 */
export async function loadProject(options: LoadProjectOptions): Promise<Project> {
  const dir = resolve(options.cwd);
  const home = options.home ?? homedir();
  const env = options.env ?? {};
  const scanner: ProjectScanner = options.scanner ?? ((text, o) => scan(text, o));
  const findings: SourceFindings[] = [];
  const recordingScan: Scanner = (text, scanOptions) => {
    const result = scanner(text, scanOptions);
    if (result.findings.length > 0)
      findings.push({
        source: scanOptions.source,
        verdict: result.verdict,
        findings: result.findings,
      });
    return result;
  };
  const root = options.root === undefined ? await projectRootOf(dir) : resolve(options.root);
  const config = options.config ?? readProjectConfig(root);
  const userGlobal = options.userGlobal !== false;
  const sourceOptions: LoadSourcesOptions = {
    cwd: dir,
    root,
    ...(userGlobal ? { home } : {}),
    scan: recordingScan,
    ...sourceOptionsFrom(config.config),
  };
  const sources = await loadInstructionSources(sourceOptions);
  const skills = await loadSkills(
    defaultSkillRoots(userGlobal ? { projectDir: root, homeDir: home } : { projectDir: root }),
  );
  const catalog = buildSkillCatalog(skills.skills, {
    scan: (text, o) => recordingScan(text, { ...o, source: `skill:${o.source}` }),
    ...catalogOptionsFrom(config.config),
  });
  const diagnostics: Diagnostic[] = [
    ...config.diagnostics,
    ...sources.diagnostics,
    ...skills.diagnostics,
    ...catalog.diagnostics,
  ];
  // repository files outside the instruction loader (project memory, the confirmed plan) pass the
  // one scan gate too: a blocked text becomes a placeholder, a flagged one is wrapped in a warning
  const guardRepositoryText = (text: string, source: string, channel: Channel): string => {
    const gate = gateUntrusted(text, { source, channel, scanner: recordingScan });
    diagnostics.push(...gate.diagnostics);
    return gate.text;
  };
  const memoryTiers = readMemoryTiers({ root, home: userGlobal ? home : undefined }, diagnostics)
    // the project tier lives in the repository: untrusted, like its instruction files
    .map((t) =>
      t.scope === 'project' ? { ...t, text: guardRepositoryText(t.text, t.path, 'memory') } : t,
    );
  const memory = mergeMemory(memoryTiers);
  diagnostics.push(...memory.diagnostics);
  const plan = readPlan(root, diagnostics);
  const soul = readSoulFile({ root, home: userGlobal ? home : undefined }, diagnostics);
  const input: PromptContextInput = {
    cwd: dir,
    home,
    platform: options.platform ?? process.platform,
    shell: env.SHELL ? basename(env.SHELL) : undefined,
    locale: localeFromEnv(env),
    model: options.model,
    tools: options.toolNames,
    soul:
      soul?.scope === 'project'
        ? guardRepositoryText(soul.text, soul.path, 'instruction-file')
        : soul?.text,
    now: options.now ?? new Date(),
    instructions: toInstructionEntries(sources),
    skills: catalog.entries,
    skillsOmitted: catalog.dropped,
    memory: memory.text === '' ? undefined : memory.text,
    plan:
      plan === undefined
        ? undefined
        : budgetPlan(
            { ...plan, text: guardRepositoryText(plan.text, PLAN_DISPLAY, 'instruction-file') },
            diagnostics,
          ),
  };
  return Object.freeze({
    dir,
    root,
    home,
    context: createPromptContext(input),
    sources,
    sourceOptions,
    skills,
    catalog,
    memory,
    config,
    findings: Object.freeze(findings),
    diagnostics: Object.freeze(diagnostics),
  });
}

/**
 * The plan section's budget, on what it renders (notice and wrapper included). A longer plan is
 * cut in the middle with a marker (after the scan, so the head keeps a flagged warning and the tail
 * its end delimiter) and `W_PLAN_TRUNCATED`.
 */
export const DEFAULT_PLAN_BUDGET: RenderedBudget = Object.freeze({
  bytes: 32 * 1024,
  tokens: 8_000,
});

function budgetPlan(plan: ConfirmedPlan, diagnostics: Diagnostic[]): ConfirmedPlan | undefined {
  const fitted = fitRendered(
    plan.text,
    (text) => sections.renderPlan({ ...plan, text }) ?? '',
    DEFAULT_PLAN_BUDGET,
    defaultTokenCounter,
    { path: PLAN_DISPLAY, why: 'plan budget' },
  );
  if (fitted.outcome === 'kept') return plan;
  const total = new TextEncoder().encode(plan.text).length;
  diagnostics.push(
    diagnostic(
      'W_PLAN_TRUNCATED',
      'warning',
      fitted.outcome === 'skipped'
        ? `${PLAN_DISPLAY} (${total} bytes) left out: not even a cut marker fits the plan budget of ${DEFAULT_PLAN_BUDGET.tokens} tokens`
        : `${PLAN_DISPLAY}: kept ${fitted.bytesKept} of ${total} bytes (plan budget of ${DEFAULT_PLAN_BUDGET.tokens} tokens, rendered)`,
      { file: PLAN_DISPLAY },
    ),
  );
  return fitted.outcome === 'skipped' ? undefined : { ...plan, text: fitted.content };
}

function readPlan(root: string, diagnostics: Diagnostic[]): ConfirmedPlan | undefined {
  // through the read gate: a bad PLAN.md is left out with a diagnostic, never the whole load
  const loaded = loadConfirmedPlan(planPaths(root));
  diagnostics.push(...loaded.diagnostics);
  return loaded.plan;
}
