/**
 * @module session/plan
 * Plan lifecycle: a draft and a confirmed version, kept as two files. Only the confirmed plan
 * enters the prompt, so editing the draft changes nothing the model sees (no cache miss);
 * confirming is an explicit, visible cache boundary, done atomically.
 *
 * Every read goes through the read gate (regular files inside the project only, a size cap, no
 * binary text, no secret names or contents) and every write through the write gate (no write
 * through a symlinked folder out of the repository, none through a symlinked plan file).
 */
import { dirname, join, relative, sep } from 'node:path';
import { CtxloomError, type Diagnostic } from '../diagnostics/index.js';
import { readProjectFile, writeProjectFile } from '../files/index.js';
import type { ConfirmedPlan } from '../prompt/index.js';

/** Largest plan file read (bytes). */
export const MAX_PLAN_FILE_BYTES = 256 * 1024;

/** Where a project's plan files live. */
export interface PlanPaths {
  /** The confirmed plan, e.g. `.ctxloom/plan/PLAN.md`. */
  readonly confirmed: string;
  /** The draft, e.g. `.ctxloom/plan/PLAN.draft.md`. */
  readonly draft: string;
  /**
   * The project folder: plan files are read and written only when their real path stays inside
   * it. Default: the folder holding the confirmed plan.
   */
  readonly root?: string;
}

/** The default plan paths under a project's `.ctxloom/` folder. */
export function planPaths(projectDir: string): PlanPaths {
  const dir = join(projectDir, '.ctxloom', 'plan');
  return { confirmed: join(dir, 'PLAN.md'), draft: join(dir, 'PLAN.draft.md'), root: projectDir };
}

const rootsOf = (paths: PlanPaths) => [paths.root ?? dirname(paths.confirmed)];

type PlanRead = { text: string | undefined; diagnostic?: Diagnostic };

function readGated(paths: PlanPaths, path: string): PlanRead {
  const r = readProjectFile(path, {
    roots: rootsOf(paths),
    maxBytes: MAX_PLAN_FILE_BYTES,
    kind: 'plan file',
    // diagnostics name the plan as the project sees it (`.ctxloom/plan/PLAN.md`)
    ...(paths.root === undefined
      ? {}
      : { display: relative(paths.root, path).split(sep).join('/') }),
  });
  if (r.ok) return { text: r.text };
  return r.missing ? { text: undefined } : { text: undefined, diagnostic: r.diagnostic };
}

function readOrThrow(paths: PlanPaths, path: string): string | undefined {
  const r = readGated(paths, path);
  if (r.diagnostic !== undefined)
    throw new CtxloomError('E_PLAN_READ', r.diagnostic.message, { diagnostics: [r.diagnostic] });
  return r.text;
}

/** Both versions of the plan. */
export interface PlanState {
  readonly draft: string | undefined;
  readonly confirmed: string | undefined;
}

/** Reads the draft and the confirmed plan; a file the read gate refuses throws `E_PLAN_READ`. */
export function readPlan(paths: PlanPaths): PlanState {
  return { draft: readOrThrow(paths, paths.draft), confirmed: readOrThrow(paths, paths.confirmed) };
}

/** Writes the draft (atomically, through the write gate). The prompt does not change. */
export function writeDraft(paths: PlanPaths, text: string): void {
  writeProjectFile(paths.draft, text, { roots: rootsOf(paths) });
}

/**
 * Confirms the draft: the confirmed plan is replaced by the draft in one atomic rename, so a
 * crash leaves either the old or the new confirmed plan. Refuses when there is no draft.
 */
export function confirmPlan(paths: PlanPaths): string {
  const draft = readOrThrow(paths, paths.draft);
  if (draft === undefined || draft.trim() === '') {
    throw new CtxloomError(
      'E_PLAN_NO_DRAFT',
      `nothing to confirm: no draft at ${paths.draft} (write one with "ctxloom plan draft")`,
    );
  }
  writeProjectFile(paths.confirmed, draft, { roots: rootsOf(paths) });
  return draft;
}

/**
 * The confirmed plan as the prompt context takes it, or undefined. A plan file the read gate
 * refuses throws `E_PLAN_READ`; {@link loadConfirmedPlan} reports it as a diagnostic instead.
 */
export function confirmedPlanFor(paths: PlanPaths, name = 'PLAN.md'): ConfirmedPlan | undefined {
  const text = readOrThrow(paths, paths.confirmed);
  return text === undefined || text.trim() === '' ? undefined : { name, text };
}

/** The confirmed plan for the prompt, and why it was skipped. */
export interface LoadedPlan {
  /** The plan, or undefined (none, empty, or refused). */
  readonly plan: ConfirmedPlan | undefined;
  /** The read gate's refusal (`E_NOT_A_FILE`, `E_FILE_TOO_LARGE`, `E_SECRET_FILE`, ...), if any. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The confirmed plan, never throwing: a bad PLAN.md (a directory, a FIFO, unreadable, too large,
 * a link out of the project or to a secret) is skipped with a diagnostic, as memory files are.
 */
export function loadConfirmedPlan(paths: PlanPaths, name = 'PLAN.md'): LoadedPlan {
  const r = readGated(paths, paths.confirmed);
  const diagnostics = r.diagnostic === undefined ? [] : [r.diagnostic];
  const plan = r.text === undefined || r.text.trim() === '' ? undefined : { name, text: r.text };
  return Object.freeze({ plan, diagnostics: Object.freeze(diagnostics) });
}
