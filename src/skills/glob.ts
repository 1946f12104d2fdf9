/**
 * @module skills/glob
 * gitignore-style globs compiled with picomatch. Semantics follow `.gitignore`: `*` and `?` never
 * cross `/`, `**` spans folders, `[...]` classes (`[!x]` negates), a leading `!` excludes again,
 * a trailing `/` matches folders only, a pattern with a `/` (other than a trailing one) is
 * anchored at the workspace root, and a pattern without `/` matches a basename at any depth.
 * Braces (`{ts,tsx}`) are accepted too, as `.mdc` globs use them (gitignore has none). Matching
 * is case-sensitive, and dotfiles match `*`. Pure; compiled globs are cached.
 */
import picomatch from 'picomatch';

/** One compiled glob. */
export interface CompiledGlob {
  /** The pattern as written. */
  readonly source: string;
  /** `!pattern`: excludes what earlier globs matched. */
  readonly negated: boolean;
  /** `pattern/`: matches folders only. */
  readonly dirOnly: boolean;
  /** The picomatch pattern it was turned into (anchored, without the leading `!` and `/`). */
  readonly normalised: string;
  /** Tests one `/`-separated path relative to the workspace root. */
  readonly regex: RegExp;
  /** When set, a matching path's last segment equals this (a cheap pre-check). */
  readonly tailLiteral?: string;
  /** When set, a matching path's last segment ends with this, e.g. `.ts` (a cheap pre-check). */
  readonly tailSuffix?: string;
}

const GLOB_CHARS = /[*?[\]{}\\()|+@!]/;

/** True when a pattern segment has no glob syntax, so it can only match itself. */
export function isLiteralSegment(segment: string): boolean {
  return segment !== '' && !GLOB_CHARS.test(segment);
}

/** The `.ext` of a last segment written `*.ext` (literal after the star), else undefined. */
export function starSuffix(segment: string): string | undefined {
  const m = /^\*(\.[^/]+)$/.exec(segment);
  return m?.[1] !== undefined && isLiteralSegment(m[1]) ? m[1] : undefined;
}

/** The `.ext` alternatives of a last segment written `*.{a,b}`, else undefined. */
export function starBraceSuffixes(segment: string): string[] | undefined {
  const m = /^\*\.\{([^{}]+)\}$/.exec(segment);
  if (m?.[1] === undefined) return undefined;
  const alternatives = m[1].split(',').map((a) => `.${a}`);
  return alternatives.every(isLiteralSegment) ? alternatives : undefined;
}

const cache = new Map<string, CompiledGlob | null>();
const CACHE_LIMIT = 50_000;

/** Why a glob could not be compiled. */
export class GlobError extends Error {
  override readonly name = 'GlobError';
}

/**
 * Compiles one gitignore-style pattern. Returns `null` for blank lines and `#` comments; throws
 * {@link GlobError} for a pattern picomatch cannot compile.
 */
