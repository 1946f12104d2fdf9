/**
 * @module config/project-config
 * A project's `.ctxloom/config.yaml`: which instruction files count and in which order, the
 * discovery strategy, budgets, and per-skill visibility, for the CLI (a library caller passes the
 * same things as options). The file is repository content, so it cannot reach outside the
 * project: no user-global files, no paths out of it, only instruction documents. Pure: text in, validated config and typed
 * diagnostics (file and line) out. A value that is wrong is reported and left at its default;
 * nothing else is dropped.
 */

import { isMap, isScalar, LineCounter, type Pair, type YAMLMap } from 'yaml';
import type { Mutable as Writable } from '../_internal/mutable.js';
import { isRecord } from '../_internal/records.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { SkillVisibility } from '../skills/index.js';
import {
  DEFAULT_FILES,
  type FileSpec,
  parseYamlDocument,
  type SourceBudget,
} from '../sources/index.js';

/** Where ctxloom looks for a project's configuration, relative to the project root, in order. */
export const PROJECT_CONFIG_FILES: readonly string[] = Object.freeze([
  '.ctxloom/config.yaml',
  '.ctxloom/config.yml',
  '.ctxloom/config.json',
]);

/** Diagnostic codes of the configuration file. */
export const CONFIG_CODES = Object.freeze({
  /** The file is not valid YAML / JSON: it is ignored, defaults apply. */
  yaml: 'E_CONFIG_YAML',
  /** A value has the wrong type or is out of range: that value keeps its default. */
  invalid: 'E_CONFIG_INVALID',
  /** A key ctxloom does not know (a typo, most likely): ignored. */
  unknownKey: 'W_CONFIG_UNKNOWN_KEY',
  /** The file could not be read. */
  read: 'E_CONFIG_READ',
});

/** The validated configuration; every field is optional (absent = the library default). */
export interface ProjectConfig {
  readonly instructions?: {
    /** `hierarchical` (every folder from the root to cwd) or `nearest` (the closest folder only). */
    readonly strategy?: 'hierarchical' | 'nearest';
    /** Instruction file names in precedence order (replaces the default list). */
    readonly files?: readonly FileSpec[];
    /** Size limits (any subset). */
    readonly budget?: Partial<SourceBudget>;
    /** Maximum `@import` hops. */
    readonly maxImportDepth?: number;
  };
  readonly skills?: {
    /** Visibility per skill name (`auto`, `pinned`, `name-only`, `manual`, `disabled`). */
    readonly visibility?: Readonly<Record<string, SkillVisibility>>;
    /** The catalog's budget in tokens. */
    readonly catalogTokens?: number;
  };
  readonly tools?: {
    /** Tool definition files (JSON: an array, or an MCP `tools/list` result), project-relative. */
    readonly files?: readonly string[];
  };
}

/** What {@link parseProjectConfig} returns. */
export interface ParsedProjectConfig {
  readonly config: ProjectConfig;
  readonly diagnostics: readonly Diagnostic[];
}

const VISIBILITIES: readonly SkillVisibility[] = [
  'auto',
  'pinned',
  'name-only',
  'manual',
  'disabled',
];
const BUDGET_KEYS: readonly (keyof SourceBudget)[] = [
  'totalBytes',
  'totalTokens',
  'perFileBytes',
  'perFileTokens',
];
const KNOWN = {
  top: ['instructions', 'skills', 'tools'],
  // extraGlobalFiles is known so that it gets its own error, not an unknown-key warning
  instructions: ['strategy', 'files', 'extraGlobalFiles', 'budget', 'maxImportDepth'],
  skills: ['visibility', 'catalogTokens'],
  tools: ['files'],
  file: ['name', 'kind', 'where', 'group', 'imports'],
} as const;

/** The default spec of a known file name, or a custom one looked for in every folder. */
function fileSpecFor(name: string): FileSpec {
  return (
    DEFAULT_FILES.find((f) => f.name === name) ?? {
      name,
      kind: 'custom',
      where: 'every-folder',
      imports: true,
    }
  );
}

/**
 * An instruction file name a project may declare: a text document (`.md`, `.mdc`, `.markdown`,
 * `.txt`) or one of the known names (`.cursorrules`, ...). Anything else (`.env`, keys,
 * `.npmrc`) could put a local secret the repository cannot see into the prompt.
 */
function isInstructionName(name: string): boolean {
  const base = name.split('/').pop() ?? name;
  return (
    /\.(md|mdc|markdown|txt)$/i.test(base) ||
    DEFAULT_FILES.some((f) => f.name.split('/').pop() === base) ||
    base === '.windsurfrules'
  );
}

