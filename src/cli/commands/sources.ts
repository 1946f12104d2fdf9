/**
 * @module cli/commands/sources
 * `ctxloom sources [dir] [--json]`: lists the instruction sources that would be loaded for a
 * working directory, in prompt order, with scope, status, bytes and tokens, then the rules that
 * are not loaded up front (path-scoped with their globs, agent-requested, manual), then every
 * diagnostic. `--for <file>` adds the rules that apply when the agent touches that file.
 */
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { formatDiagnostic } from '../../diagnostics/index.js';
import {
  readProjectConfig,
  sourceOptionsFrom,
  withConfigDiagnostics,
} from '../../project/index.js';
import { scan } from '../../safety/index.js';
import {
  DEFAULT_FILES,
  type LoadResult,
  type LoadSourcesOptions,
  loadDirectoryRules,
  loadInstructionSources,
  loadReport,
  matchPathRules,
  ruleProvenance,
} from '../../sources/index.js';
import { type CommandContext, EXIT, type RegisterCommand, UsageError } from '../command.js';
import { projectRootOf } from '../project-context.js';

interface SourcesOptions {
  json?: boolean;
  strategy?: string;
  budgetBytes?: string;
  budgetTokens?: string;
  global?: boolean;
  globalFile?: string[];
  for?: string;
}

/** The kind of a global file from its name (`CLAUDE.md` -> `claude-md`), else `global-file`. */
function kindForName(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? '';
  return DEFAULT_FILES.find((f) => f.name === name)?.kind ?? 'global-file';
}

function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new UsageError(`${flag} must be a positive whole number, not "${value}"`);
  return Number(value);
}

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

/** Renders a load as text (stable: fixed columns, the loader's order). */
export function formatSourcesText(r: LoadResult): string {
  const lines: string[] = [
    `root: ${r.root}`,
    `cwd:  ${r.cwdRelative === '' ? '.' : r.cwdRelative}`,
    '',
  ];
  lines.push(`sources (${r.sources.length}, prompt order, closest last):`);
  if (r.sources.length === 0) lines.push('  (none)');
  else {
    lines.push(
      `  ${pad('#', 3)} ${pad('scope', 9)} ${pad('status', 9)} ${pad('bytes', 7, true)} ${pad('kept', 7, true)} ${pad('cut', 7, true)} ${pad('tokens', 6, true)}  path`,
    );
    r.sources.forEach((s, i) => {
      const why = s.reason === undefined ? '' : `  (${s.reason})`;
      const imports = s.contributors.length > 1 ? `  [+${s.contributors.length - 1} imported]` : '';
      lines.push(
        `  ${pad(String(i + 1), 3)} ${pad(s.scope, 9)} ${pad(s.status, 9)} ${pad(String(s.fullBytes), 7, true)} ${pad(String(s.bytesKept), 7, true)} ${pad(String(s.bytesCut), 7, true)} ${pad(String(s.tokens), 6, true)}  ${s.path}${imports}${why}`,
      );
    });
  }
  lines.push('', `rules not loaded up front (${r.rules.length}):`);
  if (r.rules.length === 0) lines.push('  (none)');
  for (const rule of r.rules) {
    const detail =
      rule.mode === 'glob'
        ? rule.globs.join(', ')
        : rule.mode === 'agent-requested'
          ? JSON.stringify(rule.description ?? '')
          : '';
    const status =
      rule.status === 'loaded'
        ? ''
        : `  [${rule.status}${rule.reason === undefined ? '' : `: ${rule.reason}`}]`;
    lines.push(
      `  ${pad(rule.mode, 15)} ${rule.path}${detail === '' ? '' : `  ${detail}`}${status}`,
    );
  }
  lines.push('', `diagnostics (${r.diagnostics.length}):`);
  if (r.diagnostics.length === 0) lines.push('  (none)');
  for (const d of r.diagnostics) lines.push(`  ${formatDiagnostic(d)}`);
  return `${lines.join('\n')}\n`;
}

