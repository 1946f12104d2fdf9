/**
 * @module cli/project-context
 * The edge where the outside world (clock, environment, files) becomes a frozen PromptContext
 * for a project directory.
 */
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import {
  createPromptContext,
  type PromptContext,
  type PromptContextInput,
} from '../prompt/index.js';
import { type CliIO, UsageError } from './command.js';

/** What the CLI gathers for one project. */
export interface ProjectContext {
  /** Absolute project directory. */
  readonly dir: string;
  /** The frozen prompt context. */
  readonly context: PromptContext;
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

/** Gathers the context for the project at `dir`. */
export function loadProjectContext(
  io: CliIO,
  dir: string | undefined,
  options: ProjectContextOptions,
): ProjectContext {
  const abs = resolveProjectDir(io, dir);
  const diagnostics: Diagnostic[] = [];
  const input: PromptContextInput = {
    cwd: abs,
    home: io.home,
    platform: process.platform,
    shell: io.env.SHELL ? basename(io.env.SHELL) : undefined,
    locale: localeFromEnv(io.env),
    model: options.model,
    now: resolveNow(options.now),
  };
  return { dir: abs, context: createPromptContext(input), diagnostics };
}
