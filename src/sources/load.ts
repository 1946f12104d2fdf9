/**
 * @module sources/load
 * Loads a project's instruction sources: discovery, reading, rules classification, imports,
 * scanning, budgeting and provenance. The only function here that does I/O is the loader itself
 * (through the injectable `fs`).
 */
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { insideRoots, userGlobalRoots } from '../files/index.js';
import { sections } from '../prompt/index.js';
import { applyBudget, type BudgetOutcome } from './budget.js';
import { type Discovery, discover } from './discover.js';
import {
  type LoadSourcesOptions,
  type ResolvedLoadOptions,
  resolveLoadOptions,
} from './options.js';
import { displayPath } from './paths.js';
import {
  finishPrepared,
  fromRead,
  type PreparedSource,
  type PrepareEnv,
  prepareRuleFile,
} from './prepare.js';
import { makePrepareEnv, toRecord, toRuleRecord } from './records.js';
import { utf8Length } from './truncate.js';
import type { LoadResult, SourceRecord } from './types.js';

function expandHome(path: string, home: string | undefined): string | null {
  if (path === '~' || path.startsWith('~/'))
    return home === undefined ? null : join(home, path.slice(2));
  return isAbsolute(path) ? path : null;
}

/**
 * The user-global files that exist, read. A file whose real path leaves the home folder
 * (`~/.claude/CLAUDE.md -> /proc/self/environ`) is refused before it is read.
 */
async function readGlobals(
  o: ResolvedLoadOptions,
  root: string,
  env: PrepareEnv,
  diagnostics: Diagnostic[],
): Promise<PreparedSource[]> {
  const globals: PreparedSource[] = [];
  for (const spec of o.globalFiles) {
    const abs = expandHome(spec.path, o.home);
    if (abs === null) continue;
    if ((await o.fs.stat(abs).catch(() => null)) === null) continue;
    const path = displayPath(resolve(abs), root, o.home);
    // a user-global file's real path stays in the user-global folders (~/.config/ctxloom,
    // ~/.claude, ~/.codex, ~/.gemini), the folder its path names or the home folder (a dotfiles
    // link `~/.claude/CLAUDE.md -> ~/dotfiles/CLAUDE.md`; the read still takes regular files
    // only and refuses secrets): `~/.claude/CLAUDE.md -> /proc/self/environ` is refused unread
    const real = await o.fs.realpath(resolve(abs)).catch(() => null);
    const homeRoots = o.home === undefined ? [] : [...userGlobalRoots(o.home), o.home];
    const roots = [...homeRoots, dirname(resolve(abs))];
    if (real !== null && !insideRoots(real, roots)) {
      diagnostics.push(
        diagnostic(
          'E_SYMLINK_OUTSIDE_ROOT',
          'error',
          `${path} resolves outside the home folder; not loaded`,
          { file: path },
        ),
      );
      continue;
    }
    const read = await env.read(resolve(abs), undefined);
    globals.push(
      fromRead(
        read,
        { path, kind: spec.kind, scope: 'global', trust: o.trust.global, imports: true },
        diagnostics,
      ),
    );
  }
  return globals;
}

/** Every source read, grouped by where it goes. */
interface ReadSources {
  /** In prompt order: user-global, project root, always-on rules, folders below the root. */
  readonly prompt: PreparedSource[];
  /** Path-scoped, agent-requested and manual rules: returned in `rules`, not in the prompt. */
  readonly otherRules: PreparedSource[];
}

async function readAll(
  o: ResolvedLoadOptions,
  d: Discovery,
  env: PrepareEnv & { readonly realRoot: string | undefined },
  diagnostics: Diagnostic[],
): Promise<ReadSources> {
  const globals = await readGlobals(o, d.root, env, diagnostics);
  const rootFiles: PreparedSource[] = [];
  const deeperFiles: PreparedSource[] = [];
  for (const c of d.files) {
    const read = await env.read(c.absolutePath, env.realRoot);
    const scope = c.folder === '' ? 'project' : 'directory';
    const p = fromRead(
      read,
      { path: c.path, kind: c.spec.kind, scope, trust: o.trust.project, imports: c.spec.imports },
      diagnostics,
    );
    (c.folder === '' ? rootFiles : deeperFiles).push(p);
  }
  const alwaysRules: PreparedSource[] = [];
  const otherRules: PreparedSource[] = [];
  for (const c of d.rules) {
    const p = await prepareRuleFile(c, env, o.trust.project, diagnostics);
    (p.rule?.mode === 'always' ? alwaysRules : otherRules).push(p);
  }
  return { prompt: [...globals, ...rootFiles, ...alwaysRules, ...deeperFiles], otherRules };
}

/** The same file reached twice (symlinks such as CLAUDE.md -> AGENTS.md) is loaded once. */
function skipDuplicates(
  prompt: readonly PreparedSource[],
  loadedElsewhere: Map<string, string>,
  diagnostics: Diagnostic[],
): void {
  for (const p of prompt) {
    if (!p.read.ok || p.status !== 'loaded') continue;
    const first = loadedElsewhere.get(p.read.realPath);
    if (first !== undefined) {
      diagnostics.push(
        diagnostic(
          'I_DUPLICATE_SOURCE',
          'info',
          `${p.path} is the same file as ${first}; loaded once`,
          { file: p.path },
        ),
      );
      p.status = 'skipped';
      p.reason = `same file as ${first}`;
      p.text = '';
      continue;
    }
    loadedElsewhere.set(p.read.realPath, p.path);
  }
}