export function compileGlob(pattern: string): CompiledGlob | null {
  const hit = cache.get(pattern);
  if (hit !== undefined) return hit;
  const compiled = compileUncached(pattern);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

function compileUncached(source: string): CompiledGlob | null {
  // trailing spaces are dropped unless escaped with a backslash
  let p = source.replace(/(?<!\\)[ \t]+$/, '');
  p = p.replace(/\\ $/, ' ');
  if (p === '' || p.startsWith('#')) return null;
  let negated = false;
  if (p.startsWith('!')) {
    negated = true;
    p = p.slice(1);
  } else if (p.startsWith('\\!') || p.startsWith('\\#')) {
    p = p.slice(1);
  }
  let dirOnly = false;
  if (p.endsWith('/') && p.length > 1) {
    dirOnly = true;
    p = p.replace(/\/+$/, '');
  }
  if (p === '' || p === '/') return null;
  const anchored = p.includes('/');
  if (p.startsWith('/')) p = p.replace(/^\/+/, '');
  if (!anchored) p = `**/${p}`;
  // a segment of only stars spans folders (as in git); stars inside a segment are one "*"
  p = p
    .split('/')
    .map((seg) => (/^\*{2,}$/.test(seg) ? '**' : seg.replace(/\*{2,}/g, '*')))
    .join('/');
  // a trailing "/**" matches what is inside, never the folder itself
  const insideOnly = p.endsWith('/**');
  let regex: RegExp;
  try {
    const re = picomatch.makeRe(insideOnly ? `${p.slice(0, -3)}/**/*` : p, {
      dot: true,
      noextglob: true,
      nonegate: true,
      posix: true,
      strictSlashes: true,
    });
    // picomatch turns an invalid pattern (e.g. `[z-a]`) into a regex that never matches
    if (re.source === '$^') throw new Error('invalid pattern');
    // picomatch makes a star after a dot non-empty (`*.*` does not match `a.`); in gitignore a
    // star may match nothing. Paths here never hold `.` segments, so that lookahead can go.
    regex = new RegExp(re.source.split('\\.(?=.)').join('\\.'), re.flags);
  } catch (error) {
    throw new GlobError(
      `glob "${source}" cannot be compiled: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const compiled: { -readonly [K in keyof CompiledGlob]: CompiledGlob[K] } = {
    source,
    negated,
    dirOnly,
    normalised: p,
    regex,
  };
  const last = p.slice(p.lastIndexOf('/') + 1);
  if (isLiteralSegment(last)) compiled.tailLiteral = last;
  else {
    const suffix = starSuffix(last);
    if (suffix !== undefined) compiled.tailSuffix = suffix;
  }
  return Object.freeze(compiled);
}

/** A path split once for matching against many glob lists. */
export interface PreparedPath {
  /** The folder prefixes, shallowest first (`a`, `a/b` for `a/b/c.ts`). */
  readonly folders: readonly string[];
  /** The whole path, normalised. */
  readonly path: string;
}

/** Splits and normalises a workspace-relative path for {@link matchPrepared}. */
export function preparePath(path: string): PreparedPath {
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  const folders: string[] = [];
  let prefix = '';
  for (let i = 0; i < segments.length - 1; i++) {
    prefix = i === 0 ? (segments[0] as string) : `${prefix}/${segments[i]}`;
    folders.push(prefix);
  }
  return { folders, path: segments.join('/') };
}

/**
 * gitignore matching of an ordered glob list against one path: the last glob that matches
 * decides (`!` un-matches), and a path inside a matched folder is matched whatever later globs
 * say about the path itself (git cannot re-include a file whose folder is excluded).
 * `path` is relative to the workspace root, `/`-separated, without a leading `./`.
 * Returns the deciding glob, or undefined when the path does not match.
 */
export function matchGlobs(globs: readonly CompiledGlob[], path: string): CompiledGlob | undefined {
  return matchPrepared(globs, preparePath(path));
}

/** {@link matchGlobs} on a path prepared once with {@link preparePath}. */
export function matchPrepared(
  globs: readonly CompiledGlob[],
  prepared: PreparedPath,
): CompiledGlob | undefined {
  for (const folder of prepared.folders) {
    const dirHit = lastMatch(globs, folder, true);
    if (dirHit !== undefined) return dirHit;
  }
  return lastMatch(globs, prepared.path, false);
}

function lastMatch(
  globs: readonly CompiledGlob[],
  path: string,
  isDir: boolean,
): CompiledGlob | undefined {
  const lastSeg = path.slice(path.lastIndexOf('/') + 1);
  let decided: CompiledGlob | undefined;
  for (const g of globs) {
    if (g.dirOnly && !isDir) continue;
    if (g.negated ? decided === undefined : decided !== undefined) continue;
    if (g.tailLiteral !== undefined && g.tailLiteral !== lastSeg) continue;
    if (g.tailSuffix !== undefined && !lastSeg.endsWith(g.tailSuffix)) continue;
    if (g.regex.test(path)) decided = g.negated ? undefined : g;
  }
  return decided;
}
