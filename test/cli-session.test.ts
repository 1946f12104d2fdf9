import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './helpers/memory-io.js';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ctxloom-cli-session-'));
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, 'AGENTS.md'), '# Rules\nRun the tests.\n');
  return dir;
}

describe('ctxloom plan', () => {
  it('draft changes nothing the prompt shows; confirm does, and build shows it', async () => {
    const dir = project();
    const NOW = ['--now', '2026-01-01T00:00:00Z'];
    const before = await runInProcess(['build', dir, ...NOW]);
    const draft = await runInProcess(['plan', 'draft', dir], {
      stdin: '1. Write the failing test.\n2. Fix it.\n',
    });
    expect(draft.code).toBe(0);
    expect((await runInProcess(['build', dir, ...NOW])).stdout).toBe(before.stdout);
    const confirm = await runInProcess(['plan', 'confirm', dir]);
    expect(confirm.code).toBe(0);
    const after = await runInProcess(['build', dir, ...NOW]);
    expect(after.stdout).toContain('<current-plan file="PLAN.md" trust="untrusted">');
    expect(after.stdout).toContain('1. Write the failing test.');
    const show = JSON.parse((await runInProcess(['plan', 'show', dir, '--json'])).stdout);
    expect(show.confirmed).toBe('1. Write the failing test.\n2. Fix it.\n');
    expect(readFileSync(join(dir, '.ctxloom', 'plan', 'PLAN.md'), 'utf8')).toBe(show.confirmed);
  });

  it('confirm without a draft exits 2 with a one-line message', async () => {
    const r = await runInProcess(['plan', 'confirm', project()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nothing to confirm/);
  });

  it('draft --file reads a file; an empty draft is refused', async () => {
    const dir = project();
    writeFileSync(join(dir, 'p.md'), 'step one\n');
    expect((await runInProcess(['plan', 'draft', dir, '--file', join(dir, 'p.md')])).code).toBe(0);
    expect((await runInProcess(['plan', 'draft', dir], { stdin: '  \n' })).code).toBe(2);
  });
});

describe('ctxloom session', () => {
  it('lists, shows and forks stored sessions; reports a corrupt one', async () => {
    const dir = project();
    const sessions = join(dir, '.ctxloom', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(
      join(sessions, 'main.json'),
      JSON.stringify({
        version: 2,
        id: 'main',
        createdAt: '2026-01-01T00:00:00Z',
        revision: 3,
        activated: [{ key: 'rule:http', via: 'path' }],
        invokedSkills: [],
        compactions: [],
        artifacts: [],
        cache: { turns: 2, inputTotal: 100, cacheRead: 80, cacheWrite: 10 },
      }),
    );
    const list = await runInProcess(['session', 'list', dir, '--json']);
    expect(JSON.parse(list.stdout)).toEqual([
      expect.objectContaining({ id: 'main', ok: true, revision: 3 }),
    ]);
    const show = await runInProcess(['session', 'show', 'main', dir]);
    expect(show.stdout).toMatch(/activated: rule:http/);
    const fork = await runInProcess(['session', 'fork', 'main', dir, '--json']);
    const child = JSON.parse(fork.stdout);
    expect(child).toMatchObject({
      parentId: 'main',
      activated: [{ key: 'rule:http', via: 'path' }],
      revision: 0,
    });
    writeFileSync(join(sessions, 'zz.json'), 'not json');
    const listed = await runInProcess(['session', 'list', dir]);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toMatch(/zz\s+CORRUPT/);
    expect(readFileSync(join(sessions, 'zz.json'), 'utf8')).toBe('not json');
    expect((await runInProcess(['session', 'show', 'nope', dir])).code).toBe(2);
  });
});