/** The rules that apply when the agent touches `file`: matching globs, then directory rules. */
async function rulesFor(
  result: LoadResult,
  file: string,
  base: string,
  options: LoadSourcesOptions,
) {
  const rel = toPosix(relative(result.root, resolve(base, file)));
  const matched = matchPathRules(result.rules, rel);
  const directory = await loadDirectoryRules(result, rel, options);
  const rules = [...matched, ...directory.rules];
  const lines = ['', `rules that apply to ${rel} (${rules.length}):`];
  if (rules.length === 0) lines.push('  (none)');
  for (const r of rules) lines.push(`  ${pad(r.scope, 9)} ${r.path}  ${r.globs.join(', ')}`);
  for (const d of directory.diagnostics) lines.push(`  ${formatDiagnostic(d)}`);
  return {
    text: `${lines.join('\n')}\n`,
    json: { path: rel, rules: rules.map(ruleProvenance), diagnostics: directory.diagnostics },
  };
}

async function run(
  ctx: CommandContext,
  dir: string | undefined,
  options: SourcesOptions,
): Promise<void> {
  const { io } = ctx;
  const cwd = resolve(io.cwd, dir ?? '.');
  const st = await stat(cwd).catch(() => null);
  if (st === null || !st.isDirectory()) throw new UsageError(`not a directory: ${dir ?? cwd}`);
  const strategy = options.strategy;
  if (strategy !== undefined && strategy !== 'hierarchical' && strategy !== 'nearest') {
    throw new UsageError(`--strategy must be "hierarchical" or "nearest", not "${strategy}"`);
  }
  const totalBytes = positiveInt(options.budgetBytes, '--budget-bytes');
  const totalTokens = positiveInt(options.budgetTokens, '--budget-tokens');
  // the project's .ctxloom/config.yaml first, then the flags on top of it
  const root = await projectRootOf(cwd);
  const config = readProjectConfig(root);
  const fromConfig = sourceOptionsFrom(config.config);
  const loadOptions: LoadSourcesOptions = {
    cwd,
    root,
    // the same scanner as `build`, so a status here (loaded / blocked) is what build would do
    scan: (text, o) => scan(text, { source: o.source }),
    ...fromConfig,
    ...(strategy === undefined ? {} : { strategy }),
    ...(io.home === '' ? {} : { home: io.home }),
    ...(options.global === false ? { globalFiles: [] } : {}),
    ...(options.globalFile === undefined
      ? {}
      : {
          extraGlobalFiles: options.globalFile.map((path) => ({
            path: path.startsWith('~') ? path : resolve(io.cwd, path),
            kind: kindForName(path),
          })),
        }),
    budget: {
      ...fromConfig.budget,
      ...(totalBytes === undefined ? {} : { totalBytes }),
      ...(totalTokens === undefined ? {} : { totalTokens }),
    },
  };
  const result = withConfigDiagnostics(await loadInstructionSources(loadOptions), config);
  const forPath =
    options.for === undefined
      ? undefined
      : await rulesFor(result, options.for, io.cwd, loadOptions);
  if (options.json) {
    const report = loadReport(result);
    const json = forPath === undefined ? report : { ...report, for: forPath.json };
    io.out(`${JSON.stringify(json, null, 2)}\n`);
  } else io.out(formatSourcesText(result) + (forPath?.text ?? ''));
  ctx.setExitCode(EXIT.ok);
}

/** Registers `ctxloom sources`. */
export const registerSourcesCommand: RegisterCommand = (program, ctx) => {
  program
    .command('sources')
    .description(
      'List the project instruction files that would be loaded, in order, and the path-scoped rules.',
    )
    .argument('[dir]', 'working directory to resolve from (default: the current directory)')
    .option('--json', 'print the provenance as JSON')
    .option(
      '--strategy <strategy>',
      'hierarchical (root down to dir, the default) or nearest (closest folder only)',
    )
    .option('--budget-bytes <n>', 'total byte budget for instruction files')
    .option('--budget-tokens <n>', 'total token budget for instruction files')
    .option(
      '--global-file <path...>',
      'extra user-global instruction files (e.g. ~/.claude/CLAUDE.md)',
    )
    .option('--no-global', 'do not read user-global instruction files')
    .option('--for <file>', 'also list the path-scoped rules that apply when this file is touched')
    .action((dir: string | undefined, options: SourcesOptions) => run(ctx, dir, options));
};
