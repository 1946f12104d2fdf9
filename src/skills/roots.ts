/**
 * @module skills/roots
 * Where skills are looked for. Pure: the caller gives the project folder and the home folder.
 */
import { join } from 'node:path';
import type { SkillOrigin } from './types.js';

/** One folder that holds skill folders. */
export interface SkillRoot {
  /** Absolute folder. */
  readonly dir: string;
  /** Precedence class. */
  readonly origin: SkillOrigin;
  /** How paths under it are displayed, e.g. `.claude/skills` or `~/.config/ctxloom/skills`. */
  readonly label: string;
  /**
   * The folder every file read under this root must really lie in (symlinks resolved): the
   * project for project roots, the home folder for user roots. Default: `dir` itself.
   */
  readonly boundary?: string;
}

/** The folder reads under `root` must stay inside. */
export function boundaryOf(root: SkillRoot): string {
  return root.boundary ?? root.dir;
}

/** Project-relative skill folders, in precedence order (earlier wins within the project). */
export const PROJECT_SKILL_DIRS: readonly string[] = Object.freeze([
  '.agents/skills',
  '.claude/skills',
  '.codex/skills',
]);

/** Home-relative skill folders, in precedence order. */
export const USER_SKILL_DIRS: readonly string[] = Object.freeze(['.config/ctxloom/skills']);

/** Options of {@link defaultSkillRoots}. */
export interface DefaultRootsOptions {
  /** Absolute project folder. */
  readonly projectDir: string;
  /** Absolute home folder; leave out to skip user-global skills. */
  readonly homeDir?: string;
  /** Extra project-relative folders, searched after the defaults. */
  readonly extraProjectDirs?: readonly string[];
  /** Extra absolute user-level folders, searched after the defaults. */
  readonly extraUserDirs?: readonly string[];
  /** Absolute folders of built-in skills (lowest precedence). */
  readonly builtinDirs?: readonly string[];
}

/** The default roots: project `.agents/skills`, `.claude/skills`, `.codex/skills`, then user, then built-in. */
export function defaultSkillRoots(options: DefaultRootsOptions): readonly SkillRoot[] {
  const roots: SkillRoot[] = [];
  for (const rel of [...PROJECT_SKILL_DIRS, ...(options.extraProjectDirs ?? [])]) {
    roots.push({
      dir: join(options.projectDir, rel),
      origin: 'project',
      label: rel,
      boundary: options.projectDir,
    });
  }
  if (options.homeDir !== undefined) {
    for (const rel of USER_SKILL_DIRS) {
      roots.push({
        dir: join(options.homeDir, rel),
        origin: 'user',
        label: `~/${rel}`,
        boundary: options.homeDir,
      });
    }
  }
  for (const dir of options.extraUserDirs ?? []) {
    roots.push({ dir, origin: 'user', label: dir.split('\\').join('/') });
  }
  for (const dir of options.builtinDirs ?? []) {
    roots.push({ dir, origin: 'builtin', label: `builtin:${dir.split('\\').join('/')}` });
  }
  return Object.freeze(roots);
}
