/**
 * @module skills/parse-skill
 * Turns the text of one SKILL.md into a validated {@link SkillManifest} plus body, with a typed
 * diagnostic (file and line) for every problem. Pure: the caller reads the file.
 */
import type { Mutable } from '../_internal/mutable.js';
import { isRecord as isPlainObject } from '../_internal/records.js';
import { type Diagnostic, type DiagnosticCode, diagnostic } from '../diagnostics/index.js';
import { frontmatterTooLong, MAX_FRONTMATTER_CHARS, parseGlobValue } from '../sources/index.js';
import { SKILL_CODES } from './codes.js';
import {
  normaliseText,
  parseFrontmatterLines,
  parseFrontmatterYaml,
  splitFrontmatter,
} from './frontmatter.js';
import type { SkillInput, SkillKeywordTriggers, SkillManifest } from './types.js';

/** Maximum name length. */
export const MAX_NAME_LENGTH = 64;
/** Maximum description length (characters). */
export const MAX_DESCRIPTION_LENGTH = 1024;

const NAME_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const INPUT_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

const KNOWN_KEYS = new Set([
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'disable-model-invocation',
  'triggers',
  'inputs',
  'paths',
  'argument-hint',
  'user-invocable',
]);

/** Options of {@link parseSkill}. */
export interface ParseSkillOptions {
  /** Display path of the file, used in diagnostics. */
  readonly file: string;
  /** The skill folder's name: `name` must equal it. */
  readonly folderName: string;
  /** Strict mode refuses a skill with any spec violation. Default false (lenient). */
  readonly strict?: boolean;
}

/** The result of parsing one SKILL.md. */
export interface ParsedSkill {
  /** The manifest, or undefined when the skill is refused. */
  readonly manifest: SkillManifest | undefined;
  /** The Markdown body after the frontmatter (whole text when there is no frontmatter). */
  readonly body: string;
  /** 1-based line where the body starts. */
  readonly bodyLine: number;
  /** Every problem found, in file order. */
  readonly diagnostics: readonly Diagnostic[];
}

/** True when `name` follows the skill naming rule. */
export function isValidSkillName(name: string): boolean {
  return name.length >= 1 && name.length <= MAX_NAME_LENGTH && NAME_RE.test(name);
}

/**
 * Where the problems of one file go: a violation is a warning in lenient mode, and an error that
 * refuses the skill in strict mode.
 */
class Problems {
  readonly diags: Diagnostic[] = [];
  refused = false;
  keyLines: Readonly<Record<string, number>> = {};

  constructor(
    readonly file: string,
    readonly strict: boolean,
  ) {}

  violation(code: DiagnosticCode, message: string, line?: number): void {
    this.diags.push(
      diagnostic(code, this.strict ? 'error' : 'warning', message, { file: this.file, line }),
    );
    if (this.strict) this.refused = true;
  }

  /** 1-based line of a frontmatter key (1 when unknown). */
  lineOf(key: string): number {
    return this.keyLines[key] ?? 1;
  }

  typeProblem(key: string, expected: string): void {
    this.violation(
      SKILL_CODES.fieldType,
      `"${key}" must be ${expected}; it is ignored`,
      this.lineOf(key),
    );
  }
}

/** The frontmatter as data, and the body after it. */
interface Frontmatter {
  readonly data: Readonly<Record<string, unknown>>;
  readonly body: string;
  readonly bodyLine: number;
  /** Invalid YAML in strict mode: the skill is refused before any field is read. */
  readonly unreadable: boolean;
}

/** The YAML problems as diagnostics; in lenient mode errors become warnings (read line by line). */
function reportYamlProblems(
  problems: ReturnType<typeof parseFrontmatterYaml>['problems'],
  fallback: boolean,
  out: Problems,
): void {
  for (const p of problems) {
    const isError = p.severity === 'error';
    const code = isError ? SKILL_CODES.yaml : SKILL_CODES.yamlWarning;
    const note = isError && fallback ? ' (read line by line instead)' : '';
    out.diags.push(
      diagnostic(code, fallback ? 'warning' : p.severity, `frontmatter YAML: ${p.message}${note}`, {
        file: out.file,
        line: p.line,
        column: p.column,
      }),
    );
  }
}

