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
  top: ['instructions', 'skills'],
  // extraGlobalFiles is known so that it gets its own error, not an unknown-key warning
  instructions: ['strategy', 'files', 'extraGlobalFiles', 'budget', 'maxImportDepth'],
  skills: ['visibility', 'catalogTokens'],
  file: ['name', 'kind', 'where', 'group', 'imports'],
} as const;

/** `T` with its fields writable, to fill a result field by field. */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

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

/** Parses and validates a configuration file's text. `file` names it in diagnostics. */
export function parseProjectConfig(text: string, file: string): ParsedProjectConfig {
  const diagnostics: Diagnostic[] = [];
  const lineCounter = new LineCounter();
  const doc = parseYamlDocument(text.replace(/^\uFEFF/, ''), {
    lineCounter,
    prettyErrors: false,
    schema: 'core',
    strict: true,
  });
  const first = doc.errors[0];
  if (first !== undefined) {
    diagnostics.push(
      diagnostic(
        CONFIG_CODES.yaml,
        'error',
        `${first.message.split('\n')[0]}; the configuration is ignored and defaults apply`,
        { file, line: lineCounter.linePos(first.pos[0]).line },
      ),
    );
    return { config: {}, diagnostics };
  }
  if (doc.contents === null) return { config: {}, diagnostics };
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
  // the line of a key path, from the YAML nodes (values come from toJS)
  const lineOf = (path: readonly (string | number)[]): number | undefined => {
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
  const invalid = (path: readonly (string | number)[], expected: string) =>
    diagnostics.push(
      diagnostic(
        CONFIG_CODES.invalid,
        'error',
        `${path.join('.')}: expected ${expected}; the default is kept`,
        { file, line: lineOf(path) },
      ),
    );
  const unknownKeys = (
    value: Record<string, unknown>,
    known: readonly string[],
    path: readonly string[],
  ) => {
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
  };
  const positiveInt = (v: unknown, path: readonly (string | number)[]): number | undefined => {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
    invalid(path, 'a whole number above 0');
    return undefined;
  };

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // an alias to no anchor, or an alias bomb: the text parsed but has no value
    diagnostics.push(
      diagnostic(
        CONFIG_CODES.yaml,
        'error',
        `${(error as Error).message.split('\n')[0]}; the configuration is ignored and defaults apply`,
        { file, line: 1 },
      ),
    );
    return { config: {}, diagnostics };
  }
  if (!isRecord(data)) {
    invalid([], 'a map with `instructions` and/or `skills`');
    return { config: {}, diagnostics };
  }
  unknownKeys(data, KNOWN.top, []);
  const config: Writable<ProjectConfig> = {};

  const ins = data.instructions;
  if (ins !== undefined && ins !== null) {
    if (!isRecord(ins)) invalid(['instructions'], 'a map');
    else {
      unknownKeys(ins, KNOWN.instructions, ['instructions']);
      const out: Writable<NonNullable<ProjectConfig['instructions']>> = {};
      if (ins.strategy !== undefined) {
        if (ins.strategy === 'hierarchical' || ins.strategy === 'nearest')
          out.strategy = ins.strategy;
        else invalid(['instructions', 'strategy'], '`hierarchical` or `nearest`');
      }
      if (ins.files !== undefined) {
        if (!Array.isArray(ins.files) || ins.files.length === 0)
          invalid(
            ['instructions', 'files'],
            'a non-empty list of file names or { name, kind, where, imports }',
          );
        else {
          const files: FileSpec[] = [];
          ins.files.forEach((f: unknown, i: number) => {
            const at = ['instructions', 'files', i];
            const name = typeof f === 'string' ? f : isRecord(f) ? f.name : undefined;
            if (typeof name === 'string' && !isProjectRelative(name.trim())) {
              invalid(at, 'a path inside the project (relative, `/`-separated, no `..`)');
              return;
            }
            if (typeof name === 'string' && !isInstructionName(name.trim())) {
              invalid(
                at,
                'an instruction document (`.md`, `.mdc`, `.txt` or a known rules file name)',
              );
              return;
            }
            if (typeof f === 'string' && f.trim() !== '') files.push(fileSpecFor(f.trim()));
            else if (isRecord(f) && typeof f.name === 'string' && f.name.trim() !== '') {
              unknownKeys(f, KNOWN.file, at.map(String));
              const base = fileSpecFor(f.name.trim());
              const where = f.where ?? base.where;
              if (where !== 'every-folder' && where !== 'root') {
                invalid([...at, 'where'], '`every-folder` or `root`');
                return;
              }
              const spec: Writable<FileSpec> = {
                name: base.name,
                kind: typeof f.kind === 'string' && f.kind !== '' ? f.kind : base.kind,
                where,
                imports: typeof f.imports === 'boolean' ? f.imports : base.imports,
              };
              const group = typeof f.group === 'string' ? f.group : base.group;
              if (group !== undefined) spec.group = group;
              files.push(spec);
            } else invalid(at, 'a file name or { name, kind, where, imports }');
          });
          if (files.length > 0) out.files = files;
        }
      }
      if (ins.extraGlobalFiles !== undefined)
        // the file is part of the repository: it must not make ctxloom read files from the
        // user's home (they would enter the prompt as trusted global instructions)
        diagnostics.push(
          diagnostic(
            CONFIG_CODES.invalid,
            'error',
            'instructions.extraGlobalFiles: not allowed in a project configuration (a repository must not pull files from your home into the prompt); pass them as options or `ctxloom sources --global-file`',
            { file, line: lineOf(['instructions', 'extraGlobalFiles']) },
          ),
        );
      if (ins.budget !== undefined) {
        if (!isRecord(ins.budget))
          invalid(['instructions', 'budget'], `a map of ${BUDGET_KEYS.join(', ')}`);
        else {
          unknownKeys(ins.budget, BUDGET_KEYS, ['instructions', 'budget']);
          const budget: Partial<Writable<SourceBudget>> = {};
          for (const key of BUDGET_KEYS) {
            const v = positiveInt(ins.budget[key], ['instructions', 'budget', key]);
            if (v !== undefined) budget[key] = v;
          }
          out.budget = budget;
        }
      }
      const depth = positiveInt(ins.maxImportDepth, ['instructions', 'maxImportDepth']);
      if (depth !== undefined) out.maxImportDepth = depth;
      config.instructions = out;
    }
  }

  const sk = data.skills;
  if (sk !== undefined && sk !== null) {
    if (!isRecord(sk)) invalid(['skills'], 'a map');
    else {
      unknownKeys(sk, KNOWN.skills, ['skills']);
      const out: Writable<NonNullable<ProjectConfig['skills']>> = {};
      if (sk.visibility !== undefined) {
        if (!isRecord(sk.visibility))
          invalid(['skills', 'visibility'], 'a map of skill name to visibility');
        else {
          const visibility: Record<string, SkillVisibility> = {};
          for (const [name, v] of Object.entries(sk.visibility)) {
            if (VISIBILITIES.includes(v as SkillVisibility))
              visibility[name] = v as SkillVisibility;
            else
              invalid(
                ['skills', 'visibility', name],
                VISIBILITIES.map((x) => `\`${x}\``).join(', '),
              );
          }
          out.visibility = visibility;
        }
      }
      const tokens = positiveInt(sk.catalogTokens, ['skills', 'catalogTokens']);
      if (tokens !== undefined) out.catalogTokens = tokens;
      config.skills = out;
    }
  }
  diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { config, diagnostics };
}
