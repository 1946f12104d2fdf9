/**
 * @module cli/commands/build
 * `ctxloom build [dir]`: assembles the system prompt for a project.
 */
import { resolve } from 'node:path';
import { Option } from 'commander';
import { formatDiagnostic } from '../../diagnostics/index.js';
import {
  type BuiltPrompt,
  createPresetRegistry,
  MODES,
  PRESETS,
  type PresetName,
  type PromptMode,
} from '../../prompt/index.js';
import { loadReport } from '../../sources/index.js';
import { defaultTokenCounter } from '../../tokens/index.js';
import {
  formatToolCostTable,
  loadToolFiles,
  type ToolCostReport,
  type ToolRegistry,
  toolCostReport,
} from '../../tools/index.js';
import type { CommandContext, RegisterCommand } from '../command.js';
import { loadProjectContext, type ProjectContext } from '../project-context.js';
import {
  addPromptFlags,
  overrideFromFlags,
  type PromptFlags,
  withLocaleFlag,
} from '../prompt-flags.js';
import { sectionTable } from '../table.js';

/** The line printed between the static and the dynamic block in text output. */
export const TIER_BOUNDARY =
  '──────── end of static tier (cacheable prefix) · dynamic tier follows ────────';

interface BuildOptions extends PromptFlags {
  preset: PresetName;
  mode: PromptMode;
  model?: string;
  now?: string;
  json?: boolean;
  tools?: string[];
}

/**
 * The project's tools: `.ctxloom/config.yaml`'s `tools.files` (inside the project), then each
 * `--tools FILE` (resolved against the cwd), read through the read gate and scanned. Undefined
 * when none is configured.
 */
export function projectTools(
  project: ProjectContext,
  flags: readonly string[] | undefined,
  cwd: string,
): ToolRegistry | undefined {
  const configured = project.config.config.tools?.files ?? [];
  if (configured.length === 0 && (flags ?? []).length === 0) return undefined;
  return loadToolFiles(
    [
      ...configured.map((path) => ({ path, roots: [project.root] })),
      ...(flags ?? []).map((f) => ({
        path: resolve(cwd, f),
        roots: [project.root, cwd],
        display: f,
      })),
    ],
    { base: project.root, roots: [project.root] },
  );
}

/** The `--json` shape of a tool cost report. */
function toolsJson(report: ToolCostReport) {
  return {
    tools: report.tools.map(({ name, tokens, bytes, origin }) => ({ name, tokens, bytes, origin })),
    tokens: report.totalTokens,
    bytes: report.totalBytes,
  };
}

/**
 * The `--json` shape: the two tiers, every section, token totals, then what was loaded and why
 * (instruction sources with provenance, path rules, skills catalog, scanner findings,
 * diagnostics). Readers must ignore fields they do not know.
 */
export function buildJson(
  built: BuiltPrompt,
  project: ProjectContext,
  tools?: ToolRegistry | undefined,
) {
  const report = loadReport(project.sources);
  return {
    static: built.static,
    dynamic: built.dynamic,
    sections: built.report.sections.map(({ name, tier, status, bytes, tokens }) => ({
      name,
      tier,
      status,
      bytes,
      tokens,
    })),
    tokens: {
      static: built.report.totals.static.tokens,
      dynamic: built.report.totals.dynamic.tokens,
      total: built.report.totals.total.tokens,
    },
    tokenizer: built.report.tokenizer,
    root: project.root,
    sources: report.sources,
    rules: report.rules,
    skills: {
      listed: project.catalog.entries.map((e) => e.name),
      dropped: project.catalog.dropped,
      tokens: project.catalog.report.tokens,
    },
    ...(tools === undefined
      ? {}
      : { tools: toolsJson(toolCostReport(tools.tools, defaultTokenCounter)) }),
    findings: project.findings,
    diagnostics:
      tools === undefined ? project.diagnostics : [...project.diagnostics, ...tools.diagnostics],
  };
}

async function run(
  ctx: CommandContext,
  dir: string | undefined,
  options: BuildOptions,
): Promise<void> {
  const io = withLocaleFlag(ctx.io, options.locale);
  const override = overrideFromFlags(options, io.cwd);
  const project = await loadProjectContext(io, dir, { model: options.model, now: options.now });
  const built = createPresetRegistry({
    preset: options.preset,
    mode: options.mode,
    override,
  }).build(project.context);
  const tools = projectTools(project, options.tools, io.cwd);
  if (options.json) {
    io.out(`${JSON.stringify(buildJson(built, project, tools), null, 2)}\n`);
    return;
  }
  io.out(`${built.static}\n\n${TIER_BOUNDARY}\n\n${built.dynamic ?? ''}\n`);
  let info = 0;
  for (const d of [...project.diagnostics, ...(tools?.diagnostics ?? [])]) {
    if (d.severity === 'info') info++;
    else io.err(`${formatDiagnostic(d)}\n`);
  }
  if (info > 0)
    io.err(`(${info} info diagnostic${info === 1 ? '' : 's'}; --json lists them all)\n`);
  io.err(sectionTable(built.report));
  if (tools !== undefined)
    io.err(
      `\n${formatToolCostTable(toolCostReport(tools.tools, defaultTokenCounter)) || 'tools: none kept\n'}`,
    );
}

export const registerBuildCommand: RegisterCommand = (program, ctx) => {
  const command = program
    .command('build')
    .description(
      'assemble the system prompt for the project at [dir] (default: the current directory)',
    )
    .argument('[dir]', 'project directory')
    .addOption(new Option('--preset <name>', 'section preset').choices(PRESETS).default('default'))
    .addOption(
      new Option('--mode <mode>', 'full, minimal (sub-agents), none or coordinator')
        .choices(MODES)
        .default('full'),
    )
    .option('--model <id>', 'model id, e.g. claude-sonnet-4-5 (turns on model-specific notes)')
    .option('--now <iso>', 'fix the clock (ISO-8601) for reproducible output')
    .option(
      '--tools <file>',
      "tool definitions (JSON array or MCP tools/list result) to price; repeatable, adds to the config's tools.files",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('--json', 'print one JSON object instead of text');
  addPromptFlags(command).action((dir: string | undefined, options: BuildOptions) =>
    run(ctx, dir, options),
  );
};
