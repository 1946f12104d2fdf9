/**
 * @module cli/commands/scan
 * `ctxloom scan [paths...]`: runs the prompt-injection scanner over files, directories (recursively,
 * honouring `.gitignore`), standard input (`--stdin`) or a JSON-lines stream (`--jsonl`). With no
 * path it scans exactly what `build` loads at the working directory (through `loadProject`, same
 * source names and verdicts), then the instruction and skill files below it that this load did
 * not read. Output as text, JSON or SARIF 2.1.0.
 * Exit codes: 0 nothing at or above `--fail-on`, 1 findings at or above it, 2 usage or I/O error.
 */

import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Option } from 'commander';
import ignore, { type Ignore } from 'ignore';
import { compareCodeUnits } from '../../_internal/compare.js';
import { type Diagnostic, escapeForTerminal, formatDiagnostic } from '../../diagnostics/index.js';
import type { Project } from '../../project/index.js';
import {
  parsePolicy,
  type ScanPolicy,
  type ScanResult,
  type Severity,
  scan,
  severityRank,
  toSarif,
} from '../../safety/index.js';
import { type CommandContext, EXIT, type RegisterCommand, UsageError } from '../command.js';

/** Files larger than this are reported and skipped. */
export const MAX_SCAN_BYTES = 8 * 1024 * 1024;
const SKIP_DIRS = new Set(['.git', 'node_modules']);
/**
 * Base names of the files that reach a prompt: every default instruction file, skills, Windsurf's
 * rules. Filled by {@link loadInstructionNames}: the project, the sources and YAML modules are
 * imported only by the scan that needs them (a scan of named files imports a fifth of the modules).
 */
let instructionNames: ReadonlySet<string> | undefined;

/** Loads the default instruction file names (once) for {@link isInstructionFile}. */
export async function loadInstructionNames(): Promise<void> {
  const { DEFAULT_FILES } = await import('../../sources/index.js');
  instructionNames ??= new Set([
    ...DEFAULT_FILES.map((f) => f.name.split('/').pop() as string),
    '.windsurfrules',
    'SKILL.md',
  ]);
}

/** The load's scanner verdicts, already reported as scan results. */
const SCAN_VERDICT_CODES: ReadonlySet<string> = new Set(['E_SCAN_BLOCKED', 'W_SCAN_FLAGGED']);

interface ScanCliOptions {
  stdin?: boolean;
  jsonl?: boolean;
  format: 'text' | 'json' | 'sarif';
  failOn: Severity | 'never';
  policy?: string;
  source?: string;
}

interface Scanned {
  readonly source: string;
  readonly result: ScanResult;
  /**
   * With no path: `build` for a text `build` loads (the same source name, scanner and verdict),
   * `tree` for an instruction or skill file below the working directory that this load did not read.
   */
  readonly via?: 'build' | 'tree';
}

/**
 * True for the project files that reach an agent's prompt: instruction files and skills, plus
 * the `extra` file names a project's `.ctxloom/config.yaml` declares.
 */
export function isInstructionFile(rel: string, extra: ReadonlySet<string> = new Set()): boolean {
  if (instructionNames === undefined) throw new Error('call loadInstructionNames() first');
  const parts = rel.split('/');
  const base = parts[parts.length - 1] ?? '';
  if (instructionNames.has(base) || extra.has(base) || extra.has(rel)) return true;
  if (base.endsWith('.mdc') || base.endsWith('.instructions.md') || base.endsWith('.agent.md'))
    return true;
  return parts.includes('.clinerules');
}

function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}

