/**
 * @module cli/commands/doctor
 * `ctxloom doctor [dir]`: proves the static tier is cache-stable for every preset and mode, and
 * that no tool's bytes changed between two saved sessions (their per-tool digests).
 */
import { join } from 'node:path';
import { checkStaticStability, createPresetRegistry, MODES, PRESETS } from '../../prompt/index.js';
import { FileSessionStore, type Session } from '../../session/index.js';
import { type SessionToolDrift, toolDriftAcrossSessions } from '../../tools/index.js';
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

/** The project's saved sessions (corrupt ones left out: `ctxloom session list` shows them). */
async function savedSessions(root: string): Promise<Session[]> {
  const store = new FileSessionStore(join(root, '.ctxloom', 'sessions'), { root });
  const sessions: Session[] = [];
  for (const s of await store.list()) if (s.ok) sessions.push(await store.load(s.id));
  return sessions;
}

/** Text lines for the tool check: a FAIL per changed tool, a note per added / removed one. */
function toolLines(drift: readonly SessionToolDrift[], compared: number): string {
  const lines: string[] = [];
  for (const d of drift)
    for (const c of d.changes)
      lines.push(
        c.kind === 'changed'
          ? `FAIL  tools: "${c.name}" changed bytes between sessions ${d.before} and ${d.after} (${c.before} -> ${c.after}): every cached prefix behind it was written again\n`
          : `note  tools: "${c.name}" ${c.kind === 'added' ? 'added' : 'removed'} between sessions ${d.before} and ${d.after}\n`,
      );
  // no saved session with digests: nothing to say (the static check's lines stand alone)
  if (compared > 0 && !drift.some((d) => d.changes.some((c) => c.kind === 'changed')))
    lines.push(
      compared === 1
        ? 'ok    tools: 1 saved session with tool digests, nothing to compare yet\n'
        : `ok    tools: every tool kept its bytes across ${compared} saved sessions\n`,
    );
  return lines.join('');
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
  const sessions = await savedSessions(project.root);
  const compared = sessions.filter((s) => s.tools !== undefined).length;
  const drift = toolDriftAcrossSessions(sessions);
  const toolsChanged = drift.some((d) => d.changes.some((c) => c.kind === 'changed'));
  if (options.json) {
    io.out(
      `${JSON.stringify(
        {
          stable: unstable.length === 0 && !toolsChanged,
          tools: { sessions: compared, stable: !toolsChanged, drift },
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
    io.out(toolLines(drift, compared));
    io.out(
      unstable.length === 0
        ? 'The static tier is cache-stable.\n'
        : 'The static tier is NOT cache-stable: move the sections above to the dynamic tier or stop them reading per-session data.\n',
    );
  }
  if (toolsChanged && !options.json)
    io.out(
      'A tool definition changed between sessions: pin its description and schema (MCP servers that rewrite them break the cache).\n',
    );
  if (unstable.length > 0 || toolsChanged) ctx.setExitCode(EXIT.findings);
}

export const registerDoctorCommand: RegisterCommand = (program, ctx) => {
  program
    .command('doctor')
    .description(
      'check that the static tier is identical across sessions and that no tool changed bytes between saved sessions (prompt-cache stable)',
    )
    .argument('[dir]', 'project directory')
    .option('--model <id>', 'model id')
    .option('--now <iso>', 'fix the clock (ISO-8601)')
    .option('--json', 'print one JSON object')
    .action((dir: string | undefined, options: DoctorOptions) => run(ctx, dir, options));
};
