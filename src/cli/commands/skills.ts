/**
 * @module cli/commands/skills
 * `ctxloom skills [dir] [--json]`: the skills found for a project (name, description, triggers,
 * source, status, diagnostics) and the catalog the prompt would get.
 * `ctxloom skills show NAME [dir]`: what `invoke_skill` would return.
 * `ctxloom skills match [dir] --message TEXT | --path FILE [--json]`: which skills and path
 * rules would fire (skill `paths` plus the instruction loader's glob rules and nested folder
 * instruction files, in one engine), and the exact text that would be injected.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ProjectConfig } from '../../config/index.js';
import { type Diagnostic, formatDiagnostic } from '../../diagnostics/index.js';
import {
  catalogOptionsFrom,
  readProjectConfig,
  sourceOptionsFrom,
  withConfigDiagnostics,
} from '../../project/index.js';
import { gateUntrusted, type Scanner, scan } from '../../safety/index.js';
import {
  buildSkillCatalog,
  compilePathRules,
  compileSkillTriggers,
  createInvokeSkillHandler,
  defaultSkillRoots,
  emptyActivationState,
  type InjectionPlan,
  loadSkills,
  type PathRule,
  planMessageInjection,
  planPathInjection,
  resolveWorkspacePath,
  type Skill,
  type SkillSet,
  skillKind,
  skillPathRule,
} from '../../skills/index.js';
import { loadDirectoryRules, loadInstructionSources } from '../../sources/index.js';
import { type CommandContext, EXIT, type RegisterCommand, UsageError } from '../command.js';
import { projectRootOf } from '../project-context.js';

const scanSkill: Scanner = scan;

interface LoadOptions {
  strict?: boolean;
}

async function projectDir(ctx: CommandContext, dir: string | undefined): Promise<string> {
  const abs = resolve(ctx.io.cwd, dir ?? '.');
  const st = await stat(abs).catch(() => null);
  if (st === null || !st.isDirectory()) throw new UsageError(`not a directory: ${dir ?? abs}`);
  return abs;
}

/**
 * The skills of the project at `dir` (its root: the first folder at or above it with `.git` or
 * `.ctxloom`, as for the other commands), with the project's configuration; the configuration's
 * diagnostics lead the set's.
 */
async function load(ctx: CommandContext, dir: string | undefined, options: LoadOptions) {
  const abs = await projectDir(ctx, dir);
  const root = await projectRootOf(abs);
  const config = readProjectConfig(root);
  const loaded = await loadSkills(defaultSkillRoots({ projectDir: root, homeDir: ctx.io.home }), {
    strict: options.strict === true,
  });
  return { root, set: withConfigDiagnostics(loaded, config), config: config.config };
}

function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

function describeTriggers(s: Skill): string {
  const parts: string[] = [];
  if (s.triggers !== undefined) {
    const min = s.triggers.minMatches > 1 ? ` (at least ${s.triggers.minMatches})` : '';
    parts.push(`keywords: ${s.triggers.keywords.join(', ')}${min}`);
  }
  if (s.inputs.length > 0)
    parts.push(`task: /${s.name} ${s.inputs.map((i) => `\${${i.name}}`).join(' ')}`);
  if (s.commands.length > 0) parts.push(`commands: ${s.commands.map((c) => `/${c}`).join(', ')}`);
  if (s.paths.length > 0) parts.push(`paths: ${s.paths.join(', ')}`);
  return parts.join('; ');
}

function skillJson(s: Skill, status: string) {
  return {
    name: s.name,
    description: s.description,
    kind: skillKind(s),
    origin: s.origin,
    source: s.file,
    status,
    modelInvocable: s.paths.length === 0 && !s.disableModelInvocation,
    triggers: s.triggers ?? null,
    commands: s.commands,
    inputs: s.inputs,
    paths: s.paths,
    allowedTools: s.allowedTools,
    resources: s.resources,
  };
}