/** Splits the frontmatter off and reads it (YAML, or line by line when lenient and YAML fails). */
function readFrontmatter(normalised: string, out: Problems): Frontmatter {
  const split = splitFrontmatter(normalised);
  if ('kind' in split) {
    out.violation(
      SKILL_CODES.noFrontmatter,
      split.kind === 'missing'
        ? 'SKILL.md has no YAML frontmatter (expected a "---" line at the top)'
        : 'the frontmatter opened with "---" is never closed',
      1,
    );
    return { data: {}, body: normalised, bodyLine: 1, unreadable: false };
  }
  const { body, bodyLine } = split;
  if (split.yaml.length > MAX_FRONTMATTER_CHARS) {
    out.violation(SKILL_CODES.yaml, frontmatterTooLong(split.yaml.length), split.yamlLine);
    return { data: {}, body, bodyLine, unreadable: false };
  }
  let parsed = parseFrontmatterYaml(split.yaml, split.yamlLine);
  const fallback = parsed.data === undefined && !out.strict;
  reportYamlProblems(parsed.problems, fallback, out);
  if (parsed.data === undefined) {
    if (!fallback) return { data: {}, body, bodyLine, unreadable: true };
    parsed = parseFrontmatterLines(split.yaml, split.yamlLine);
  }
  out.keyLines = parsed.keyLines;
  return { data: parsed.data ?? {}, body, bodyLine, unreadable: false };
}

/** `name`: trimmed, the folder name when missing; must be valid and equal the folder name. */
function readName(data: Readonly<Record<string, unknown>>, folderName: string, out: Problems) {
  let name = folderName;
  const rawName = data.name;
  if (rawName === undefined || rawName === null || rawName === '') {
    out.violation(
      SKILL_CODES.nameMissing,
      `"name" is missing; using the folder name "${folderName}"`,
      out.lineOf('name'),
    );
  } else if (typeof rawName !== 'string') {
    out.typeProblem('name', 'a string');
  } else {
    name = rawName.trim();
  }
  if (!isValidSkillName(name)) {
    out.violation(
      SKILL_CODES.nameInvalid,
      `name "${clip(name, 80)}" must be 1-${MAX_NAME_LENGTH} characters of lowercase letters, digits and single hyphens`,
      out.lineOf('name'),
    );
    if (name.length === 0) out.refused = true;
  }
  if (typeof rawName === 'string' && name !== folderName) {
    out.violation(
      SKILL_CODES.nameMismatch,
      `name "${clip(name, 80)}" differs from its folder name "${folderName}"`,
      out.lineOf('name'),
    );
  }
  return name;
}

/** `description`: trimmed and within the limit, else the body's first paragraph. */
function readDescription(
  data: Readonly<Record<string, unknown>>,
  body: string,
  out: Problems,
): string {
  const rawDesc = data.description;
  if (typeof rawDesc === 'string' && rawDesc.trim() !== '') {
    const description = rawDesc.trim();
    if (description.length > MAX_DESCRIPTION_LENGTH) {
      out.violation(
        SKILL_CODES.descriptionTooLong,
        `description is ${description.length} characters, over the ${MAX_DESCRIPTION_LENGTH} limit`,
        out.lineOf('description'),
      );
    }
    return description;
  }
  if (rawDesc !== undefined && rawDesc !== null && typeof rawDesc !== 'string') {
    out.typeProblem('description', 'a string');
  }
  const description = firstParagraph(body);
  out.violation(
    SKILL_CODES.descriptionMissing,
    description === ''
      ? '"description" is missing or empty'
      : '"description" is missing or empty; using the first paragraph of the body',
    out.lineOf('description'),
  );
  if (description === '') out.refused = true;
  return description;
}

/** The list-valued fields, each ignored (with a type problem) when malformed. */
type ListFields = Pick<
  SkillManifest,
  'metadata' | 'allowedTools' | 'triggers' | 'commands' | 'inputs' | 'paths'
>;

