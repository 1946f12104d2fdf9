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
 * Parses and validates one SKILL.md.
 * Lenient mode (default) loads what it can: a missing name falls back to the folder name, a missing
 * description to the body's first paragraph, invalid YAML to a line-by-line reading of
 * `key: value` lines; spec violations are `warning` diagnostics. Strict mode reports them as
 * `error` and refuses the skill.
 */
export function parseSkill(text: string, options: ParseSkillOptions): ParsedSkill {
  const strict = options.strict === true;
  const file = options.file;
  const diags: Diagnostic[] = [];
  let refused = false;
  const violation = (code: DiagnosticCode, message: string, line?: number) => {
    diags.push(diagnostic(code, strict ? 'error' : 'warning', message, { file, line }));
    if (strict) refused = true;
  };

  const normalised = normaliseText(text);
  const split = splitFrontmatter(normalised);
  let data: Readonly<Record<string, unknown>> = {};
  let keyLines: Readonly<Record<string, number>> = {};
  let body = normalised;
  let bodyLine = 1;
  if ('kind' in split) {
    violation(
      SKILL_CODES.noFrontmatter,
      split.kind === 'missing'
        ? 'SKILL.md has no YAML frontmatter (expected a "---" line at the top)'
        : 'the frontmatter opened with "---" is never closed',
      1,
    );
  } else if (split.yaml.length > MAX_FRONTMATTER_CHARS) {
    body = split.body;
    bodyLine = split.bodyLine;
    violation(SKILL_CODES.yaml, frontmatterTooLong(split.yaml.length), split.yamlLine);
  } else {
    body = split.body;
    bodyLine = split.bodyLine;
    let parsed = parseFrontmatterYaml(split.yaml, split.yamlLine);
    const fallback = parsed.data === undefined && !strict;
    for (const p of parsed.problems) {
      const isError = p.severity === 'error';
      const code = isError ? SKILL_CODES.yaml : SKILL_CODES.yamlWarning;
      const note = isError && fallback ? ' (read line by line instead)' : '';
      diags.push(
        diagnostic(
          code,
          fallback ? 'warning' : p.severity,
          `frontmatter YAML: ${p.message}${note}`,
          {
            file,
            line: p.line,
            column: p.column,
          },
        ),
      );
    }
    if (parsed.data === undefined) {
      if (!fallback) return { manifest: undefined, body, bodyLine, diagnostics: diags };
      parsed = parseFrontmatterLines(split.yaml, split.yamlLine);
    }
    data = parsed.data ?? {};
    keyLines = parsed.keyLines;
  }
  const lineOf = (key: string) => keyLines[key] ?? 1;
  const typeProblem = (key: string, expected: string) =>
    violation(SKILL_CODES.fieldType, `"${key}" must be ${expected}; it is ignored`, lineOf(key));

  // name
  let name = options.folderName;
  const rawName = data.name;
  if (rawName === undefined || rawName === null || rawName === '') {
    violation(
      SKILL_CODES.nameMissing,
      `"name" is missing; using the folder name "${options.folderName}"`,
      lineOf('name'),
    );
  } else if (typeof rawName !== 'string') {
    typeProblem('name', 'a string');
  } else {
    name = rawName.trim();
  }
  if (!isValidSkillName(name)) {
    violation(
      SKILL_CODES.nameInvalid,
      `name "${clip(name, 80)}" must be 1-${MAX_NAME_LENGTH} characters of lowercase letters, digits and single hyphens`,
      lineOf('name'),
    );
    if (name.length === 0) refused = true;
  }
  if (typeof rawName === 'string' && name !== options.folderName) {
    violation(
      SKILL_CODES.nameMismatch,
      `name "${clip(name, 80)}" differs from its folder name "${options.folderName}"`,
      lineOf('name'),
    );
  }

  // description
  let description = '';
  const rawDesc = data.description;
  if (typeof rawDesc === 'string' && rawDesc.trim() !== '') {
    description = rawDesc.trim();
    if (description.length > MAX_DESCRIPTION_LENGTH) {
      violation(
        SKILL_CODES.descriptionTooLong,
        `description is ${description.length} characters, over the ${MAX_DESCRIPTION_LENGTH} limit`,
        lineOf('description'),
      );
    }
  } else {
    if (rawDesc !== undefined && rawDesc !== null && typeof rawDesc !== 'string') {
      typeProblem('description', 'a string');
    }
    description = firstParagraph(body);
    violation(
      SKILL_CODES.descriptionMissing,
      description === ''
        ? '"description" is missing or empty'
        : '"description" is missing or empty; using the first paragraph of the body',
      lineOf('description'),
    );
    if (description === '') refused = true;
  }

  const optString = (key: string): string | undefined => {
    const v = data[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    typeProblem(key, 'a string');
    return undefined;
  };
  const optBool = (key: string, fallback: boolean): boolean => {
    const v = data[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    typeProblem(key, 'true or false');
    return fallback;
  };

  const metadata = parseMetadata(data.metadata, () => typeProblem('metadata', 'a map of strings'));
  const allowedTools = parseToolList(data['allowed-tools'], () =>
    typeProblem('allowed-tools', 'a string or a list of strings'),
  );
  const triggers = parseTriggers(data.triggers, () =>
    typeProblem('triggers', 'a list of keywords or { keywords, min, commands }'),
  );
  const commands = parseCommands(data.triggers, () =>
    typeProblem(
      'triggers',
      'commands as a list of /command names (lowercase letters, digits, hyphens)',
    ),
  );
  const inputs = parseInputs(data.inputs, () =>
    typeProblem('inputs', 'a list of names or of { name, description, required, default }'),
  );
  // the one glob-list reader rules use: "a/**, *.ts" is two globs in SKILL.md as in .mdc
  const pathGlobs = parseGlobValue(data.paths);
  if (pathGlobs.problem !== undefined) typeProblem('paths', 'a glob string or a list of globs');
  const paths: readonly string[] = pathGlobs.globs;

  const extraKeys = Object.keys(data)
    .filter((k) => !KNOWN_KEYS.has(k))
    .sort();
  for (const key of extraKeys) {
    diags.push(
      diagnostic(SKILL_CODES.unknownKey, 'info', `unknown frontmatter key "${key}" is kept as is`, {
        file,
        line: lineOf(key),
      }),
    );
  }
  diags.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (refused) return { manifest: undefined, body, bodyLine, diagnostics: diags };

  const manifest: Mutable<SkillManifest> = {
    name,
    description,
    metadata,
    allowedTools,
    disableModelInvocation: optBool('disable-model-invocation', false),
    inputs,
    commands,
    paths,
    userInvocable: optBool('user-invocable', true),
    extraKeys,
  };
  const license = optString('license');
  if (license !== undefined) manifest.license = license;
  const compatibility = optString('compatibility');
  if (compatibility !== undefined) manifest.compatibility = compatibility;
  const argumentHint = optString('argument-hint');
  if (argumentHint !== undefined) manifest.argumentHint = argumentHint;
  if (triggers !== undefined) manifest.triggers = triggers;
  return { manifest, body, bodyLine, diagnostics: diags };
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
