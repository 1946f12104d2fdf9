/**
 * @module sources/frontmatter
 * YAML frontmatter (`---` ... `---` at the top of a file), parsed with the `yaml` package (data
 * only, no code evaluation, alias expansion capped). Malformed frontmatter is reported with its
 * line and the body still loads. Pure.
 */
import { parseYamlDocument } from './yaml-document.js';

/** One problem found in a frontmatter block. */
export interface FrontmatterProblem {
  /** 1-based line in the file. */
  readonly line: number;
  /** What is wrong. */
  readonly message: string;
}

/** A split file: its frontmatter data (if any and if parseable) and the body after it. */
export interface Frontmatter {
  /** Whether the file opens with a frontmatter block. */
  readonly present: boolean;
  /** The parsed top-level mapping (empty when absent or malformed). */
  readonly data: Readonly<Record<string, unknown>>;
  /** The text after the closing `---` (the whole text when there is no block). */
  readonly body: string;
  /** 1-based line of the body's first line in the file. */
  readonly bodyLine: number;
  /** Problems found; the body is still usable. */
  readonly problems: readonly FrontmatterProblem[];
}

/**
 * Longest frontmatter block read, in characters (UTF-16 code units). Rule and skill frontmatter
 * is a few short keys; a longer block is reported and its keys are ignored (the body still loads).
 */
export const MAX_FRONTMATTER_CHARS = 65_536;

/** The problem reported for a frontmatter block over {@link MAX_FRONTMATTER_CHARS}. */
export function frontmatterTooLong(length: number): string {
  return `frontmatter is ${length} characters, over the ${MAX_FRONTMATTER_CHARS} limit; its keys are ignored`;
}

const OPEN = /^---[ \t]*\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/m;

/**
 * Quotes plain one-line values of the given keys, so that glob values written the way Cursor and
 * Copilot write them (`globs: **\/*.ts, src/**`) are read as strings instead of YAML aliases.
 */
function quoteRawKeys(yamlText: string, rawKeys: readonly string[]): string {
  if (rawKeys.length === 0) return yamlText;
  return yamlText
    .split('\n')
    .map((line) => {
      const m = RAW_KEY.exec(line);
      if (m === null || !rawKeys.includes(m[1]!)) return line;
      const rest = line.slice(m[0].length);
      // a line break inside the value (CR, U+2028, U+2029) leaves the line to YAML
      if (/[\r\u2028\u2029]/.test(rest)) return line;
      const value = trimSpacesAndTabs(rest);
      if (value === '' || /^["'[{|>&!#]/.test(value)) return line;
      return `${m[1]}: ${JSON.stringify(value)}`;
    })
    .join('\n');
}

/** `key:` at the start of a line (the value is cut out by hand: a regex around it backtracks). */
const RAW_KEY = /^([A-Za-z_][\w-]*)[ \t]*:/;

/** Trims spaces and tabs only (not other whitespace), in linear time. */
function trimSpacesAndTabs(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && (s.charCodeAt(start) === 32 || s.charCodeAt(start) === 9)) start++;
  while (end > start && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 9)) end--;
  return s.slice(start, end);
}

/**
 * Splits `text` into frontmatter and body. `rawKeys` are keys whose plain one-line values are taken
 * as literal strings (glob lists). Never throws.
 */
export function parseFrontmatter(text: string, rawKeys: readonly string[] = []): Frontmatter {
  const none = (problems: FrontmatterProblem[] = []): Frontmatter => ({
    present: problems.length > 0,
    data: {},
    body: text,
    bodyLine: 1,
    problems,
  });
  if (!OPEN.test(text)) return none();
  const afterOpen = text.indexOf('\n') + 1;
  const rest = text.slice(afterOpen);
  const close = CLOSE.exec(rest);
  if (close === null) {
    return none([
      { line: 1, message: 'frontmatter opened with --- is never closed; read as body' },
    ]);
  }
  const yamlText = rest.slice(0, close.index);
  const afterClose = afterOpen + close.index + close[0].length;
  const body = text.slice(text[afterClose] === '\n' ? afterClose + 1 : afterClose);
  const bodyLine = 1 + (text.slice(0, text.length - body.length).match(/\n/g)?.length ?? 0);
  const problems: FrontmatterProblem[] = [];
  let data: Record<string, unknown> = {};
  if (yamlText.length > MAX_FRONTMATTER_CHARS) {
    problems.push({ line: 2, message: frontmatterTooLong(yamlText.length) });
    return { present: true, data, body, bodyLine, problems };
  }
  try {
    const doc = parseYamlDocument(quoteRawKeys(yamlText, rawKeys), { prettyErrors: true });
    for (const e of doc.errors) {
      problems.push({
        line: 1 + (e.linePos?.[0]?.line ?? 1),
        message: `malformed frontmatter: ${firstLine(e.message)}`,
      });
    }
    if (doc.errors.length === 0) {
      const js: unknown = doc.toJS({ maxAliasCount: 50 });
      if (js === null || js === undefined) data = {};
      else if (typeof js === 'object' && !Array.isArray(js)) data = js as Record<string, unknown>;
      else problems.push({ line: 2, message: 'frontmatter is not a key: value mapping' });
    }
  } catch (error) {
    problems.push({
      line: 2,
      message: `malformed frontmatter: ${firstLine(String((error as Error)?.message ?? error))}`,
    });
    data = {};
  }
  return { present: true, data, body, bodyLine, problems };
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}
