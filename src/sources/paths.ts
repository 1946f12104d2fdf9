/**
 * @module sources/paths
 * Path helpers: containment, display paths (root-relative or `~/...`), `/` separators. Pure.
 */
import { isAbsolute, relative, sep } from 'node:path';

/** `/`-separated form of a relative path. */
export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Whether `child` is `parent` or lies below it (both absolute, normalised). */
export function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** The path to show for an absolute path: root-relative inside the root, `~/...` in home, else absolute. */
export function displayPath(absolute: string, root: string, home?: string): string {
  if (isInside(root, absolute)) return toPosix(relative(root, absolute)) || '.';
  if (home !== undefined && home !== '' && isInside(home, absolute))
    return `~/${toPosix(relative(home, absolute))}`;
  return toPosix(absolute);
}
