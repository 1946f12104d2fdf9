/**
 * @module files/classify-path
 * What a directory entry is, for listings (skill folders and their resources) that must not follow
 * symlinks out of the allowed roots: a symlink is resolved and judged by where it leads.
 */
import { lstatSync, realpathSync, type Stats, statSync } from 'node:fs';
import { insideRoots } from './roots.js';

/** The kind of an entry, after following a symlink that stays inside the roots. */
export type PathKind =
  | 'file'
  | 'directory'
  /** A FIFO, device or socket. */
  | 'special'
  /** A symlink whose real path leaves every root. */
  | 'outside'
  | 'dangling'
  | 'loop'
  | 'missing'
  | 'unreadable';

/** One classified path. */
export interface ClassifiedPath {
  readonly kind: PathKind;
  /** Whether the entry itself is a symlink. */
  readonly symlink: boolean;
  /** The real path, when it could be resolved. */
  readonly realPath?: string;
  /** For `special`: `a FIFO`, `a device`, `a socket`. */
  readonly what?: string;
}

function kindOf(st: Stats): { kind: PathKind; what?: string } {
  if (st.isFile()) return { kind: 'file' };
  if (st.isDirectory()) return { kind: 'directory' };
  if (st.isFIFO()) return { kind: 'special', what: 'a FIFO' };
  if (st.isSocket()) return { kind: 'special', what: 'a socket' };
  return { kind: 'special', what: 'a device' };
}

/** Classifies `path` without reading it. Never throws. */
export function classifyPath(path: string, roots: readonly string[]): ClassifiedPath {
  let link: Stats;
  try {
    link = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      kind: code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable',
      symlink: false,
    };
  }
  if (!link.isSymbolicLink()) {
    let realPath = path;
    try {
      realPath = realpathSync(path);
    } catch {
      // keep the path
    }
    if (!insideRoots(realPath, roots)) return { kind: 'outside', symlink: false, realPath };
    return { ...kindOf(link), symlink: false, realPath };
  }
  let realPath: string;
  try {
    realPath = realpathSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      kind: code === 'ELOOP' ? 'loop' : code === 'ENOENT' ? 'dangling' : 'unreadable',
      symlink: true,
    };
  }
  if (!insideRoots(realPath, roots)) return { kind: 'outside', symlink: true, realPath };
  try {
    return { ...kindOf(statSync(realPath)), symlink: true, realPath };
  } catch {
    return { kind: 'unreadable', symlink: true, realPath };
  }
}
