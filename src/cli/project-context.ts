/**
 * @module cli/project-context
 * The CLI's edge for reading a project: resolves the directory and `--now` from the command
 * line, then calls the library's `loadProject` (src/project/) with the CLI's home and environment.
 * No composition lives here.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadProject, type Project, projectRootOf } from '../project/index.js';
import { type CliIO, UsageError } from './command.js';

export { localeFromEnv, projectRootOf, type SourceFindings } from '../project/index.js';

/** What the CLI gathers for one project. */
export type ProjectContext = Project;

/** Options shared by the commands that build a context. */
export interface ProjectContextOptions {
  model?: string | undefined;
  now?: string | undefined;
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

/** Gathers the context for the project at `dir`: the one place the CLI reads a project. */
export async function loadProjectContext(
  io: CliIO,
  dir: string | undefined,
  options: ProjectContextOptions,
): Promise<ProjectContext> {
  const abs = resolveProjectDir(io, dir);
  return loadProject({
    cwd: abs,
    home: io.home,
    env: io.env,
    model: options.model,
    now: resolveNow(options.now),
  });
}