/** Text listing of a skill set and its catalog. */
export function formatSkillsText(
  set: SkillSet,
  catalog: ReturnType<typeof buildSkillCatalog>,
  scanned: ReturnType<typeof scanStatuses> = { status: new Map(), diagnostics: [] },
): string {
  const lines: string[] = [`skills (${set.skills.length}):`];
  if (set.skills.length === 0) lines.push('  (none)');
  for (const s of set.skills) {
    const status = scanned.status.get(s.name) ?? 'active';
    lines.push(`  ${s.name}  [${skillKind(s)}, ${s.origin}, ${status}]  ${s.file}`);
    lines.push(`    ${s.description.replace(/\s+/g, ' ')}`);
    const triggers = describeTriggers(s);
    if (triggers !== '') lines.push(`    ${triggers}`);
  }
  lines.push('', `not used (${set.skipped.length}):`);
  if (set.skipped.length === 0) lines.push('  (none)');
  for (const k of set.skipped) {
    const by = k.shadowedBy === undefined ? '' : ` by ${k.shadowedBy}`;
    lines.push(`  ${k.status}${by}  ${k.file}`);
  }
  const r = catalog.report;
  lines.push(
    '',
    `catalog: ${catalog.entries.length} listed, ${catalog.dropped} dropped, ${r.cut.length} descriptions cut, ${r.tokens} of ${r.budgetTokens} tokens`,
  );
  const diagnostics = [
    ...set.diagnostics,
    ...compileSkillTriggers(set.skills).diagnostics,
    ...scanned.diagnostics,
    ...catalog.diagnostics,
  ];
  lines.push('', `diagnostics (${diagnostics.length}):`);
  if (diagnostics.length === 0) lines.push('  (none)');
  for (const d of diagnostics) lines.push(`  ${formatDiagnostic(d)}`);
  return `${lines.join('\n')}\n`;
}

/** Each skill's scanner verdict on its body (`active` when clean), plus the scanner's diagnostics. */
function scanStatuses(set: SkillSet) {
  const status = new Map<string, 'active' | 'flagged' | 'blocked'>();
  const diagnostics: Diagnostic[] = [];
  for (const s of set.skills) {
    const gate = gateUntrusted(s.body, { source: s.file, channel: 'skill', scanner: scanSkill });
    diagnostics.push(...gate.diagnostics);
    status.set(
      s.name,
      gate.verdict === 'blocked' || gate.verdict === 'flagged' ? gate.verdict : 'active',
    );
  }
  return { status, diagnostics };
}

async function runList(
  ctx: CommandContext,
  dir: string | undefined,
  options: LoadOptions & { json?: boolean },
) {
  const { set, config } = await load(ctx, dir, options);
  const catalog = buildSkillCatalog(set.skills, {
    scan: scanSkill,
    files: Object.fromEntries(set.skills.map((s) => [s.name, s.file])),
    ...catalogOptionsFrom(config),
  });
  const scanned = scanStatuses(set);
  if (options.json) {
    const json = {
      skills: set.skills.map((s) => skillJson(s, scanned.status.get(s.name) ?? 'active')),
      skipped: set.skipped,
      catalog: {
        text: catalog.text,
        tokens: catalog.report.tokens,
        budgetTokens: catalog.report.budgetTokens,
        dropped: catalog.dropped,
        cut: catalog.report.cut,
        unlisted: catalog.report.unlisted,
      },
      diagnostics: [
        ...set.diagnostics,
        ...compileSkillTriggers(set.skills).diagnostics,
        ...scanned.diagnostics,
        ...catalog.diagnostics,
      ],
    };
    ctx.io.out(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    ctx.io.out(formatSkillsText(set, catalog, scanned));
  }
  if (hasErrors(set.diagnostics) || hasErrors(scanned.diagnostics)) ctx.setExitCode(EXIT.findings);
}

function parseInputs(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const at = p.indexOf('=');
    if (at <= 0) throw new UsageError(`--input must be NAME=VALUE, not "${p}"`);
    out[p.slice(0, at)] = p.slice(at + 1);
  }
  return out;
}

