/**
 * @module glob/braces
 * Brace expansion (`*.{ts,tsx}`, `src/{api,web}/**`), which `.mdc` globs use and gitignore
 * lacks, and the same for `(a|b)` groups (`*.(ts|tsx)`, written in real `.mdc` files: picomatch
 * read them as regex groups). Alternatives only (no `{1..3}` ranges, no extglobs such as
 * `@(a|b)`), nested allowed; a group without a top-level `,` / `|` (`{x}`, a Next.js route
 * folder `(landing-page)`) and an unclosed `{` or `(` stay literal; `\{`, `\(` and what is inside
 * `[...]` are literal. The number of alternatives is counted before anything is expanded, so
 * `{a,b}{a,b}...` is refused instead of built. Pure.
 */
import { GLOB_CODES, GLOB_LIMITS, globError } from './error.js';

type Part = string | Seq[];
type Seq = Part[];

/** Index just past the `]` closing a class that opens at `i`, or -1 when it is not closed. */
function classEnd(s: string, i: number): number {
  let j = i + 1;
  if (s[j] === '!' || s[j] === '^') j++;
  if (s[j] === ']') j++;
  for (; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === ']') return j + 1;
  }
  return -1;
}

/** A group: where it closes and what separates its alternatives. */
interface Group {
  readonly close: number;
  readonly separator: ',' | '|';
}

/** Where the classes and the groups of a pattern end, found in one pass. */
interface Layout {
  /** `[` index -> index just past its `]`, for the classes that are closed. */
  readonly classes: Map<number, number>;
  /** `{` or `(` index -> its group, for the matched pairs that hold a top-level separator. */
  readonly groups: Map<number, Group>;
}

const CLOSER: Record<string, string> = { '{': '}', '(': ')' };
const SEPARATOR: Record<string, ',' | '|'> = { '{': ',', '(': '|' };

function layout(s: string): Layout {
  const classes = new Map<number, number>();
  const groups = new Map<number, Group>();
  const stack: { open: number; kind: string; split: boolean }[] = [];
  // once a "[" is found unclosed, every later one is too: no rescan, the pass stays linear
  let unclosed = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    const top = stack[stack.length - 1];
    if (c === '\\') i++;
    else if (c === '[') {
      const end = unclosed ? -1 : classEnd(s, i);
      if (end < 0) unclosed = true;
      else {
        classes.set(i, end);
        i = end - 1;
      }
    } else if (c === '{' || c === '(') stack.push({ open: i, kind: c, split: false });
    else if (top !== undefined && c === SEPARATOR[top.kind]) top.split = true;
    else if (top !== undefined && c === CLOSER[top.kind]) {
      stack.pop();
      if (top.split)
        groups.set(top.open, { close: i, separator: SEPARATOR[top.kind] as ',' | '|' });
    }
  }
  return { classes, groups };
}

/** Parses `s[start..end)`: text, and the groups found in it. */
function parseSeq(s: string, start: number, end: number, at: Layout): Seq {
  const seq: Seq = [];
  let text = '';
  for (let i = start; i < end; ) {
    const c = s[i] as string;
    const group = at.groups.get(i);
    if (c === '\\') {
      text += s.slice(i, i + 2);
      i += 2;
    } else if (c === '[') {
      const stop = at.classes.get(i);
      const to = stop === undefined || stop > end ? i + 1 : stop;
      text += s.slice(i, to);
      i = to;
    } else if (group !== undefined) {
      if (text !== '') seq.push(text);
      text = '';
      seq.push(parseGroup(s, i, group, at));
      i = group.close + 1;
    } else {
      text += c;
      i++;
    }
  }
  if (text !== '') seq.push(text);
  return seq;
}

/** The alternatives of the group opening at `s[open]`, split at its top-level separators. */
function parseGroup(s: string, open: number, group: Group, at: Layout): Seq[] {
  const alternatives: Seq[] = [];
  let from = open + 1;
  for (let i = from; i < group.close; i++) {
    const c = s[i];
    const inner = at.groups.get(i);
    if (c === '\\') i++;
    else if (c === '[') {
      const end = at.classes.get(i);
      if (end !== undefined && end <= group.close) i = end - 1;
    } else if (inner !== undefined) i = inner.close;
    else if (c === group.separator) {
      alternatives.push(parseSeq(s, from, i, at));
      from = i + 1;
    }
  }
  alternatives.push(parseSeq(s, from, group.close, at));
  return alternatives;
}

/** How many strings `seq` expands to, saturating just above the cap. */
function count(seq: Seq, cap: number): number {
  let n = 1;
  for (const part of seq) {
    if (typeof part === 'string') continue;
    let sum = 0;
    for (const alt of part) sum = Math.min(sum + count(alt, cap), cap + 1);
    n = Math.min(n * sum, cap + 1);
  }
  return n;
}

function expandSeq(seq: Seq): string[] {
  let out = [''];
  for (const part of seq) {
    if (typeof part === 'string') out = out.map((o) => o + part);
    else {
      const tails = part.flatMap(expandSeq);
      out = out.flatMap((o) => tails.map((t) => o + t));
    }
  }
  return out;
}

/**
 * Expands the braces of `pattern` into its alternatives, in order, duplicates removed.
 * Throws {@link globError} (`E_GLOB_TOO_MANY_ALTERNATIVES`) over {@link GLOB_LIMITS}.maxAlternatives.
 *
 * @param glob the glob as written, for the error message
 */
export function expandBraces(pattern: string, glob: string = pattern): string[] {
  if (!pattern.includes('{') && !pattern.includes('(')) return [pattern];
  const seq = parseSeq(pattern, 0, pattern.length, layout(pattern));
  const n = count(seq, GLOB_LIMITS.maxAlternatives);
  if (n > GLOB_LIMITS.maxAlternatives) {
    throw globError(
      GLOB_CODES.tooManyAlternatives,
      glob,
      `expands to more than ${GLOB_LIMITS.maxAlternatives} alternatives`,
    );
  }
  return [...new Set(expandSeq(seq))];
}
