/**
 * @module glob/segment
 * One `/`-free segment of a glob (`*.ts`, `[!a]*.md`, `te?t`) and the matcher for it. A segment is
 * a list of tokens over code points; `*` is matched with the greedy-star algorithm (on a
 * mismatch, only the most recent star is widened), which takes at most
 * `(segment length) * (name length)` steps whatever the pattern: there is no backtracking into
 * earlier stars, so `*e*e*e*e*e*e*e*e*e*e*Q` costs what `*Q` costs. Pure.
 */
import type { Mutable } from '../_internal/mutable.js';
import { GLOB_CODES, globError } from './error.js';

/** `*`: any run of characters within one name, the empty run included. */
export const STAR = -1;
/** `?`: exactly one character. */
export const ANY = -2;

/** `[...]`: one character in (or, negated, not in) the ranges. */
export interface ClassToken {
  /** `[!...]` or `[^...]`. */
  readonly negated: boolean;
  /** Inclusive code point ranges, flattened: `[lo0, hi0, lo1, hi1, ...]`. */
  readonly ranges: readonly number[];
}

/** A code point (itself), {@link STAR}, {@link ANY} or a class. */
export type Token = number | ClassToken;

/** One compiled glob segment. */
export interface GlobSegment {
  /** The segment as written (after normalisation), e.g. `**`, `src`, `*.ts`. */
  readonly source: string;
  /** `**`: any number of folders, none included. */
  readonly globstar: boolean;
  /** Set when the segment has no glob syntax: it matches exactly this name. */
  readonly literal?: string;
  /** Set when the segment is `*` then literal text (`*.ts`): any name ending with it. */
  readonly suffix?: string;
  /**
   * Set when the segment is literal text and stars only (`*api*`, `test-*.ts`): the text between
   * the stars, `''` at an end that is a star. Matched with `indexOf`, leftmost first.
   */
  readonly parts?: readonly string[];
  /** The tokens (empty for `**`). */
  readonly tokens: readonly Token[];
}

/** The `**` segment. */
export const GLOBSTAR: GlobSegment = Object.freeze({ source: '**', globstar: true, tokens: [] });

/** Reads a `[...]` class starting at `chars[start]` (the `[`); undefined when it is not closed. */
function readClass(
  chars: readonly string[],
  start: number,
  glob: string,
): { token: ClassToken; end: number } | undefined {
  let i = start + 1;
  let negated = false;
  if (chars[i] === '!' || chars[i] === '^') {
    negated = true;
    i++;
  }
  const ranges: number[] = [];
  let first = true;
  while (i < chars.length) {
    let c = chars[i] as string;
    if (c === ']' && !first) return { token: Object.freeze({ negated, ranges }), end: i + 1 };
    first = false;
    if (c === '\\' && i + 1 < chars.length) c = chars[++i] as string;
    const lo = c.codePointAt(0) as number;
    let hi = lo;
    if (chars[i + 1] === '-' && i + 2 < chars.length && chars[i + 2] !== ']') {
      let h = chars[i + 2] as string;
      i += 2;
      if (h === '\\' && i + 1 < chars.length) h = chars[++i] as string;
      hi = h.codePointAt(0) as number;
      if (hi < lo) throw globError(GLOB_CODES.invalid, glob, `has a reversed range ${c}-${h}`);
    }
    ranges.push(lo, hi);
    i++;
  }
  return undefined;
}

/**
 * Compiles one segment (no `/` inside). `**` is handled by the caller. Runs of `*` are one star.
 *
 * @param glob the whole glob, for error messages
 */