async function runShow(
  ctx: CommandContext,
  name: string,
  dir: string | undefined,
  options: LoadOptions & { input?: string[]; json?: boolean },
) {
  const { set, config } = await load(ctx, dir, options);
  const handle = createInvokeSkillHandler(set.skills, {
    scan: scanSkill,
    ...(config.skills?.visibility === undefined ? {} : { visibility: config.skills.visibility }),
  });
  const result = await handle({ name, inputs: parseInputs(options.input ?? []) });
  if (options.json) {
    const json = { name, ok: result.ok, text: result.text, diagnostics: result.diagnostics };
    ctx.io.out(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    ctx.io.out(`${result.text}\n`);
    for (const d of result.diagnostics) ctx.io.err(`${formatDiagnostic(d)}\n`);
  }
  if (!result.ok) ctx.setExitCode(EXIT.findings);
}

function planJson(plan: InjectionPlan) {
  return {
    fired: plan.blocks.map((b) => ({ key: b.key, via: b.via })),
    text: plan.text,
    diagnostics: plan.diagnostics,
  };
}

/**
 * The instruction loader's path rules for the workspace: `.cursor/rules` / `.github/instructions`
 * / `.claude/rules` globs, and the instruction files in folders below the root on the way to `rel`
 * (a nested AGENTS.md covers its folder), as generic path rules for the skills engine.
 */
async function instructionPathRules(
  ctx: CommandContext,
  root: string,
  rel: string | undefined,
  config: ProjectConfig,
) {
  const options = {
    cwd: root,
    root,
    home: ctx.io.home,
    scan: scanSkill,
    ...sourceOptionsFrom(config),
  };
  const loaded = await loadInstructionSources(options);
  const records = loaded.rules.filter((r) => r.mode === 'glob' && r.status !== 'skipped');
  const diagnostics: Diagnostic[] = [];
  if (rel !== undefined) {
    const nested = await loadDirectoryRules(loaded, rel, options);
    records.push(...nested.rules.filter((r) => r.status !== 'skipped'));
    diagnostics.push(...nested.diagnostics);
  }
  const rules: PathRule[] = records.map((r) => ({
    name: r.name,
    globs: r.globs,
    body: r.content,
    source: r.path,
  }));
  return { rules, diagnostics };
}

async function runMatch(
  ctx: CommandContext,
  dir: string | undefined,
  options: LoadOptions & { message?: string; path?: string; json?: boolean },
) {
  if ((options.message === undefined) === (options.path === undefined)) {
    throw new UsageError('give exactly one of --message TEXT or --path FILE');
  }
  const { root, set, config } = await load(ctx, dir, options);
  let plan: InjectionPlan;
  let extra: Record<string, unknown> = {};
  if (options.message !== undefined) {
    const triggers = compileSkillTriggers(set.skills, config.skills?.visibility);
    plan = await planMessageInjection(emptyActivationState(), options.message, triggers, {
      scan: scanSkill,
    });
    plan = { ...plan, diagnostics: [...triggers.diagnostics, ...plan.diagnostics] };
  } else {
    const file = options.path as string;
    const rel = resolveWorkspacePath(root, resolve(ctx.io.cwd, file));
    const instructions = await instructionPathRules(ctx, root, rel, config);
    const engine = compilePathRules([
      ...set.skills.filter((s) => s.paths.length > 0).map(skillPathRule),
      ...instructions.rules,
    ]);
    plan = planPathInjection(emptyActivationState(), [rel], engine, { scan: scanSkill });
    extra = { path: rel ?? null };
    if (rel === undefined)
      ctx.io.err(`ctxloom: ${file} is outside the workspace ${root}; no rule applies\n`);
    plan = {
      ...plan,
      diagnostics: [...instructions.diagnostics, ...engine.diagnostics, ...plan.diagnostics],
    };
  }
  if (options.json) {
    ctx.io.out(`${JSON.stringify({ ...extra, ...planJson(plan) }, null, 2)}\n`);
  } else {
    const lines = [`fired (${plan.blocks.length}):`];
    if (plan.blocks.length === 0) lines.push('  (none)');
    for (const b of plan.blocks) lines.push(`  ${b.via}  ${b.key}`);
    if (plan.text !== '') lines.push('', 'injected text:', '', plan.text);
    ctx.io.out(`${lines.join('\n')}\n`);
    for (const d of plan.diagnostics) ctx.io.err(`${formatDiagnostic(d)}\n`);
  }
}

export const registerSkillsCommand: RegisterCommand = (program, ctx) => {
  const skills = program
    .command('skills')
    .description('list the skills found for the project at [dir] and the catalog the prompt gets')
    .argument('[dir]', 'project directory')
    .option('--json', 'machine-readable output')
    .option('--strict', 'refuse skills that break the Agent Skills spec')
    .action((dir: string | undefined, options: LoadOptions & { json?: boolean }) =>
      runList(ctx, dir, options),
    );
  skills
    .command('show')
    .description('print what invoke_skill would return for NAME')
    .argument('<name>', 'skill name')
    .argument('[dir]', 'project directory')
    .option('--input <name=value...>', "values for the skill's inputs")
    .option('--json', 'print one JSON object: { name, ok, text, diagnostics }')
    .option('--strict', 'refuse skills that break the Agent Skills spec')
    .action((name: string, dir: string | undefined, _options: unknown, command: Command) =>
      // optsWithGlobals: `--strict` and `--json` may sit on either side of `show`
      runShow(
        ctx,
        name,
        dir,
        command.optsWithGlobals<LoadOptions & { input?: string[]; json?: boolean }>(),
      ),
    );
  skills
    .command('match')
    .description('show which skills and path rules would fire, and the exact injected text')
    .argument('[dir]', 'project directory')
    .option('--message <text>', 'a user message (keyword and /name triggers)')
    .option('--path <file>', 'a file a tool touched (path rules)')
    .option('--json', 'machine-readable output')
    .option('--strict', 'refuse skills that break the Agent Skills spec')
    .action((dir: string | undefined, _options: unknown, command: Command) =>
      runMatch(
        ctx,
        dir,
        command.optsWithGlobals<
          LoadOptions & { message?: string; path?: string; json?: boolean }
        >(),
      ),
    );
};
