/**
 * @module session/plan
 * Plan lifecycle: a draft and a confirmed version, kept as two files. Only the confirmed plan
 * enters the prompt, so editing the draft changes nothing the model sees (no cache miss);
 * confirming is an explicit, visible cache boundary, done atomically.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { CtxloomError } from '../diagnostics/index.js';
import type { ConfirmedPlan } from '../prompt/index.js';
import { isSecretFileName } from '../sources/index.js';
import { writeFileAtomic } from './atomic-write.js';

/** Where a project's plan files live. */
export interface PlanPaths {
  /** The confirmed plan, e.g. `.ctxloom/plan/PLAN.md`. */
  readonly confirmed: string;
  /** The draft, e.g. `.ctxloom/plan/PLAN.draft.md`. */
  readonly draft: string;
}

/** The default plan paths under a project's `.ctxloom/` folder. */
export function planPaths(projectDir: string): PlanPaths {
  const dir = join(projectDir, '.ctxloom', 'plan');
  return { confirmed: join(dir, 'PLAN.md'), draft: join(dir, 'PLAN.draft.md') };
}

function readIfExists(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    // a plan file committed as a link to `.env` or a key must not put it in the prompt
    if (isSecretFileName(real))
      throw new CtxloomError(
        'E_PLAN_READ',
        `${path} resolves to ${real}, which looks like a secrets file (keys, .env, credentials); not read`,
      );
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof CtxloomError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CtxloomError(
      'E_PLAN_READ',
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/** Both versions of the plan. */
export interface PlanState {
  readonly draft: string | undefined;
  readonly confirmed: string | undefined;
}

/** Reads the draft and the confirmed plan. */
export function readPlan(paths: PlanPaths): PlanState {
  return { draft: readIfExists(paths.draft), confirmed: readIfExists(paths.confirmed) };
}

/** Writes the draft (atomically). The prompt does not change. */
export function writeDraft(paths: PlanPaths, text: string): void {
  writeFileAtomic(paths.draft, text);
}

/**
 * Confirms the draft: the confirmed plan is replaced by the draft in one atomic rename, so a
 * crash leaves either the old or the new confirmed plan. Refuses when there is no draft.
 */
export function confirmPlan(paths: PlanPaths): string {
  const draft = readIfExists(paths.draft);
  if (draft === undefined || draft.trim() === '') {
    throw new CtxloomError(
      'E_PLAN_NO_DRAFT',
      `nothing to confirm: no draft at ${paths.draft} (write one with "ctxloom plan draft")`,
    );
  }
  writeFileAtomic(paths.confirmed, draft);
  return draft;
}

/** The confirmed plan as the prompt context takes it, or undefined. */
export function confirmedPlanFor(paths: PlanPaths, name = 'PLAN.md'): ConfirmedPlan | undefined {
  const text = readIfExists(paths.confirmed);
  return text === undefined || text.trim() === '' ? undefined : { name, text };
}
