/**
 * @module sources/match-path-rules
 * Which path-scoped rules apply to a touched file. The globs are matched by the one glob engine
 * (`src/glob`), the same one `skills` path rules use: gitignore semantics, last matching glob
 * decides, `!glob` excludes, a glob without `/` matches at any depth, a leading `/` anchors at the
 * project root. A glob that cannot be compiled matches nothing (`compilePathRules` in `skills`
 * reports it as a diagnostic). Pure (compiled globs are cached by the engine).
 */
import { compileGlobList, matchPrepared, type PreparedPath, preparePath } from '../glob/index.js';

/** The part of a rule that matching needs. */
export interface PathScoped {
  readonly mode: string;
  readonly globs: readonly string[];
}

/** Normalises a path to the `/`-separated, root-relative form the globs are written against. */
export function normaliseRelativePath(path: string): string {
  let p = path.replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  while (p.startsWith('/')) p = p.slice(1);
  return p;
}

function matches(globs: readonly string[], prepared: PreparedPath): boolean {
  return matchPrepared(compileGlobList(globs).globs, prepared) !== undefined;
}

/** Whether one glob list matches a root-relative path. */
export function globsMatch(globs: readonly string[], relativePath: string): boolean {
  return matches(globs, preparePath(normaliseRelativePath(relativePath)));
}

/**
 * The `glob`-mode rules whose globs match `relativePath` (relative to the project root), in the
 * order given.
 *
 * @example matchPathRules(result.rules, 'src/app/page.tsx')
 */
export function matchPathRules<R extends PathScoped>(
  rules: readonly R[],
  relativePath: string,
): R[] {
  const p = normaliseRelativePath(relativePath);
  if (p === '' || p.split('/').includes('..')) return [];
  const prepared = preparePath(p);
  return rules.filter((r) => r.mode === 'glob' && r.globs.length > 0 && matches(r.globs, prepared));
}
