/**
 * @module files/roots
 * Containment: whether a real (symlink-resolved) path lies inside one of the allowed roots, the
 * roots resolved the same way. A root that does not exist is kept as written.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Whether `child` is `parent` or lies below it (both absolute, normalised). */
export function isInsidePath(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * `path` with symlinks resolved. For a path that does not exist (yet), its nearest existing
 * ancestor is resolved and the rest kept as written: that is where a file created there would
 * land. The lexical absolute path when nothing can be resolved.
 */
export function realOrResolved(path: string): string {
  const abs = resolve(path);
  let d = abs;
  for (;;) {
    try {
      lstatSync(d);
      break;
    } catch {
      const up = dirname(d);
      if (up === d) return abs;
      d = up;
    }
  }
  try {
    return join(realpathSync(d), relative(d, abs));
  } catch {
    return abs;
  }
}

/** Whether the real path `real` lies inside one of `roots` (each resolved to its real path). */
export function insideRoots(real: string, roots: readonly string[]): boolean {
  return roots.some((r) => isInsidePath(realOrResolved(r), real));
}

/** User-global folders ctxloom and the agents it serves keep their own files in. */
export const USER_GLOBAL_DIRS: readonly string[] = Object.freeze([
  '.config/ctxloom',
  '.claude',
  '.codex',
  '.gemini',
]);

/**
 * The allowed user-global roots under `home` (for `readProjectFile`'s `roots`, next to the
 * project root): `~/.config/ctxloom`, `~/.claude`, `~/.codex`, `~/.gemini`.
 * @example readProjectFile(p, { roots: [root, ...userGlobalRoots(home)], maxBytes })
 */
export function userGlobalRoots(home: string): readonly string[] {
  return Object.freeze(USER_GLOBAL_DIRS.map((d) => join(home, ...d.split('/'))));
}
