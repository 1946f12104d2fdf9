/**
 * @module cli/commands/context
 * `ctxloom context [dir] [--session ID] [--window N] [--json]`: usage by category against the
 * window (static and dynamic system, tools, instruction files, skills catalog, memory, plan,
 * history, tool results verbatim and elided, free space), from the library's `loadInspection`.
 */
import { Option } from 'commander';
import { formatDiagnostic } from '../../diagnostics/index.js';
import {
  contextTable,
  DEFAULT_INSPECT_WINDOW,
  type LoadedInspection,
  loadInspection,
} from '../../inspect/index.js';
import { type CommandContext, type RegisterCommand, UsageError } from '../command.js';
import { resolveNow, resolveProjectDir } from '../project-context.js';

/** The providers `context` and `inspect` know. */
export const INSPECT_PROVIDERS = ['anthropic', 'openai', 'openai-responses', 'ai-sdk'] as const;

/** Flags shared by `context` and `inspect`. */
export interface InspectFlags {
  session?: string;
  window?: string;
  provider?: string;
  model?: string;
  now?: string;
  tools?: string;
}

/** Parses `--window` (a positive whole number of tokens). */
export function parseWindow(value: string | undefined): number {
  if (value === undefined) return DEFAULT_INSPECT_WINDOW;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0)
    throw new UsageError(`--window must be a positive whole number of tokens, got "${value}"`);
  return n;
}

/** Loads the inspection the flags ask for; tool diagnostics go to stderr. */
export async function inspectionFromFlags(
  ctx: CommandContext,
  dir: string | undefined,
  flags: InspectFlags,
): Promise<LoadedInspection> {
  const loaded = await loadInspection({
    cwd: resolveProjectDir(ctx.io, dir),
    home: ctx.io.home,
    env: ctx.io.env,
    now: resolveNow(flags.now),
    model: flags.model,
    provider: flags.provider,
    window: parseWindow(flags.window),
    sessionId: flags.session,
    toolsFile: flags.tools,
  });
  for (const d of loaded.toolDiagnostics) ctx.io.err(`${formatDiagnostic(d)}\n`);
  return loaded;
}

export const registerContextCommand: RegisterCommand = (program, ctx) => {
  program
    .command('context')
    .description('show what fills the context window, by category (like /context)')
    .argument('[dir]', 'project directory')
    .option('--session <id>', 'a stored session (.ctxloom/sessions/ID.json)')
    .option('--window <n>', `context window in tokens (default ${DEFAULT_INSPECT_WINDOW})`)
    .addOption(
      new Option('--provider <name>', 'target API').choices(INSPECT_PROVIDERS).default('anthropic'),
    )
    .option('--model <id>', 'model id (default per provider)')
    .option('--tools <file>', 'JSON tool file (array or MCP tools/list result): the tools row')
    .option('--now <iso>', 'fix the clock (ISO-8601)')
    .option('--json', 'print the whole inspection as one JSON object')
    .action(async (dir: string | undefined, flags: InspectFlags & { json?: boolean }) => {
      const { inspection } = await inspectionFromFlags(ctx, dir, flags);
      if (flags.json === true) ctx.io.out(`${JSON.stringify(inspection, null, 2)}\n`);
      else ctx.io.out(contextTable(inspection));
    });
};
