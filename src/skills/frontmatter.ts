/**
 * @module skills/frontmatter
 * Splits a Markdown file into YAML frontmatter and body, and parses the frontmatter with the
 * `yaml` package (YAML 1.2 core schema: no custom tags, nothing is ever evaluated). Pure.
 */
import { isMap, isScalar, LineCounter } from 'yaml';
import { parseYamlDocument } from '../sources/index.js';

/** A frontmatter block found at the top of a file. */
export interface FrontmatterSplit {
  /** The YAML text between the fences. */
  readonly yaml: string;
  /** 1-based line of the first YAML line (the line after the opening fence). */
  readonly yamlLine: number;
  /** Text after the closing fence. */
  readonly body: string;
  /** 1-based line where the body starts. */
  readonly bodyLine: number;
}

/** Why a file has no usable frontmatter. */
export type FrontmatterMissing = { readonly kind: 'missing' } | { readonly kind: 'unclosed' };

/** Normalises line endings and drops a leading byte-order mark. */
export function normaliseText(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return noBom.replace(/\r\n?/g, '\n');
}

const FENCE = /^---[ \t]*$/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/;

/** Finds the `---` fenced frontmatter at the very top of `text` (already normalised). */
export function splitFrontmatter(text: string): FrontmatterSplit | FrontmatterMissing {
  const lines = text.split('\n');
  if (lines.length === 0 || !FENCE.test(lines[0] ?? '')) return { kind: 'missing' };
  for (let i = 1; i < lines.length; i++) {
    if (CLOSE.test(lines[i] ?? '')) {
      return {
        yaml: lines.slice(1, i).join('\n'),
        yamlLine: 2,
        body: lines.slice(i + 1).join('\n'),
        bodyLine: i + 2,
      };
    }
  }
  return { kind: 'unclosed' };
}

/** A YAML problem with its position in the file. */
export interface YamlProblem {
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning';
}

/** The parsed frontmatter: plain data plus the file line of each top-level key. */
export interface ParsedFrontmatter {
  /** Top-level mapping, or undefined when the YAML is not a mapping or could not be parsed. */
  readonly data: Readonly<Record<string, unknown>> | undefined;
  /** 1-based file line of each top-level key. */
  readonly keyLines: Readonly<Record<string, number>>;
  /** YAML errors and warnings; any error means `data` is undefined. */
  readonly problems: readonly YamlProblem[];
}

/**
 * Parses frontmatter YAML. `yamlLine` is the file line of the YAML's first line, so that every
 * reported line is a line of the original file.
 */
export function parseFrontmatterYaml(yamlText: string, yamlLine: number): ParsedFrontmatter {
  const lineCounter = new LineCounter();
  const doc = parseYamlDocument(yamlText, {
    lineCounter,
    prettyErrors: false,
    schema: 'core',
    strict: true,
  });
  const toFileLine = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + yamlLine - 1, column: pos.col };
  };
  const problems: YamlProblem[] = [];
  // the first error only: later ones are mostly its echoes
  const first = doc.errors[0];
  if (first !== undefined) {
    const more = doc.errors.length > 1 ? ` (and ${doc.errors.length - 1} more)` : '';
    problems.push({
      message: firstLine(first.message) + more,
      ...toFileLine(first.pos[0]),
      severity: 'error',
    });
  }
  for (const w of doc.warnings) {
    const at = toFileLine(w.pos[0]);
    problems.push({ message: firstLine(w.message), ...at, severity: 'warning' });
  }
  if (doc.errors.length > 0) return { data: undefined, keyLines: {}, problems };
  const keyLines: Record<string, number> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range) {
        keyLines[String(pair.key.value)] = toFileLine(pair.key.range[0]).line;
      }
    }
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // alias bombs and similar resource limits
    const message = error instanceof Error ? error.message : 'YAML could not be converted';
    problems.push({ message: firstLine(message), line: yamlLine, column: 1, severity: 'error' });
    return { data: undefined, keyLines, problems };
  }
  if (data === null || data === undefined) return { data: {}, keyLines, problems };
  if (typeof data !== 'object' || Array.isArray(data)) {
    problems.push({
      message: 'frontmatter is not a mapping of keys to values',
      line: yamlLine,
      column: 1,
      severity: 'error',
    });
    return { data: undefined, keyLines, problems };
  }
  return { data: data as Record<string, unknown>, keyLines, problems };
}

function firstLine(s: string): string {
  const nl = s.indexOf('\n');
  return (nl < 0 ? s : s.slice(0, nl)).trim();
}

/**
 * A forgiving reader for frontmatter that is not valid YAML, used by lenient mode only. Real
 * SKILL.md files often hold plain `key: value` lines whose value has a `: ` inside (invalid in
 * YAML). Reads top-level `key: value` lines; a key with an empty value takes its indented lines
 * as a list (`- x`), a map (`k: v`) or text; `>` and `|` take them as folded / literal text.
 * Values are strings (quotes around a whole value are removed); nothing is evaluated.
 */
export function parseFrontmatterLines(yamlText: string, yamlLine: number): ParsedFrontmatter {
  const lines = yamlText.split('\n');
  const data: Record<string, unknown> = {};
  const keyLines: Record<string, number> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const m = /^([A-Za-z0-9_-]+):/.exec(line);
    if (m === null || m[1] === undefined) continue;
    const key = m[1];
    // `key:` then nothing, or whitespace and a value with no line break (cut by hand: one regex
    // for `\s+(.*)$` backtracks over the whole whitespace run when the value holds a U+2028)
    const rest = line.slice(m[0].length);
    const lead = /^\s*/.exec(rest)![0].length;
    if (rest !== '' && (lead === 0 || LINE_BREAK.test(rest.slice(lead)))) continue;
    const raw = rest.slice(lead).trim();
    const nested: string[] = [];
    while (i + 1 < lines.length && /^(\s+\S|\s*$)/.test(lines[i + 1] ?? '')) {
      nested.push(lines[++i] ?? '');
    }
    keyLines[key] = yamlLine + i - nested.length;
    const body = nested.map((l) => l.trim()).filter((l) => l !== '');
    if (raw === '>' || raw === '>-' || raw === '|' || raw === '|-') {
      data[key] = body.join(raw.startsWith('>') ? ' ' : '\n');
    } else if (raw !== '') {
      data[key] = unquote(raw);
    } else if (body.length > 0 && body.every((l) => l.startsWith('- '))) {
      data[key] = body.map((l) => unquote(l.slice(2).trim()));
    } else if (body.length > 0 && body.every((l) => /^[A-Za-z0-9_-]+:\s/.test(l))) {
      const map: Record<string, string> = {};
      for (const l of body) {
        const at = l.indexOf(':');
        map[l.slice(0, at)] = unquote(l.slice(at + 1).trim());
      }
      data[key] = map;
    } else {
      data[key] = body.length > 0 ? body.join(' ') : null;
    }
  }
  return { data, keyLines, problems: [] };
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;

function unquote(s: string): string {
  if (
    s.length >= 2 &&
    ((s.startsWith('"') && s.endsWith('"')) || (s.startsWith("'") && s.endsWith("'")))
  ) {
    return s.slice(1, -1);
  }
  return s;
}