/** A relative, `/`-separated path that stays inside the folder it is looked for in. */
function isProjectRelative(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.startsWith('~') || /^[A-Za-z]:/.test(name))
    return false;
  if (name.includes('\\')) return false;
  return name.split('/').every((seg) => seg !== '..' && seg !== '.' && seg !== '');
}

/** The configuration file parsed: its YAML nodes (for lines) and its value, or why it has none. */
type ConfigDocument =
  | {
      readonly ok: true;
      readonly doc: ReturnType<typeof parseYamlDocument>;
      readonly lineCounter: LineCounter;
      readonly data: unknown;
    }
  | { readonly ok: false; readonly diagnostics: Diagnostic[] };

/** A path to a value in the file, e.g. `['instructions', 'files', 2]`. */
type KeyPath = readonly (string | number)[];

/** Collects the diagnostics of one file, each located at the line of its key path. */
interface ConfigReporter {
  readonly diagnostics: Diagnostic[];
  /** The line of a key path, from the YAML nodes. */
  lineOf(path: KeyPath): number | undefined;
  /** `E_CONFIG_INVALID`: the value at `path` is not `expected`; its default is kept. */
  invalid(path: KeyPath, expected: string): void;
  /** `W_CONFIG_UNKNOWN_KEY` for every key of `value` not in `known`. */
  unknownKeys(value: Record<string, unknown>, known: readonly string[], path: KeyPath): void;
  /** A whole number above 0, `undefined` when absent (or invalid, reported). */
  positiveInt(v: unknown, path: KeyPath): number | undefined;
}

type InstructionsConfig = NonNullable<ProjectConfig['instructions']>;
type SkillsConfig = NonNullable<ProjectConfig['skills']>;

