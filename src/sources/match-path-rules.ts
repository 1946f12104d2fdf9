/**
 * @module sources/match-path-rules
 * Which path-scoped rules apply to a touched file. Gitignore-style globs: a glob without a `/`
 * matches the file name at any depth, a leading `/` anchors at the project root, `!glob` excludes.
 * Pure (matchers are compiled once per glob list and cached).
 */
import picomatch from 'picomatch';

/** The part of a rule that matching needs. */
export interface PathScoped {
  readonly mode: string;
  readonly globs: readonly string[];
}

type Matcher = (path: string) => boolean;

const cache = new Map<string, Matcher>();

function compile(globs: readonly string[]): Matcher {
  const key = JSON.stringify(globs);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const positive: Matcher[] = [];
  const negative: Matcher[] = [];
  for (const raw of globs) {
    const neg = raw.startsWith('!');
    let g = neg ? raw.slice(1) : raw;
    const anchored = g.startsWith('/');
    while (g.startsWith('/')) g = g.slice(1);
    if (g.endsWith('/')) g = `${g}**`;
    if (g === '') continue;
    const m = picomatch(g, { dot: true, basename: !anchored && !g.includes('/') });
    (neg ? negative : positive).push(m);
  }
  const matcher: Matcher = (p) => positive.some((m) => m(p)) && !negative.some((m) => m(p));
  if (cache.size > 10_000) cache.clear();
  cache.set(key, matcher);
  return matcher;
}

/** Normalises a path to the `/`-separated, root-relative form the globs are written against. */
export function normaliseRelativePath(path: string): string {
  let p = path.replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  while (p.startsWith('/')) p = p.slice(1);
  return p;
}

/** Whether one glob list matches a root-relative path. */
export function globsMatch(globs: readonly string[], relativePath: string): boolean {
  return compile(globs)(normaliseRelativePath(relativePath));
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
  return rules.filter((r) => r.mode === 'glob' && r.globs.length > 0 && compile(r.globs)(p));
}
