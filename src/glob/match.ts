/**
 * @module glob/match
 * Matching compiled globs against paths, the gitignore way. One pass over a path's names with a
 * set of glob positions (a `**` keeps its position and lets the next one start) gives, for every
 * folder prefix and the path itself, whether the glob matches: at most
 * (glob segments) x (path names) segment tests, each linear in both. Pure.
 */

import type { CtxloomError } from '../diagnostics/index.js';
import type { CompiledGlob } from './compile.js';
import { compileGlob } from './compile.js';
import { isGlobError } from './error.js';
import { type GlobSegment, matchSegment } from './segment.js';

/** A path split once for matching against many glob lists. */
export interface PreparedPath {
  /** The path's names, shallowest first (`a`, `b`, `c.ts` for `a/b/c.ts`). */
  readonly names: readonly string[];
  /** The whole path, normalised. */
  readonly path: string;
}

/**
 * Splits and normalises a workspace-relative `/`-separated path: empty and `.` names are
 * dropped (`./a//b` is `a/b`).
 */
export function preparePath(path: string): PreparedPath {
  const names = path.split('/').filter((s) => s !== '' && s !== '.');
  return { names, path: names.join('/') };
}

/**
 * For one segment list: sets `hits[k]` when the first `k + 1` names of the path match it.
 * The state set is the glob positions reachable after the names read so far.
 */
function alternativeHits(segs: readonly GlobSegment[], path: PreparedPath, hits: boolean[]): void {
  const m = segs.length;
  const n = path.names.length;
  const first = segs[0] as GlobSegment;
  // the common shapes first: `**/x` (a glob without "/") tests each name on its own ...
  if (m === 2 && first.globstar) {
    const last = segs[1] as GlobSegment;
    for (let k = 0; k < n; k++) {
      if (!hits[k] && matchSegment(last, path.names[k] as string)) hits[k] = true;
    }
    return;
  }
  // ... and a glob without `**` can only match the prefix of its own length
  if (!segs.some((s) => s.globstar)) {
    if (m > n) return;
    for (let k = 0; k < m; k++) {
      if (!matchSegment(segs[k] as GlobSegment, path.names[k] as string)) return;
    }
    hits[m - 1] = true;
    return;
  }
  if (m < 31) bitHits(segs, path, hits);
  else arrayHits(segs, path, hits);
}

/** The position-set walk with the set as the bits of one number (up to 30 segments). */
function bitHits(segs: readonly GlobSegment[], path: PreparedPath, hits: boolean[]): void {
  const m = segs.length;
  let stars = 0;
  for (let i = 0; i < m; i++) if ((segs[i] as GlobSegment).globstar) stars |= 1 << i;
  // a `**` may match no folder: its position also lets the next segment start
  const close = (set: number) => {
    let s = set;
    for (let i = 0; i < m; i++) if ((s & stars & (1 << i)) !== 0) s |= 1 << (i + 1);
    return s;
  };
  let states = close(1);
  for (let k = 0; k < path.names.length; k++) {
    const name = path.names[k] as string;
    let next = states & stars; // a `**` keeps its position
    for (let i = 0; i < m; i++) {
      const bit = 1 << i;
      if ((states & bit) === 0 || (stars & bit) !== 0) continue;
      if (matchSegment(segs[i] as GlobSegment, name)) next |= bit << 1;
    }
    if (next === 0) return;
    states = close(next);
    if ((states & (1 << m)) !== 0) hits[k] = true;
  }
}

/** The same walk with the set as an array, for globs of 31 to 64 segments. */
function arrayHits(segs: readonly GlobSegment[], path: PreparedPath, hits: boolean[]): void {
  const m = segs.length;
  let states = new Uint8Array(m + 1);
  let next = new Uint8Array(m + 1);
  const close = (s: Uint8Array) => {
    for (let i = 0; i < m; i++) if (s[i] === 1 && (segs[i] as GlobSegment).globstar) s[i + 1] = 1;
  };
  states[0] = 1;
  close(states);
  for (let k = 0; k < path.names.length; k++) {
    const name = path.names[k] as string;
    next.fill(0);
    let alive = false;
    for (let i = 0; i < m; i++) {
      if (states[i] !== 1) continue;
      const seg = segs[i] as GlobSegment;
      if (seg.globstar) {
        next[i] = 1;
        alive = true;
      } else if (matchSegment(seg, name)) {
        next[i + 1] = 1;
        alive = true;
      }
    }
    if (!alive) return;
    close(next);
    if (next[m] === 1) hits[k] = true;
    [states, next] = [next, states];
  }
}

/** `result[k]`: the glob matches the first `k + 1` names of the path (any brace alternative). */
function prefixHits(glob: CompiledGlob, path: PreparedPath): boolean[] {
  const hits = new Array<boolean>(path.names.length).fill(false);
  for (const alt of glob.alternatives) alternativeHits(alt, path, hits);
  return hits;
}

/**
 * gitignore matching of an ordered glob list against one path: the last glob that matches
 * decides (`!` un-matches), and a path inside a matched folder is matched whatever later globs
 * say about the path itself (git cannot re-include a file whose folder is excluded).
 * `path` is relative to the workspace root, `/`-separated, without a leading `./`; it names a
 * file, so a folder-only glob (`docs/`) matches what is under it, never the path itself.
 * Returns the deciding glob, or undefined when the path does not match.
 *
 * @example matchGlobs([compileGlob('src/**')!], 'src/a.ts')
 */
export function matchGlobs(globs: readonly CompiledGlob[], path: string): CompiledGlob | undefined {
  return matchPrepared(globs, preparePath(path));
}

/** {@link matchGlobs} on a path prepared once with {@link preparePath}. */
export function matchPrepared(
  globs: readonly CompiledGlob[],
  prepared: PreparedPath,
): CompiledGlob | undefined {
  const n = prepared.names.length;
  if (n === 0) return undefined;
  const hits: (boolean[] | undefined)[] = new Array(globs.length);
  // folders first, shallowest first: a matched folder decides for everything inside it
  for (let k = 0; k < n; k++) {
    const isDir = k < n - 1;
    // the first glob of the run that is still matched after the last `!` that applied
    let decided: CompiledGlob | undefined;
    for (let j = 0; j < globs.length; j++) {
      const g = globs[j] as CompiledGlob;
      if (g.dirOnly && !isDir) continue;
      if (g.negated ? decided === undefined : decided !== undefined) continue;
      let h = hits[j];
      if (h === undefined) {
        h = prefixHits(g, prepared);
        hits[j] = h;
      }
      if (h[k] === true) decided = g.negated ? undefined : g;
    }
    if (decided !== undefined) return decided;
  }
  return undefined;
}

/**
 * Compiles a glob list, leaving out blank lines, comments and globs that cannot be compiled
 * (they match nothing; `problems` says why, one glob `CtxloomError` each, in order).
 */
export function compileGlobList(patterns: readonly string[]): {
  globs: CompiledGlob[];
  problems: CtxloomError[];
} {
  const globs: CompiledGlob[] = [];
  const problems: CtxloomError[] = [];
  for (const p of patterns) {
    try {
      const g = compileGlob(p);
      if (g !== null) globs.push(g);
    } catch (error) {
      if (isGlobError(error)) problems.push(error);
      else throw error;
    }
  }
  return { globs, problems };
}