/** Stage 1: the YAML text to a value, or the one `E_CONFIG_YAML` diagnostic that stops it. */
function readConfigDocument(text: string, file: string): ConfigDocument {
  const lineCounter = new LineCounter();
  const doc = parseYamlDocument(text.replace(/^\uFEFF/, ''), {
    lineCounter,
    prettyErrors: false,
    schema: 'core',
    strict: true,
  });
  const yamlError = (message: string, line: number): ConfigDocument => ({
    ok: false,
    diagnostics: [
      diagnostic(
        CONFIG_CODES.yaml,
        'error',
        `${message.split('\n')[0]}; the configuration is ignored and defaults apply`,
        { file, line },
      ),
    ],
  });
  const first = doc.errors[0];
  if (first !== undefined) return yamlError(first.message, lineCounter.linePos(first.pos[0]).line);
  if (doc.contents === null) return { ok: false, diagnostics: [] };
  try {
    return { ok: true, doc, lineCounter, data: doc.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    // an alias to no anchor, or an alias bomb: the text parsed but has no value
    return yamlError((error as Error).message, 1);
  }
}

/** The line of a key path in a parsed file, from its YAML nodes (values come from toJS). */
function createLineLocator(
  document: Extract<ConfigDocument, { ok: true }>,
): (path: KeyPath) => number | undefined {
  const { doc, lineCounter } = document;
  // each map's pairs by scalar key, built once: a search per diagnostic is quadratic in the keys
  const pairIndex = new Map<YAMLMap, Map<unknown, Pair>>();
  const pairOf = (map: YAMLMap, key: unknown): Pair | undefined => {
    let index = pairIndex.get(map);
    if (index === undefined) {
      index = new Map();
      for (const p of map.items as Pair[])
        if (isScalar(p.key) && !index.has(p.key.value)) index.set(p.key.value, p);
      pairIndex.set(map, index);
    }
    return index.get(key);
  };
  return (path: KeyPath): number | undefined => {
    let node: unknown = doc.contents;
    let line: number | undefined;
    for (const key of path) {
      if (isMap(node)) {
        const pair = pairOf(node as YAMLMap, key);
        if (pair === undefined) return line;
        if (isScalar(pair.key) && pair.key.range)
          line = lineCounter.linePos(pair.key.range[0]).line;
        node = pair.value;
      } else if (node !== null && typeof node === 'object' && 'items' in node) {
        const item = (node as { items: unknown[] }).items[key as number] as
          | { range?: [number, number, number] }
          | undefined;
        if (item?.range) line = lineCounter.linePos(item.range[0]).line;
        node = item;
      } else return line;
    }
    return line;
  };
}

/** Stage 2: the diagnostic helpers of one parsed file, each locating its key path. */
function createReporter(
  document: Extract<ConfigDocument, { ok: true }>,
  file: string,
): ConfigReporter {
  const lineOf = createLineLocator(document);
  const diagnostics: Diagnostic[] = [];
  const invalid = (path: KeyPath, expected: string) => {
    diagnostics.push(
      diagnostic(
        CONFIG_CODES.invalid,
        'error',
        `${path.join('.')}: expected ${expected}; the default is kept`,
        { file, line: lineOf(path) },
      ),
    );
  };
  return {
    diagnostics,
    lineOf,
    invalid,
    unknownKeys(value, known, path) {
      for (const key of Object.keys(value))
        if (!known.includes(key))
          diagnostics.push(
            diagnostic(
              CONFIG_CODES.unknownKey,
              'warning',
              `${[...path, key].join('.')}: unknown key, ignored (known: ${known.join(', ')})`,
              { file, line: lineOf([...path, key]) },
            ),
          );
    },
    positiveInt(v, path) {
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
      invalid(path, 'a whole number above 0');
      return undefined;
    },
  };
}

/** One entry of `instructions.files`: a name or `{ name, kind, where, group, imports }`. */
function parseFileEntry(f: unknown, at: KeyPath, report: ConfigReporter): FileSpec | undefined {
  const name = typeof f === 'string' ? f : isRecord(f) ? f.name : undefined;
  if (typeof name === 'string' && !isProjectRelative(name.trim())) {
    report.invalid(at, 'a path inside the project (relative, `/`-separated, no `..`)');
    return undefined;
  }
  if (typeof name === 'string' && !isInstructionName(name.trim())) {
    report.invalid(
      at,
      'an instruction document (`.md`, `.mdc`, `.txt` or a known rules file name)',
    );
    return undefined;
  }
  if (typeof f === 'string' && f.trim() !== '') return fileSpecFor(f.trim());
  if (!isRecord(f) || typeof f.name !== 'string' || f.name.trim() === '') {
    report.invalid(at, 'a file name or { name, kind, where, imports }');
    return undefined;
  }
  report.unknownKeys(f, KNOWN.file, at.map(String));
  const base = fileSpecFor(f.name.trim());
  const where = f.where ?? base.where;
  if (where !== 'every-folder' && where !== 'root') {
    report.invalid([...at, 'where'], '`every-folder` or `root`');
    return undefined;
  }
  const spec: Writable<FileSpec> = {
    name: base.name,
    kind: typeof f.kind === 'string' && f.kind !== '' ? f.kind : base.kind,
    where,
    imports: typeof f.imports === 'boolean' ? f.imports : base.imports,
  };
  const group = typeof f.group === 'string' ? f.group : base.group;
  if (group !== undefined) spec.group = group;
  return spec;
}

/** `instructions.files`: the valid entries, `undefined` when none is (each bad one reported). */
function parseFileList(value: unknown, report: ConfigReporter): FileSpec[] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    report.invalid(
      ['instructions', 'files'],
      'a non-empty list of file names or { name, kind, where, imports }',
    );
    return undefined;
  }
  const files: FileSpec[] = [];
  value.forEach((f: unknown, i: number) => {
    const spec = parseFileEntry(f, ['instructions', 'files', i], report);
    if (spec !== undefined) files.push(spec);
  });
  return files.length > 0 ? files : undefined;
}

/** `instructions.budget`: the valid limits, `undefined` when it is not a map (reported). */
function parseBudget(value: unknown, report: ConfigReporter): Partial<SourceBudget> | undefined {
  if (!isRecord(value)) {
    report.invalid(['instructions', 'budget'], `a map of ${BUDGET_KEYS.join(', ')}`);
    return undefined;
  }
  report.unknownKeys(value, BUDGET_KEYS, ['instructions', 'budget']);
  const budget: Partial<Writable<SourceBudget>> = {};
  for (const key of BUDGET_KEYS) {
    const v = report.positiveInt(value[key], ['instructions', 'budget', key]);
    if (v !== undefined) budget[key] = v;
  }
  return budget;
}

