/**
 * @module cli/commands/session
 * `ctxloom session list|show ID|fork ID [dir]`: sessions stored under `.ctxloom/sessions/`.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Command } from 'commander';
import { FileSessionStore, forkSession } from '../../session/index.js';
import { type CommandContext, EXIT, type RegisterCommand } from '../command.js';
import { resolveProjectRoot } from '../project-context.js';
import { formatTable } from '../table.js';

async function storeFor(ctx: CommandContext, dir: string | undefined): Promise<FileSessionStore> {
  const root = await resolveProjectRoot(ctx.io, dir);
  // reads and writes stay inside the project (a symlinked .ctxloom/ cannot send them elsewhere)
  return new FileSessionStore(join(root, '.ctxloom', 'sessions'), { root });
}

export const registerSessionCommand: RegisterCommand = (program: Command, ctx: CommandContext) => {
  const session = program
    .command('session')
    .description('list, show or fork stored sessions (.ctxloom/sessions/)');
  session
    .command('list')
    .argument('[dir]', 'project directory')
    .option('--json', 'print one JSON object')
    .action(async (dir: string | undefined, o: { json?: boolean }) => {
      const list = await (await storeFor(ctx, dir)).list();
      if (o.json) ctx.io.out(`${JSON.stringify(list, null, 2)}\n`);
      else if (list.length === 0) ctx.io.out('no sessions\n');
      else {
        ctx.io.out(
          formatTable(
            ['id', 'parent', 'created', 'revision'],
            list.map((s) =>
              s.ok
                ? [s.id, s.parentId ?? '', s.createdAt, s.revision]
                : [s.id, '', `CORRUPT: ${s.error}`, ''],
            ),
          ),
        );
      }
      if (list.some((s) => !s.ok)) ctx.setExitCode(EXIT.findings);
    });
  session
    .command('show')
    .argument('<id>', 'session id')
    .argument('[dir]', 'project directory')
    .option('--json', 'print the stored JSON')
    .action(async (id: string, dir: string | undefined, o: { json?: boolean }) => {
      const s = await (await storeFor(ctx, dir)).load(id);
      if (o.json) {
        ctx.io.out(`${JSON.stringify(s, null, 2)}\n`);
        return;
      }
      ctx.io.out(
        `session ${s.id}${s.parentId ? ` (fork of ${s.parentId})` : ''}, created ${s.createdAt}, revision ${s.revision}\n` +
          `activated: ${s.activated.map((r) => r.key).join(', ') || '(none)'}\ninvoked skills: ${s.invokedSkills.join(', ') || '(none)'}\n` +
          `compactions: ${s.compactions.length}, artifacts: ${s.artifacts.length}\n` +
          `cache: ${s.cache.turns} turns, ${s.cache.cacheRead} of ${s.cache.inputTotal} input tokens read from cache\n`,
      );
    });
  session
    .command('fork')
    .argument('<id>', 'session id to fork')
    .argument('[dir]', 'project directory')
    .option('--json', 'print the new session as JSON')
    .action(async (id: string, dir: string | undefined, o: { json?: boolean }) => {
      const store = await storeFor(ctx, dir);
      const parent = await store.load(id);
      const child = await store.create(
        forkSession(parent, { id: randomUUID(), createdAt: new Date().toISOString() }),
      );
      ctx.io.out(o.json ? `${JSON.stringify(child, null, 2)}\n` : `${child.id}\n`);
    });
};