export function compileSegment(source: string, glob: string): GlobSegment {
  const chars = Array.from(source);
  const tokens: Token[] = [];
  let literalText = '';
  let literal = true;
  let unclosed = false;
  for (let i = 0; i < chars.length; ) {
    const c = chars[i] as string;
    if (c === '\\') {
      const next = chars[i + 1];
      if (next === undefined)
        throw globError(GLOB_CODES.invalid, glob, 'ends with a lone backslash');
      tokens.push(next.codePointAt(0) as number);
      literalText += next;
      i += 2;
    } else if (c === '*') {
      if (tokens[tokens.length - 1] !== STAR) tokens.push(STAR);
      literal = false;
      i++;
    } else if (c === '?') {
      tokens.push(ANY);
      literal = false;
      i++;
    } else if (c === '[') {
      const cls = unclosed ? undefined : readClass(chars, i, glob);
      if (cls === undefined) {
        // an unclosed "[" is a plain character, as in fnmatch; every later "[" is unclosed too
        // (the scan saw no "]" after it), so it is not scanned again: compiling stays linear
        unclosed = true;
        tokens.push(0x5b);
        literalText += '[';
        i++;
      } else {
        tokens.push(cls.token);
        literal = false;
        i = cls.end;
      }
    } else {
      tokens.push(c.codePointAt(0) as number);
      literalText += c;
      i++;
    }
  }
  const segment: Mutable<GlobSegment> = {
    source,
    globstar: false,
    tokens: Object.freeze(tokens),
  };
  if (literal) segment.literal = literalText;
  else if (tokens.every((t) => typeof t === 'number' && t !== ANY)) {
    const parts = [''];
    for (const t of tokens as number[]) {
      if (t === STAR) parts.push('');
      else parts[parts.length - 1] += String.fromCodePoint(t);
    }
    if (parts.length === 2 && parts[0] === '') segment.suffix = parts[1] as string;
    else segment.parts = Object.freeze(parts);
  }
  return Object.freeze(segment);
}

/**
 * Literal parts separated by stars: the first part is a prefix, the last a suffix, and each part
 * between is found leftmost after the previous one (leftmost is always safe when only stars
 * separate the parts).
 */
function matchParts(parts: readonly string[], name: string): boolean {
  const head = parts[0] as string;
  const tail = parts[parts.length - 1] as string;
  if (name.length < head.length + tail.length) return false;
  if (!name.startsWith(head) || !name.endsWith(tail)) return false;
  let at = head.length;
  const end = name.length - tail.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    const found = name.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

function tokenMatches(t: Token, cp: number): boolean {
  if (typeof t === 'number') return t === ANY || t === cp;
  const r = t.ranges;
  let inside = false;
  for (let k = 0; k < r.length; k += 2) {
    if (cp >= (r[k] as number) && cp <= (r[k + 1] as number)) {
      inside = true;
      break;
    }
  }
  return inside !== t.negated;
}

/**
 * Whether a compiled segment matches one name. `?` and classes count code points, not UTF-16
 * units. At most `tokens * name length` steps.
 */
export function matchSegment(seg: GlobSegment, name: string): boolean {
  if (seg.globstar) return true;
  if (seg.literal !== undefined) return seg.literal === name;
  if (seg.suffix !== undefined) return name.endsWith(seg.suffix);
  if (seg.parts !== undefined) return matchParts(seg.parts, name);
  // `i` and `starI` are UTF-16 indices that always sit at the start of a code point, and a step
  // moves by one whole code point: no array of the name's code points per call (a long name's
  // array was a large allocation each time, which grew faster than the name)
  const tokens = seg.tokens;
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = 0;
  while (i < name.length) {
    const t = tokens[p];
    const cp = name.codePointAt(i) as number;
    if (t === STAR) {
      starP = p++;
      starI = i;
    } else if (t !== undefined && tokenMatches(t, cp)) {
      p++;
      i += cp > 0xffff ? 2 : 1;
    } else if (starP >= 0) {
      // widen the latest star by one character and retry what follows it
      p = starP + 1;
      starI += (name.codePointAt(starI) as number) > 0xffff ? 2 : 1;
      i = starI;
    } else return false;
  }
  while (tokens[p] === STAR) p++;
  return p === tokens.length;
}
