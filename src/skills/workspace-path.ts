/**
 * @module skills/workspace-path
 * Turns a touched file's path into a workspace-relative `/`-separated path, or undefined when it
 * lies outside the workspace (such paths match no rule). `toWorkspacePath` is pure;
 * `resolveWorkspacePath` resolves symlinks first (I/O).
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';

/**
 * Makes `path` relative to `root` (both may be absolute; a relative `path` is taken relative to
 * `root`). Returns undefined when the result escapes the root. Pure: no symlinks are resolved.
 */
export function toWorkspacePath(root: string, path: string): string | undefined {
  const abs = isAbsolute(path) ? resolve(path) : resolve(root, path);
  const rel = relative(resolve(root), abs);
  if (rel === '' || isAbsolute(rel)) return undefined;
  const slashed = rel.split(sep).join('/');
  const normal = posix.normalize(slashed);
  if (normal === '..' || normal.startsWith('../')) return undefined;
  return normal;
}

function realpathOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    // a file that does not exist yet (create): resolve its folder
    const parent = dirname(p);
    if (parent === p) return p;
    return join(realpathOrSelf(parent), basename(p));
  }
}

/**
 * Like {@link toWorkspacePath}, but resolves symlinks in both the root and the path, so that a
 * link into the workspace counts as inside and a link out of it as outside.
 */
export function resolveWorkspacePath(root: string, path: string): string | undefined {
  const realRoot = realpathOrSelf(resolve(root));
  const abs = isAbsolute(path) ? path : resolve(root, path);
  return toWorkspacePath(realRoot, realpathOrSelf(abs));
}