function readListFields(data: Readonly<Record<string, unknown>>, out: Problems): ListFields {
  const metadata = parseMetadata(data.metadata, () =>
    out.typeProblem('metadata', 'a map of strings'),
  );
  const allowedTools = parseToolList(data['allowed-tools'], () =>
    out.typeProblem('allowed-tools', 'a string or a list of strings'),
  );
  const triggers = parseTriggers(data.triggers, () =>
    out.typeProblem('triggers', 'a list of keywords or { keywords, min, commands }'),
  );
  const commands = parseCommands(data.triggers, () =>
    out.typeProblem(
      'triggers',
      'commands as a list of /command names (lowercase letters, digits, hyphens)',
    ),
  );
  const inputs = parseInputs(data.inputs, () =>
    out.typeProblem('inputs', 'a list of names or of { name, description, required, default }'),
  );
  // the one glob-list reader rules use: "a/**, *.ts" is two globs in SKILL.md as in .mdc
  const pathGlobs = parseGlobValue(data.paths);
  if (pathGlobs.problem !== undefined) out.typeProblem('paths', 'a glob string or a list of globs');
  const fields: Mutable<ListFields> = {
    metadata,
    allowedTools,
    commands,
    inputs,
    paths: pathGlobs.globs,
  };
  if (triggers !== undefined) fields.triggers = triggers;
  return fields;
}

/** Unknown keys, sorted, each an `info` diagnostic: they are kept as they are. */
function readExtraKeys(data: Readonly<Record<string, unknown>>, out: Problems): string[] {
  const extraKeys = Object.keys(data)
    .filter((k) => !KNOWN_KEYS.has(k))
    .sort();
  for (const key of extraKeys) {
    out.diags.push(
      diagnostic(SKILL_CODES.unknownKey, 'info', `unknown frontmatter key "${key}" is kept as is`, {
        file: out.file,
        line: out.lineOf(key),
      }),
    );
  }
  return extraKeys;
}

function optString(
  data: Readonly<Record<string, unknown>>,
  key: string,
  out: Problems,
): string | undefined {
  const v = data[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  out.typeProblem(key, 'a string');
  return undefined;
}

function optBool(
  data: Readonly<Record<string, unknown>>,
  key: string,
  fallback: boolean,
  out: Problems,
): boolean {
  const v = data[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  out.typeProblem(key, 'true or false');
  return fallback;
}

/**
 * Parses and validates one SKILL.md.
 * Lenient mode (default) loads what it can: a missing name falls back to the folder name, a missing
 * description to the body's first paragraph, invalid YAML to a line-by-line reading of
 * `key: value` lines; spec violations are `warning` diagnostics. Strict mode reports them as
 * `error` and refuses the skill.
 */
export function parseSkill(text: string, options: ParseSkillOptions): ParsedSkill {
  const out = new Problems(options.file, options.strict === true);
  const { data, body, bodyLine, unreadable } = readFrontmatter(normaliseText(text), out);
  if (unreadable) return { manifest: undefined, body, bodyLine, diagnostics: out.diags };
  const name = readName(data, options.folderName, out);
  const description = readDescription(data, body, out);
  const { triggers, ...lists } = readListFields(data, out);
  const extraKeys = readExtraKeys(data, out);
  out.diags.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (out.refused) return { manifest: undefined, body, bodyLine, diagnostics: out.diags };

  // the scalar fields are read after the sort: their problems come last, and (as before the
  // split) they do not refuse a skill that was already accepted
  const manifest: Mutable<SkillManifest> = {
    name,
    description,
    metadata: lists.metadata,
    allowedTools: lists.allowedTools,
    disableModelInvocation: optBool(data, 'disable-model-invocation', false, out),
    inputs: lists.inputs,
    commands: lists.commands,
    paths: lists.paths,
    userInvocable: optBool(data, 'user-invocable', true, out),
    extraKeys,
  };
  const license = optString(data, 'license', out);
  if (license !== undefined) manifest.license = license;
  const compatibility = optString(data, 'compatibility', out);
  if (compatibility !== undefined) manifest.compatibility = compatibility;
  const argumentHint = optString(data, 'argument-hint', out);
  if (argumentHint !== undefined) manifest.argumentHint = argumentHint;
  if (triggers !== undefined) manifest.triggers = triggers;
  return { manifest, body, bodyLine, diagnostics: out.diags };
}

function clip(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n)}…`;
}

/** First non-heading paragraph of a Markdown body, whitespace collapsed, at most 1024 chars. */
function firstParagraph(body: string): string {
  for (const block of body.split(/\n\s*\n/)) {
    const text = block
      .split('\n')
      .filter((l) => !/^\s*#/.test(l) && !/^\s*(```|~~~)/.test(l))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text !== '') return text.slice(0, MAX_DESCRIPTION_LENGTH);
  }
  return '';
}