/** Stage 3: the `instructions` map, `undefined` when absent or not a map (reported). */
function parseInstructions(
  ins: unknown,
  report: ConfigReporter,
  file: string,
): InstructionsConfig | undefined {
  if (ins === undefined || ins === null) return undefined;
  if (!isRecord(ins)) {
    report.invalid(['instructions'], 'a map');
    return undefined;
  }
  report.unknownKeys(ins, KNOWN.instructions, ['instructions']);
  const out: Writable<InstructionsConfig> = {};
  if (ins.strategy !== undefined) {
    if (ins.strategy === 'hierarchical' || ins.strategy === 'nearest') out.strategy = ins.strategy;
    else report.invalid(['instructions', 'strategy'], '`hierarchical` or `nearest`');
  }
  if (ins.files !== undefined) {
    const files = parseFileList(ins.files, report);
    if (files !== undefined) out.files = files;
  }
  if (ins.extraGlobalFiles !== undefined)
    // the file is part of the repository: it must not make ctxloom read files from the
    // user's home (they would enter the prompt as trusted global instructions)
    report.diagnostics.push(
      diagnostic(
        CONFIG_CODES.invalid,
        'error',
        'instructions.extraGlobalFiles: not allowed in a project configuration (a repository must not pull files from your home into the prompt); pass them as options or `ctxloom sources --global-file`',
        { file, line: report.lineOf(['instructions', 'extraGlobalFiles']) },
      ),
    );
  if (ins.budget !== undefined) {
    const budget = parseBudget(ins.budget, report);
    if (budget !== undefined) out.budget = budget;
  }
  const depth = report.positiveInt(ins.maxImportDepth, ['instructions', 'maxImportDepth']);
  if (depth !== undefined) out.maxImportDepth = depth;
  return out;
}

/** Stage 4: the `skills` map, `undefined` when absent or not a map (reported). */
function parseSkills(sk: unknown, report: ConfigReporter): SkillsConfig | undefined {
  if (sk === undefined || sk === null) return undefined;
  if (!isRecord(sk)) {
    report.invalid(['skills'], 'a map');
    return undefined;
  }
  report.unknownKeys(sk, KNOWN.skills, ['skills']);
  const out: Writable<SkillsConfig> = {};
  if (sk.visibility !== undefined) {
    if (!isRecord(sk.visibility))
      report.invalid(['skills', 'visibility'], 'a map of skill name to visibility');
    else {
      const visibility: Record<string, SkillVisibility> = {};
      for (const [name, v] of Object.entries(sk.visibility)) {
        if (VISIBILITIES.includes(v as SkillVisibility)) visibility[name] = v as SkillVisibility;
        else
          report.invalid(
            ['skills', 'visibility', name],
            VISIBILITIES.map((x) => `\`${x}\``).join(', '),
          );
      }
      out.visibility = visibility;
    }
  }
  const tokens = report.positiveInt(sk.catalogTokens, ['skills', 'catalogTokens']);
  if (tokens !== undefined) out.catalogTokens = tokens;
  return out;
}

/** Stage 5: the `tools` map (`files`: project-relative `.json` paths), `undefined` when absent. */
function parseTools(value: unknown, report: ConfigReporter): ProjectConfig['tools'] {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    report.invalid(['tools'], 'a map with `files`');
    return undefined;
  }
  report.unknownKeys(value, KNOWN.tools, ['tools']);
  if (value.files === undefined) return {};
  if (!Array.isArray(value.files)) {
    report.invalid(['tools', 'files'], 'a list of `.json` paths inside the project');
    return {};
  }
  const files: string[] = [];
  value.files.forEach((f: unknown, i: number) => {
    if (typeof f === 'string' && isProjectRelative(f.trim()) && /\.json$/i.test(f.trim()))
      files.push(f.trim());
    else
      report.invalid(
        ['tools', 'files', i],
        'a `.json` path inside the project (relative, no `..`)',
      );
  });
  return { files };
}

/**
 * Parses and validates a configuration file's text. `file` names it in diagnostics. Stages: the
 * YAML to a value ({@link readConfigDocument}), then the top-level map, `instructions` and
 * `skills`, each wrong value reported at its line and left at its default; diagnostics in line
 * order.
 */
export function parseProjectConfig(text: string, file: string): ParsedProjectConfig {
  const document = readConfigDocument(text, file);
  if (!document.ok) return { config: {}, diagnostics: document.diagnostics };
  const report = createReporter(document, file);
  const { data } = document;
  if (!isRecord(data)) {
    report.invalid([], 'a map with `instructions` and/or `skills`');
    return { config: {}, diagnostics: report.diagnostics };
  }
  report.unknownKeys(data, KNOWN.top, []);
  const config: Writable<ProjectConfig> = {};
  const instructions = parseInstructions(data.instructions, report, file);
  if (instructions !== undefined) config.instructions = instructions;
  const skills = parseSkills(data.skills, report);
  if (skills !== undefined) config.skills = skills;
  const tools = parseTools(data.tools, report);
  if (tools !== undefined) config.tools = tools;
  const diagnostics = report.diagnostics;
  diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { config, diagnostics };
}