/** Walks `dir` recursively, honouring every `.gitignore` on the way; returns sorted file paths. */
export function walk(dir: string): string[] {
  const out: string[] = [];
  const visit = (abs: string, rules: { base: string; ig: Ignore }[]) => {
    let chain = rules;
    try {
      const file = join(abs, '.gitignore');
      // a FIFO or device named .gitignore would block the read
      if (statSync(file).isFile())
        chain = [...rules, { base: abs, ig: ignore().add(readFileSync(file, 'utf8')) }];
    } catch {
      // no .gitignore here
    }
    let listed: Dirent[];
    try {
      listed = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      // an unreadable folder is an input error, never a crash; the scan cannot vouch for it
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new UsageError(`cannot read folder ${toPosix(abs)}: ${code}`, error, {
        file: toPosix(abs),
      });
    }
    const entries = listed.sort((a, b) => compareCodeUnits(a.name, b.name));
    for (const e of entries) {
      if (SKIP_DIRS.has(e.name)) continue;
      const child = join(abs, e.name);
      const isDir = e.isDirectory();
      const ignored = chain.some(({ base, ig }) => {
        const rel = toPosix(relative(base, child));
        return ig.ignores(isDir ? `${rel}/` : rel);
      });
      if (ignored) continue;
      if (isDir) visit(child, chain);
      else if (e.isFile()) out.push(child);
    }
  };
  visit(dir, []);
  return out;
}

function readText(abs: string, shown: string, ctx: CommandContext): string | undefined {
  const size = statSync(abs).size;
  if (size > MAX_SCAN_BYTES) {
    ctx.io.err(
      `${escapeForTerminal(shown)}: skipped: ${size} bytes is over the ${MAX_SCAN_BYTES}-byte scan limit\n`,
    );
    return undefined;
  }
  const buf = readFileSync(abs);
  if (buf.subarray(0, 8192).includes(0)) {
    ctx.io.err(`${escapeForTerminal(shown)}: skipped: binary file\n`);
    return undefined;
  }
  return buf.toString('utf8');
}

async function loadPolicy(ctx: CommandContext, file: string | undefined): Promise<ScanPolicy> {
  if (file === undefined) return {};
  const abs = resolve(ctx.io.cwd, file);
  let raw: string;
  try {
    raw = readFileSync(abs, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read policy file ${file}`, error);
  }
  let value: unknown;
  try {
    value = file.endsWith('.json') ? JSON.parse(raw) : (await import('yaml')).parse(raw);
  } catch (error) {
    throw new UsageError(
      `policy file ${file} is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}`,
      error,
    );
  }
  try {
    return parsePolicy(value);
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`, error);
  }
}

/**
 * The instruction file names a project's `.ctxloom/config.yaml` declares (by base name, and by
 * path from the root), so that `ctxloom scan` with no path scans them too.
 */
function configuredNames(project: Project): ReadonlySet<string> {
  const names = new Set<string>();
  for (const spec of project.config.config.instructions?.files ?? []) {
    names.add(spec.name);
    names.add(spec.name.split('/').pop() as string);
  }
  return names;
}

function realOrSelf(abs: string): string {
  try {
    return realpathSync(abs);
  } catch {
    return abs;
  }
}