function parseMetadata(v: unknown, bad: () => void): Readonly<Record<string, string>> {
  if (v === undefined || v === null) return Object.freeze({});
  if (!isPlainObject(v)) {
    bad();
    return Object.freeze({});
  }
  const out: Record<string, string> = {};
  let dropped = false;
  for (const key of Object.keys(v).sort()) {
    const value = v[key];
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else dropped = true;
  }
  if (dropped) bad();
  return Object.freeze(out);
}

function parseStringList(v: unknown, bad: () => void): readonly string[] {
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return v.trim() === '' ? [] : [v.trim()];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
    return v.map((x: string) => x.trim()).filter((x) => x !== '');
  }
  bad();
  return [];
}

/** `allowed-tools`: a list, or a string split on commas, or else on spaces outside parentheses. */
function parseToolList(v: unknown, bad: () => void): readonly string[] {
  if (typeof v !== 'string') return parseStringList(v, bad);
  if (v.includes(',')) {
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of v) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (/\s/.test(ch) && depth === 0) {
      if (current !== '') out.push(current);
      current = '';
    } else current += ch;
  }
  if (current !== '') out.push(current);
  return out;
}

function parseTriggers(v: unknown, bad: () => void): SkillKeywordTriggers | undefined {
  if (v === undefined || v === null) return undefined;
  let keywords: readonly string[];
  let min = 1;
  if (isPlainObject(v)) {
    keywords = parseStringList(v.keywords, bad);
    const rawMin = v.min ?? v.minMatches ?? v['min-matches'];
    if (rawMin !== undefined) {
      if (typeof rawMin === 'number' && Number.isInteger(rawMin) && rawMin >= 1) min = rawMin;
      else bad();
    }
  } else {
    keywords = parseStringList(v, bad);
  }
  const unique = [...new Set(keywords)];
  if (unique.length === 0) return undefined;
  return { keywords: unique, minMatches: Math.min(min, unique.length) };
}

/** `triggers.commands`: extra `/command` names, without the slash, unique and sorted. */
function parseCommands(v: unknown, bad: () => void): readonly string[] {
  if (!isPlainObject(v) || v.commands === undefined || v.commands === null) return [];
  const names = parseStringList(v.commands, bad).map((c) => c.trim().replace(/^\//, ''));
  // the skill-name rule, which is also what `parseTaskCommand` reads after the slash
  const good = names.filter((c) => NAME_RE.test(c));
  if (good.length !== names.length) bad();
  return [...new Set(good)].sort();
}

function parseInputs(v: unknown, bad: () => void): readonly SkillInput[] {
  if (v === undefined || v === null) return [];
  const out: SkillInput[] = [];
  const seen = new Set<string>();
  const add = (name: unknown, spec: unknown) => {
    if (typeof name !== 'string' || !INPUT_NAME_RE.test(name)) {
      bad();
      return;
    }
    const input: Mutable<SkillInput> = { name, required: true };
    if (typeof spec === 'string') input.description = spec;
    else if (isPlainObject(spec)) {
      if (typeof spec.description === 'string') input.description = spec.description;
      if (spec.default !== undefined && spec.default !== null) {
        input.default = String(spec.default);
        input.required = false;
      }
      if (spec.required === false) input.required = false;
    }
    if (!seen.has(name)) {
      seen.add(name);
      out.push(input);
    }
  };
  if (Array.isArray(v)) {
    for (const item of v) {
      if (typeof item === 'string') add(item, undefined);
      else if (isPlainObject(item)) add(item.name, item);
      else bad();
    }
  } else if (isPlainObject(v)) {
    for (const [name, spec] of Object.entries(v)) add(name, spec);
  } else {
    bad();
  }
  return out;
}
