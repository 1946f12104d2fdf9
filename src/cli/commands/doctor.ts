/**
 * @module cli/commands/doctor
 * `ctxloom doctor [dir]`: proves the static tier is cache-stable for every preset and mode.
 */
import { checkStaticStability, createPresetRegistry, MODES, PRESETS } from '../../prompt/index.js';
import { type CommandContext, EXIT, type RegisterCommand } from '../command.js';
import { loadProjectContext } from '../project-context.js';

interface DoctorOptions {
  model?: string;
  now?: string;
  json?: boolean;
}

function excerpt(text: string | null, at: number): string {
  if (text === null) return '(nothing)';
  const start = Math.max(0, at - 20);
  return JSON.stringify(
    `${start > 0 ? '…' : ''}${text.slice(start, at + 40)}${at + 40 < text.length ? '…' : ''}`,
  );
}

async function run(
  ctx: CommandContext,
  dir: string | undefined,
  options: DoctorOptions,
): Promise<void> {
  const { io } = ctx;
  const project = await loadProjectContext(io, dir, { model: options.model, now: options.now });
  const results = PRESETS.flatMap((preset) =>
    MODES.map((mode) => ({
      preset,
      mode,
      report: checkStaticStability(createPresetRegistry({ preset, mode }), project.context),
    })),
  );
  const unstable = results.filter((r) => !r.report.stable);
  if (options.json) {
    io.out(
      `${JSON.stringify(
        {
          stable: unstable.length === 0,
          checks: results.map((r) => ({
            preset: r.preset,
            mode: r.mode,
            checked: r.report.checked,
            unstable: r.report.unstable,
          })),
        },
        null,
        2,
      )}\n`,
    );
  } else {
    for (const r of results) {
      const label = `${r.preset}/${r.mode}`;
      if (r.report.stable) {
        io.out(
          `ok    ${label}: ${r.report.checked.length} static sections identical across sessions\n`,
        );
        continue;
      }
      for (const u of r.report.unstable) {
        io.out(
          `FAIL  ${label}: static section "${u.section}" changes with per-session data (first difference at character ${u.firstDifference})\n` +
            `      session A: ${excerpt(u.a, u.firstDifference)}\n      session B: ${excerpt(u.b, u.firstDifference)}\n`,
        );
      }
    }
    io.out(
      unstable.length === 0
        ? 'The static tier is cache-stable.\n'
        : 'The static tier is NOT cache-stable: move the sections above to the dynamic tier or stop them reading per-session data.\n',
    );
  }
  if (unstable.length > 0) ctx.setExitCode(EXIT.findings);
}

export const registerDoctorCommand: RegisterCommand = (program, ctx) => {
  program
    .command('doctor')
    .description('check that the static tier is identical across sessions (prompt-cache stable)')
    .argument('[dir]', 'project directory')
    .option('--model <id>', 'model id')
    .option('--now <iso>', 'fix the clock (ISO-8601)')
    .option('--json', 'print one JSON object')
    .action((dir: string | undefined, options: DoctorOptions) => run(ctx, dir, options));
};