/** What a project scan found: every scanned text, and the load's own diagnostics. */
interface ProjectScan {
  readonly results: Scanned[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * `ctxloom scan` with no path: exactly what `build` loads at the working directory, through
 * `loadProject` (src/project/) with the same scanner: instruction files wherever they come from
 * (gitignored, symlinked, rules folders, user-global), the skills catalog, project memory and the
 * plan, each under the source name `build` reports. Then, so that a scan from the root still covers
 * the folders an agent may start in, the instruction and skill files below the working directory
 * that this load did not read (gitignore honoured), named from the project root.
 */
async function scanProject(ctx: CommandContext, policy: ScanPolicy): Promise<ProjectScan> {
  const results: Scanned[] = [];
  const scanner = (text: string, o: { source: string }) => {
    const result = scan(text, { source: o.source, policy });
    results.push({ source: o.source, result, via: 'build' });
    return result;
  };
  const { loadProject } = await import('../../project/index.js');
  await loadInstructionNames();
  const project = await loadProject({
    cwd: ctx.io.cwd,
    home: ctx.io.home,
    env: ctx.io.env,
    scanner,
  });
  const read = new Set<string>();
  for (const s of project.sources.sources) read.add(realOrSelf(s.absolutePath));
  for (const r of project.sources.rules) read.add(realOrSelf(r.absolutePath));
  const configured = configuredNames(project);
  const cwd = resolve(ctx.io.cwd);
  for (const abs of walk(cwd)) {
    if (read.has(realOrSelf(abs))) continue;
    if (!isInstructionFile(toPosix(relative(cwd, abs)), configured)) continue;
    const rel = toPosix(relative(project.root, abs));
    const shown = rel === '' || rel.startsWith('..') ? toPosix(abs) : rel;
    const text = readOrThrow(abs, shown, ctx);
    if (text !== undefined)
      results.push({ source: shown, result: scan(text, { source: shown, policy }), via: 'tree' });
  }
  return { results, diagnostics: project.diagnostics };
}

function readOrThrow(abs: string, shown: string, ctx: CommandContext): string | undefined {
  try {
    return readText(abs, shown, ctx);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${shown}${code === undefined ? '' : `: ${code}`}`, error, {
      file: shown,
    });
  }
}

function scanPaths(ctx: CommandContext, paths: readonly string[], policy: ScanPolicy): Scanned[] {
  const cwd = ctx.io.cwd;
  const files: string[] = [];
  for (const p of paths) {
    const abs = isAbsolute(p) ? p : resolve(cwd, p);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(abs);
    } catch (error) {
      throw new UsageError(`cannot read ${p}: no such file or directory`, error);
    }
    if (st.isDirectory()) files.push(...walk(abs));
    else if (st.isFile()) files.push(abs);
    // reading a FIFO or a device would block or never end
    else throw new UsageError(`cannot read ${p}: not a regular file`, undefined, { file: p });
  }
  const out: Scanned[] = [];
  for (const abs of files) {
    const rel = toPosix(relative(cwd, abs));
    const shown = rel === '' || rel.startsWith('..') ? toPosix(abs) : rel;
    const text = readOrThrow(abs, shown, ctx);
    if (text === undefined) continue;
    out.push({ source: shown, result: scan(text, { source: shown, policy }) });
  }
  return out;
}

function worst(results: readonly Scanned[]): number {
  let max = 0;
  for (const r of results) {
    for (const f of r.result.findings)
      if (f.suppressed === undefined) max = Math.max(max, severityRank(f.severity));
  }
  return max;
}

function formatText(results: readonly Scanned[]): string {
  const lines: string[] = [];
  const count = { clean: 0, flagged: 0, blocked: 0 };
  for (const r of results) {
    count[r.result.verdict]++;
    for (const f of r.result.findings) {
      const notes = [
        f.layers === undefined ? '' : ` [inside ${f.layers.join(' > ')}]`,
        f.context === undefined ? '' : ` (lowered: ${f.context})`,
        f.suppressed === undefined ? '' : ` (allowed: ${f.suppressed})`,
      ].join('');
      lines.push(
        `${escapeForTerminal(r.source)}:${f.line}:${f.column}: ${f.severity} ${f.ruleId}: ${f.message}${notes} «${f.excerpt}»`,
      );
    }
  }
  const n = results.length;
  lines.push(
    `${n} ${n === 1 ? 'text' : 'texts'} scanned: ${count.blocked} blocked, ${count.flagged} flagged, ${count.clean} clean.`,
  );
  return `${lines.join('\n')}\n`;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function runJsonl(ctx: CommandContext, policy: ScanPolicy): Promise<number> {
  const input = await ctx.io.readStdin();
  const lines = input.split('\n');
  let max = 0;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`--jsonl line ${i + 1}: not valid JSON`, error, { line: i + 1 });
    }
    const rec = item as { id?: unknown; text?: unknown };
    if (typeof item !== 'object' || item === null || typeof rec.text !== 'string') {
      throw new UsageError(
        `--jsonl line ${i + 1}: expected an object with a string "text"`,
        undefined,
        { line: i + 1 },
      );
    }
    if (typeof rec.id !== 'string' && typeof rec.id !== 'number') {
      throw new UsageError(`--jsonl line ${i + 1}: expected a string or number "id"`, undefined, {
        line: i + 1,
      });
    }
    const result = scan(rec.text, { source: String(rec.id), policy });
    for (const f of result.findings)
      if (f.suppressed === undefined) max = Math.max(max, severityRank(f.severity));
    out.push(JSON.stringify({ id: rec.id, verdict: result.verdict, findings: result.findings }));
  }
  ctx.io.out(out.length === 0 ? '' : `${out.join('\n')}\n`);
  return max;
}

async function run(
  ctx: CommandContext,
  paths: readonly string[],
  options: ScanCliOptions,
): Promise<void> {
  if (options.stdin && options.jsonl)
    throw new UsageError('use either --stdin or --jsonl, not both');
  if ((options.stdin || options.jsonl) && paths.length > 0) {
    throw new UsageError('paths cannot be combined with --stdin or --jsonl');
  }
  const policy = await loadPolicy(ctx, options.policy);
  const failAt = severityRank(options.failOn);
  if (options.jsonl) {
    if (options.format !== 'text' && options.format !== 'json') {
      throw new UsageError('--jsonl writes JSON lines; --format sarif is not available with it');
    }
    // --jsonl output is JSON: the central handler prints its errors as one JSON line too
    const max = await runJsonl(ctx, policy);
    ctx.setExitCode(max >= failAt ? EXIT.findings : EXIT.ok);
    return;
  }
  let results: Scanned[];
  let diagnostics: readonly Diagnostic[] = [];
  if (options.stdin) {
    const source = options.source ?? '<stdin>';
    const text = await ctx.io.readStdin();
    results = [{ source, result: scan(text, { source, policy }) }];
  } else if (paths.length === 0) {
    const scanned = await scanProject(ctx, policy);
    results = scanned.results;
    diagnostics = scanned.diagnostics.filter((d) => !SCAN_VERDICT_CODES.has(d.code));
  } else {
    results = scanPaths(ctx, paths, policy);
  }
  if (options.format === 'json') {
    ctx.io.out(
      `${JSON.stringify(
        {
          results: results.map((r) => ({
            source: r.source,
            ...(r.via === undefined ? {} : { via: r.via }),
            ...r.result,
          })),
          ...(paths.length === 0 && !options.stdin ? { diagnostics } : {}),
        },
        null,
        2,
      )}\n`,
    );
  } else if (options.format === 'sarif') {
    const sarif = toSarif(
      results.map((r) => ({ uri: r.source, result: r.result })),
      { version: packageVersion() },
    );
    ctx.io.out(`${JSON.stringify(sarif, null, 2)}\n`);
  } else {
    ctx.io.out(formatText(results));
    for (const d of diagnostics) if (d.severity !== 'info') ctx.io.err(`${formatDiagnostic(d)}\n`);
  }
  ctx.setExitCode(worst(results) >= failAt ? EXIT.findings : EXIT.ok);
}

/** Registers `ctxloom scan`. */
export const registerScanCommand: RegisterCommand = (program, ctx) => {
  program
    .command('scan')
    .description('Scan files, directories or standard input for prompt injection.')
    .argument(
      '[paths...]',
      'files or directories (default: what build loads here, then the instruction and skill files below)',
    )
    .option('--stdin', 'scan standard input as one text')
    .option(
      '--jsonl',
      'read {"id","text"} JSON lines from standard input, write one result per line',
    )
    .addOption(
      new Option('--format <format>', 'output format')
        .choices(['text', 'json', 'sarif'])
        .default('text'),
    )
    .addOption(new Option('--json', 'the same as --format json').implies({ format: 'json' }))
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity')
        .choices(['block', 'flag', 'info', 'never'])
        .default('block'),
    )
    .option('--policy <file>', 'scan policy (JSON or YAML): thresholds, rule overrides, allowlist')
    .option('--source <name>', 'source name for --stdin (used in output and allowlists)')
    .action((paths: string[], options: ScanCliOptions) => run(ctx, paths, options));
};
