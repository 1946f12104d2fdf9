/**
 * @module sources/find-imports
 * Finds `@path` imports in CLAUDE.md / GEMINI.md / AGENTS.md style text, outside fenced code
 * blocks and code spans. Pure.
 *
 * A token is an import when it starts a line or follows whitespace or `(`, and names a relative
 * path: it starts with `./`, `../` or `~/`, or its last segment has a file extension
 * (`@AGENTS.md`, `@docs/guide.md`). Package names (`@types/node`), decorators (`@Injectable()`) and
 * `@/alias` paths are not imports.
 */

/** One import found in a text. */
export interface ImportRef {
  /** The path as written (without the `@`). */
  readonly target: string;
  /** 0-based line index in the text. */
  readonly lineIndex: number;
  /** 0-based column of the `@`. */
  readonly column: number;
  /** Length of the token including the `@`. */
  readonly length: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TOKEN = /(^|[\s(])@((?:\.{1,2}\/|~\/)?[\w.+\-/~@%#]+)/g;

/** Whether a token (without `@`) looks like a relative file path. */
export function isImportPath(target: string): boolean {
  if (target.startsWith('/')) return false;
  if (target.startsWith('./') || target.startsWith('../') || target.startsWith('~/'))
    return target.length > 2;
  const last = target.split('/').pop() ?? '';
  return /^[^.].*\.[A-Za-z][A-Za-z0-9]*$/.test(last) || /^\.[A-Za-z][\w.-]*$/.test(last);
}

/**
 * Replaces code spans on one line with spaces (same length), so tokens inside them are not seen.
 * A run of N backticks opens a span closed by the next run of exactly N backticks (CommonMark);
 * an opener with no closer stays as text. Linear: each run length keeps a cursor into its list of
 * later runs, so no part of the line is searched twice.
 */
function maskCodeSpans(line: string): string {
  const starts: number[] = [];
  const lengths: number[] = [];
  for (let i = line.indexOf('`'); i >= 0; i = line.indexOf('`', i)) {
    let end = i;
    while (line.charCodeAt(end) === 96) end++;
    starts.push(i);
    lengths.push(end - i);
    i = end;
  }
  if (starts.length < 2) return line;
  // run indexes by length, in line order, and a cursor per length
  const byLength = new Map<number, number[]>();
  for (let r = 0; r < lengths.length; r++) {
    const list = byLength.get(lengths[r]!);
    if (list === undefined) byLength.set(lengths[r]!, [r]);
    else list.push(r);
  }
  const cursor = new Map<number, number>();
  let out = '';
  let copied = 0;
  for (let r = 0; r < starts.length; r++) {
    const length = lengths[r]!;
    const list = byLength.get(length)!;
    let k = cursor.get(length) ?? 0;
    while (k < list.length && list[k]! <= r) k++;
    cursor.set(length, k);
    if (k === list.length) continue; // no closer: the run stays as text
    const closer = list[k]!;
    const end = starts[closer]! + length;
    out += line.slice(copied, starts[r]) + ' '.repeat(end - starts[r]!);
    copied = end;
    r = closer;
  }
  return out + line.slice(copied);
}

const TRAILING = new Set([...'.,;:!?)'].map((c) => c.charCodeAt(0)));

/** Drops trailing `.,;:!?)` from a token (a loop: a regex with `+$` is quadratic on dot runs). */
function stripTrailingPunctuation(token: string): string {
  let end = token.length;
  while (end > 0 && TRAILING.has(token.charCodeAt(end - 1))) end--;
  return end === token.length ? token : token.slice(0, end);
}

/** Finds every import in `text`, in order. */
export function findImports(text: string): ImportRef[] {
  const refs: ImportRef[] = [];
  const lines = text.split('\n');
  let fence: { char: string; length: number } | null = null;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (
        f !== null &&
        f[1]![0] === fence.char &&
        f[1]!.length >= fence.length &&
        line.trim() === f[1]
      )
        fence = null;
      continue;
    }
    if (f !== null) {
      fence = { char: f[1]![0]!, length: f[1]!.length };
      continue;
    }
    if (!line.includes('@')) continue;
    const masked = maskCodeSpans(line);
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(masked); m !== null; m = TOKEN.exec(masked)) {
      const target = stripTrailingPunctuation(m[2]!);
      if (!isImportPath(target)) continue;
      const column = m.index + m[1]!.length;
      refs.push({ target, lineIndex: li, column, length: target.length + 1 });
    }
  }
  return refs;
}
