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

/** Replaces code spans on one line with spaces (same length), so tokens inside them are not seen. */
function maskCodeSpans(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`') {
      out += line[i];
      i++;
      continue;
    }
    let run = 0;
    while (line[i + run] === '`') run++;
    const ticks = '`'.repeat(run);
    let close = line.indexOf(ticks, i + run);
    while (close >= 0 && line[close + run] === '`') {
      let skip = close;
      while (line[skip] === '`') skip++;
      close = line.indexOf(ticks, skip);
    }
    if (close < 0) {
      out += ticks;
      i += run;
      continue;
    }
    out += ' '.repeat(close + run - i);
    i = close + run;
  }
  return out;
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
      let target = m[2]!;
      target = target.replace(/[.,;:!?)]+$/, '');
      if (!isImportPath(target)) continue;
      const column = m.index + m[1]!.length;
      refs.push({ target, lineIndex: li, column, length: target.length + 1 });
    }
  }
  return refs;
}