/**
 * The budget outcome of each live source, closest first. The budget counts what the
 * repository-context section renders: wrapper, attributes, separator.
 */
function budgetLive(
  live: readonly PreparedSource[],
  o: ResolvedLoadOptions,
): Map<PreparedSource, BudgetOutcome> {
  const outcomes = applyBudget(
    live.map((p) => ({
      text: p.text,
      label: { path: p.path, ...(p.firstLine === undefined ? {} : { firstLine: p.firstLine }) },
      render: (content: string, cut: boolean) =>
        sections.renderInstructionFile({
          path: p.path,
          kind: p.kind,
          scope: p.scope,
          trust: p.trust,
          status: p.status === 'loaded' && cut ? 'truncated' : p.status,
          content,
        }) + sections.INSTRUCTION_FILE_SEPARATOR,
    })),
    o.budget,
    o.counter,
    sections.renderInstructionFiles(['x'])?.replace('x', '') ?? '',
  );
  return new Map(live.map((p, i) => [p, outcomes[i]!]));
}

/** One source's record after the budget, with a warning for what the budget skipped or cut. */
function budgetedRecord(
  p: PreparedSource,
  out: BudgetOutcome | undefined,
  diagnostics: Diagnostic[],
): SourceRecord {
  if (out === undefined) return toRecord(p, '', 0, p.fullBytes, 0);
  if (out.outcome === 'skipped') {
    diagnostics.push(
      diagnostic(
        'W_BUDGET_SKIPPED',
        'warning',
        `${p.path} (${p.fullBytes} bytes) left out: the ${out.limitedBy} is used up by closer files`,
        { file: p.path },
      ),
    );
    p.status = 'skipped';
    p.reason = `over the ${out.limitedBy}`;
    return toRecord(p, '', 0, p.fullBytes, 0);
  }
  if (out.outcome === 'truncated') {
    diagnostics.push(
      diagnostic(
        'W_TRUNCATED',
        'warning',
        `${p.path}: kept ${out.bytesKept} of ${utf8Length(p.text)} bytes (${out.limitedBy})`,
        { file: p.path },
      ),
    );
    if (p.status === 'loaded') p.reason = `cut to the ${out.limitedBy}`;
  }
  const blocked = p.status === 'blocked';
  return toRecord(
    p,
    out.content,
    blocked ? 0 : out.bytesKept,
    blocked ? p.fullBytes : out.bytesCut,
    out.tokens,
  );
}

/**
 * Loads the instruction sources that apply at `options.cwd`.
 *
 * Order (prompt order, closest last): user-global files; the files of the project root; rules
 * that always apply; the files of each folder below the root down to cwd. Path-scoped,
 * agent-requested and manual rules are returned in `rules`, not loaded into the prompt.
 *
 * @example
 * const result = await loadInstructionSources({ cwd: process.cwd(), home: os.homedir(), scan });
 * const entries = toInstructionEntries(result);
 */
export async function loadInstructionSources(options: LoadSourcesOptions): Promise<LoadResult> {
  const o = resolveLoadOptions(options);
  const diagnostics: Diagnostic[] = [];
  const d = await discover({
    cwd: o.cwd,
    ...(o.root === undefined ? {} : { root: o.root }),
    rootMarkers: o.rootMarkers,
    files: o.files,
    rulesFolders: o.rulesFolders,
    strategy: o.strategy,
    fs: o.fs,
    maxRulesPerFolder: o.maxRulesPerFolder,
  });
  diagnostics.push(...d.diagnostics);
  const loadedElsewhere = new Map<string, string>();
  const env = await makePrepareEnv(o, d.root, loadedElsewhere);

  // Read everything first: imports of a file that is loaded on its own become references.
  const { prompt, otherRules } = await readAll(o, d, env, diagnostics);
  skipDuplicates(prompt, loadedElsewhere, diagnostics);
  for (const p of [...prompt, ...otherRules]) await finishPrepared(p, env, diagnostics);
  if (
    o.scan === undefined &&
    [...prompt, ...otherRules].some((p) => p.trust === 'untrusted' && p.status === 'loaded')
  ) {
    diagnostics.push(
      diagnostic(
        'I_NOT_SCANNED',
        'info',
        'no injection scanner was given: untrusted sources were not scanned',
      ),
    );
  }

  // Budget: closest first.
  const byItem = budgetLive(
    prompt.filter((p) => p.status !== 'skipped'),
    o,
  );
  const sources = prompt.map((p) => budgetedRecord(p, byItem.get(p), diagnostics));
  const rules = otherRules.map((p) => toRuleRecord(p, o, diagnostics));
  return Object.freeze({
    root: d.root,
    cwd: d.cwd,
    cwdRelative: d.folders[d.folders.length - 1] ?? '',
    sources: Object.freeze(sources),
    rules: Object.freeze(rules),
    diagnostics: Object.freeze(diagnostics),
  });
}
