/**
 * Writes follow links out of the repository: committed symlinked folders for plan writes and
 * session fork, and `compact --out` through a symlink or hard link to its input. Each is refused
 * (exit 2) and nothing is written outside.
 */
import { existsSync, linkSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSession, FileSessionStore } from '../../src/session/index.js';
import { runInProcess } from '../helpers/memory-io.js';
import { hostileTree } from './helpers.js';

const draft = (dir: string) => runInProcess(['plan', 'draft', dir], { stdin: '1. step\n' });

describe('plan writes stay in the repository', () => {
  it('.ctxloom symlinked out: draft refused, nothing created outside', async () => {
    const outside = hostileTree();
    const root = hostileTree({ '.git/HEAD': 'ref: x', '.ctxloom': { link: outside } });
    const r = await draft(root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('outside the repository');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('.ctxloom/plan symlinked out: draft and confirm refused', async () => {
    const outside = hostileTree({ 'PLAN.draft.md': '1. planted\n' });
    const root = hostileTree({ '.git/HEAD': 'ref: x', '.ctxloom/plan': { link: outside } });
    expect((await draft(root)).code).toBe(2);
    const confirm = await runInProcess(['plan', 'confirm', root]);
    expect(confirm.code).toBe(2);
    expect(existsSync(join(outside, 'PLAN.md'))).toBe(false);
    expect(readFileSync(join(outside, 'PLAN.draft.md'), 'utf8')).toBe('1. planted\n');
  });

  it('PLAN.md committed as a link to a file outside: confirm refuses to write through it', async () => {
    const outside = hostileTree({ 'victim.md': 'keep me\n' });
    const root = hostileTree({
      '.git/HEAD': 'ref: x',
      '.ctxloom/plan/PLAN.md': { link: join(outside, 'victim.md') },
    });
    expect((await draft(root)).code).toBe(0);
    const r = await runInProcess(['plan', 'confirm', root]);
    expect(r.code).toBe(2);
    expect(readFileSync(join(outside, 'victim.md'), 'utf8')).toBe('keep me\n');
  });

  it('a dangling .ctxloom link (mkdir would follow it) is refused', async () => {
    const outside = hostileTree();
    const root = hostileTree({ '.git/HEAD': 'ref: x', '.ctxloom': { link: join(outside, 'new') } });
    expect((await draft(root)).code).toBe(2);
    expect(existsSync(join(outside, 'new'))).toBe(false);
  });
});

describe('session fork stays in the repository', () => {
  it('.ctxloom/sessions symlinked out: fork refused, nothing written there', async () => {
    const outside = hostileTree();
    const store = new FileSessionStore(outside);
    await store.create(createSession({ id: 's1', createdAt: '2026-01-01T00:00:00.000Z' }));
    const before = readdirSync(outside).sort();
    const root = hostileTree({ '.git/HEAD': 'ref: x', '.ctxloom/sessions': { link: outside } });
    const r = await runInProcess(['session', 'fork', 's1', root]);
    expect(r.code).toBe(2);
    expect(readdirSync(outside).sort()).toEqual(before);
  });

  it('the store refuses writes whose folder resolves out of its root', async () => {
    const outside = hostileTree();
    const root = hostileTree({ '.ctxloom': { link: outside } });
    const store = new FileSessionStore(join(root, '.ctxloom/sessions'), { root });
    await expect(
      store.create(createSession({ id: 'x', createdAt: '2026-01-01T00:00:00.000Z' })),
    ).rejects.toMatchObject({ code: 'E_WRITE_OUTSIDE_ROOT' });
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('compact --out never overwrites its input', () => {
  const transcript = JSON.stringify({ messages: [{ role: 'user', content: 'hello' }] });

  it.each(['symlink', 'hard link'])('--out through a %s to the input: exit 2', async (how) => {
    const dir = hostileTree({ 'in.json': transcript });
    const out = join(dir, 'out.json');
    if (how === 'symlink') symlinkSync('in.json', out);
    else linkSync(join(dir, 'in.json'), out);
    const r = await runInProcess(['compact', 'in.json', '--out', 'out.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('same file as the input');
    expect(readFileSync(join(dir, 'in.json'), 'utf8')).toBe(transcript);
  });

  it('a different --out file is written', async () => {
    const dir = hostileTree({ 'in.json': transcript });
    const r = await runInProcess(['compact', 'in.json', '--out', 'out.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'))).toBeTypeOf('object');
  });
});
