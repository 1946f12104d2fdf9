/**
 * @module cli/commands/plan
 * `ctxloom plan draft|confirm|show [dir]`: the project's plan under `.ctxloom/plan/`. Drafting
 * changes nothing the model sees; confirming replaces the confirmed plan atomically and is the
 * visible cache boundary.
 */
import type { Command } from 'commander';
import { confirmPlan, planPaths, readPlan, writeDraft } from '../../session/index.js';
import { type CommandContext, type RegisterCommand, UsageError } from '../command.js';
import { resolveProjectRoot } from '../project-context.js';
import { readText } from '../read-json.js';

export const registerPlanCommand: RegisterCommand = (program: Command, ctx: CommandContext) => {
  const plan = program
    .command('plan')
    .description("draft, confirm or show the project's plan (.ctxloom/plan/)");
  plan
    .command('draft')
    .description('write the draft from standard input or --file (the prompt does not change)')
    .argument('[dir]', 'project directory')
    .option('--file <path>', 'read the draft from this file instead of standard input')
    .action(async (dir: string | undefined, o: { file?: string }) => {
      const text = o.file === undefined ? await ctx.io.readStdin() : readText(ctx.io, o.file);
      if (text.trim() === '') throw new UsageError('the draft is empty');
      const paths = planPaths(await resolveProjectRoot(ctx.io, dir));
      writeDraft(paths, text);
      ctx.io.out(
        `draft written to ${paths.draft} (not in the prompt until "ctxloom plan confirm")\n`,
      );
    });
  plan
    .command('confirm')
    .description('make the draft the confirmed plan (atomic); the prompt shows it from now on')
    .argument('[dir]', 'project directory')
    .action(async (dir: string | undefined) => {
      const paths = planPaths(await resolveProjectRoot(ctx.io, dir));
      const text = confirmPlan(paths);
      ctx.io.out(
        `confirmed ${paths.confirmed} (${text.split('\n').filter((l) => l.trim()).length} lines)\n`,
      );
    });
  plan
    .command('show')
    .description('print the confirmed plan and the draft')
    .argument('[dir]', 'project directory')
    .option('--json', 'print one JSON object')
    .action(async (dir: string | undefined, o: { json?: boolean }) => {
      const paths = planPaths(await resolveProjectRoot(ctx.io, dir));
      const state = readPlan(paths);
      if (o.json) {
        ctx.io.out(
          `${JSON.stringify({ confirmed: state.confirmed ?? null, draft: state.draft ?? null, paths }, null, 2)}\n`,
        );
        return;
      }
      ctx.io.out(`confirmed (${paths.confirmed}):\n${state.confirmed ?? '(none)'}\n`);
      const pending = state.draft !== undefined && state.draft !== state.confirmed;
      ctx.io.out(
        `\ndraft (${paths.draft})${pending ? ', not confirmed yet' : ''}:\n${state.draft ?? '(none)'}\n`,
      );
    });
};
