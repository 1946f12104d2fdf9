/**
 * @module cli/commands/inspect
 * `ctxloom inspect [dir] [--session ID] [--provider P] --out report.html`: one self-contained HTML
 * page of the context (tiers and sections, breakpoints, sources, findings, skills, and for a
 * session its history, compactions and cache timeline), rendered by the library.
 */
import { resolve } from 'node:path';
import { Option } from 'commander';
import { CtxloomError } from '../../diagnostics/index.js';
import { writeProjectFile } from '../../files/index.js';
import { DEFAULT_INSPECT_WINDOW, renderInspectionHtml } from '../../inspect/index.js';
import { type RegisterCommand, UsageError } from '../command.js';
import { INSPECT_PROVIDERS, type InspectFlags, inspectionFromFlags } from './context.js';

export const registerInspectCommand: RegisterCommand = (program, ctx) => {
  program
    .command('inspect')
    .description('write one self-contained HTML page showing the context as the model receives it')
    .argument('[dir]', 'project directory')
    .requiredOption('--out <file>', 'the HTML file to write')
    .option('--session <id>', 'a stored session (.ctxloom/sessions/ID.json)')
    .option('--window <n>', `context window in tokens (default ${DEFAULT_INSPECT_WINDOW})`)
    .addOption(
      new Option('--provider <name>', 'target API').choices(INSPECT_PROVIDERS).default('anthropic'),
    )
    .option('--model <id>', 'model id (default per provider)')
    .option('--tools <file>', 'JSON tool file (array or MCP tools/list result)')
    .option('--now <iso>', 'fix the clock (ISO-8601)')
    .action(async (dir: string | undefined, flags: InspectFlags & { out: string }) => {
      const { inspection } = await inspectionFromFlags(ctx, dir, flags);
      const html = renderInspectionHtml(inspection);
      const path = resolve(ctx.io.cwd, flags.out);
      try {
        writeProjectFile(path, html, { display: flags.out });
      } catch (error) {
        if (CtxloomError.isInstance(error))
          throw new UsageError(`--out ${error.message}`, error, { file: flags.out });
        throw error;
      }
      ctx.io.err(`wrote ${flags.out} (${Buffer.byteLength(html)} bytes)\n`);
    });
};
