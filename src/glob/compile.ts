/**
 * @module glob/compile
 * Compiles one gitignore-style glob. This is ctxloom's one glob engine: instruction-rule globs
 * (`.mdc` `globs`, `applyTo`, `paths`, `matchPathRules`), skill `paths` and directory rules all
 * go through it, so `ctxloom sources --for` and `ctxloom skills match --path` cannot disagree.
 *
 * Semantics follow `.gitignore` (they are property-tested against the `ignore` package):
 * `*` and `?` never cross `/`, a segment of only stars (`**`) spans folders, `[...]` classes
 * (`[!x]` and `[^x]` negate), a leading `!` excludes again (the last glob that matches decides),
 * a trailing `/` matches folders only, a glob with a `/` (other than a trailing one) is anchored
 * at the root, and a glob without `/` matches a name at any depth. A path inside a matched folder
 * is matched (`src` matches `src/a.ts`; `docs/` matches `docs/a.md`). The paths given to the
 * engine are files, so `docs/` does not match a path `docs`: that is a file named `docs`.
 * Braces (`{ts,tsx}`) and `(a|b)` groups are added, as `.mdc` globs use them (see `braces.ts`).
 * Case-sensitive; `*` matches dotfiles; `?` and classes count code points.
 *
 * Which semantics: of the two matchers there were, the skills one documented these and was
 * tested against `ignore`; the sources one (picomatch `basename` mode, any positive glob and no
 * negative one) did not match `src` to `src/a.ts` or `[!a]*.md` to `b.md`, and matched `docs/` to
 * a file `docs`. Gitignore is what rule authors already know, and has a reference to test against.
 *
 * Why not picomatch: it compiles to a backtracking RegExp, and `*e*e*e*e*e*e*e*e*e*e*Q` against
 * a 46-character name took 27 s (199 s in the old sources matcher). Here each segment is matched
 * with a greedy-star loop and the folders with a set of positions, so a match costs at most
 * (glob length) x (path length) steps per brace alternative, and {@link GLOB_LIMITS} caps all
 * three. Pure; compiled globs are cached.
 */
import { expandBraces } from './braces.js';
import { GLOB_CODES, GLOB_LIMITS, globError } from './error.js';
import { compileSegment, GLOBSTAR, type GlobSegment } from './segment.js';

/** One compiled glob. */
export interface CompiledGlob {
  /** The pattern as written. */
  readonly source: string;
  /** `!pattern`: excludes what earlier globs matched. */
  readonly negated: boolean;
  /** `pattern/`: matches folders only. */
  readonly dirOnly: boolean;
  /**
   * The pattern as matched: anchored (`**` in front of a glob without `/`), without the leading
   * `!` and `/` and the trailing `/`, braces not yet expanded.
   */
  readonly normalised: string;
  /** The brace alternatives (one when there are no braces), each a list of segments. */
  readonly alternatives: readonly (readonly GlobSegment[])[];
}

const cache = new Map<string, CompiledGlob | null>();
const CACHE_LIMIT = 50_000;

/**
 * Compiles one gitignore-style pattern. Returns `null` for blank lines and `#` comments.
 *
 * @throws {CtxloomError} for bad syntax (`E_GLOB_INVALID`) or a glob over {@link GLOB_LIMITS}
 * @example compileGlob('src/**\/*.{ts,tsx}')
 */
export function compileGlob(pattern: string): CompiledGlob | null {
  const hit = cache.get(pattern);
  if (hit !== undefined) return hit;
  const compiled = compileUncached(pattern);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** Drops trailing spaces and tabs unless the first of them is escaped with a backslash. */
function trimTrailingSpace(p: string): string {
  let end = p.length;
  while (end > 0 && (p[end - 1] === ' ' || p[end - 1] === '\t')) end--;
  if (end === p.length) return p;
  return p[end - 1] === '\\' ? p.slice(0, end + 1) : p.slice(0, end);
}

function compileUncached(source: string): CompiledGlob | null {
  if (source.length > GLOB_LIMITS.maxLength) {
    throw globError(
      GLOB_CODES.tooLong,
      source,
      `is ${source.length} characters long, over the limit of ${GLOB_LIMITS.maxLength}`,
    );
  }
  let p = trimTrailingSpace(source);
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
    while (p.endsWith('/')) p = p.slice(0, -1);
  }
  const anchored = p.includes('/');
  while (p.startsWith('/')) p = p.slice(1);
  if (p === '') return null;
  const normalised = anchored ? p : `**/${p}`;
  const alternatives = expandBraces(normalised, source).map((alt) => toSegments(alt, source));
  return Object.freeze({
    source,
    negated,
    dirOnly,
    normalised,
    alternatives: Object.freeze(alternatives),
  });
}

/** One brace-free alternative as segments: `**` collapsed, a trailing `**` made `** /*`. */
function toSegments(alt: string, glob: string): readonly GlobSegment[] {
  const segments: GlobSegment[] = [];
  for (const part of alt.split('/')) {
    if (part === '') continue;
    // a segment of only stars spans folders (as in git); two in a row are one
    if (/^\*+$/.test(part) && part.length > 1) {
      if (segments[segments.length - 1] !== GLOBSTAR) segments.push(GLOBSTAR);
    } else segments.push(compileSegment(part, glob));
  }
  // a trailing "/**" matches what is inside, never the folder itself
  if (segments[segments.length - 1] === GLOBSTAR) segments.push(compileSegment('*', glob));
  if (segments.length > GLOB_LIMITS.maxSegments) {
    throw globError(
      GLOB_CODES.tooManySegments,
      glob,
      `has ${segments.length} segments, over the limit of ${GLOB_LIMITS.maxSegments}`,
    );
  }
  return Object.freeze(segments);
}
