/**
 * Hangs and crashes on special files: a FIFO, a link to /dev/zero, a folder and a huge sparse file
 * in the place of an instruction file, a SKILL.md, a PLAN.md and a session file. Each gives a
 * diagnostic and nothing hangs: library calls race a timer; CLI runs are child processes with a
 * kill timeout (a synchronous hang could not be timed out in-process).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, truncateSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectFile } from '../../src/files/index.js';
import { FileSessionStore, loadConfirmedPlan, planPaths } from '../../src/session/index.js';
import { defaultSkillRoots, loadSkills } from '../../src/skills/index.js';
import { loadInstructionSources } from '../../src/sources/index.js';
import { BIN } from '../helpers/cli-process.js';
import { type Entry, hostileTree, within } from './helpers.js';

const KINDS = ['fifo', 'dev-zero', 'directory', 'sparse'] as const;
type Kind = (typeof KINDS)[number];

/** Plants `kind` at `rel` under a fresh repository. */
function repoWith(rel: string, kind: Kind, extra: Record<string, Entry> = {}): string {
  const entry: Entry | undefined =
    kind === 'fifo'
      ? { fifo: true }
      : kind === 'dev-zero'
        ? { link: '/dev/zero' }
        : kind === 'directory'
          ? { dir: true }
          : undefined;
  const root = hostileTree({ '.git/HEAD': 'ref: x', ...extra, ...(entry ? { [rel]: entry } : {}) });
  if (kind === 'sparse') {
    const p = join(root, rel);
    mkdirSync(dirname(p), { recursive: true });
    const fd = openSync(p, 'w');
    closeSync(fd);
    truncateSync(p, 2 ** 30); // 1 GB, no blocks
  }
  return root;
}

function runCli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent-home' },
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

const EXPECTED: Record<Kind, RegExp> = {
  fifo: /E_NOT_A_FILE|E_SKILL_READ/,
  'dev-zero': /E_SYMLINK_OUTSIDE_ROOT|E_NOT_A_FILE|E_SKILL_READ/,
  directory: /E_NOT_A_FILE|E_SKILL_READ/,
  sparse: /W_READ_CAP|E_FILE_TOO_LARGE|E_SKILL_TOO_LARGE/,
};

describe.each(KINDS)('%s', (kind) => {
  it('as AGENTS.md: the loader reports it and goes on', async () => {
    const root = repoWith('AGENTS.md', kind, { 'CLAUDE.md': 'still here\n' });
    const r = await within(10_000, loadInstructionSources({ cwd: root }));
    const agents = r.sources.find((s) => s.path === 'AGENTS.md');
    if (kind === 'sparse')
      expect(agents?.status).toBe('skipped'); // 1 MB of NUL bytes: binary
    else expect(agents?.status ?? 'skipped').toBe('skipped');
    const codes = r.diagnostics.filter((d) => d.file === 'AGENTS.md').map((d) => d.code);
    expect(codes.join(' ')).toMatch(kind === 'sparse' ? /E_BINARY_FILE/ : EXPECTED[kind]);
    expect(r.sources.find((s) => s.path === 'CLAUDE.md')?.status).toBe('loaded');
  });

  it('as a memory file (the gate the memory loader uses)', async () => {
    const root = repoWith('.ctxloom/memory/MEMORY.md', kind);
    const r = readProjectFile(join(root, '.ctxloom/memory/MEMORY.md'), {
      roots: [root],
      maxBytes: 256 * 1024,
      kind: 'memory file',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostic.code).toMatch(EXPECTED[kind]);
  });

  it('as SKILL.md: reported, the other skills load', async () => {
    const root = repoWith('.agents/skills/bad/SKILL.md', kind, {
      '.agents/skills/ok/SKILL.md': '---\nname: ok\ndescription: fine\n---\nbody\n',
    });
    const set = await within(10_000, loadSkills(defaultSkillRoots({ projectDir: root })));
    expect(set.skills.map((s) => s.name)).toEqual(['ok']);
    const d = set.diagnostics.find((x) => x.file === '.agents/skills/bad/SKILL.md');
    expect(d?.code).toMatch(EXPECTED[kind]);
  });

  it('as MEMORY.md and PLAN.md, `build` exits at once with a diagnostic for each', () => {
    const root = repoWith('.ctxloom/memory/MEMORY.md', kind);
    const plan = join(root, '.ctxloom/plan/PLAN.md');
    mkdirSync(dirname(plan), { recursive: true });
    if (kind === 'fifo') spawnSync('mkfifo', [plan]);
    else if (kind === 'directory') mkdirSync(plan);
    else if (kind === 'dev-zero') spawnSync('ln', ['-s', '/dev/zero', plan]);
    else {
      closeSync(openSync(plan, 'w'));
      truncateSync(plan, 2 ** 30);
    }
    const r = runCli(['build', root, '--json', '--now', '2026-01-01T00:00:00Z']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    const diags = JSON.parse(r.stdout).diagnostics as { code: string; file?: string }[];
    for (const file of ['.ctxloom/memory/MEMORY.md', '.ctxloom/plan/PLAN.md'])
      expect(
        diags
          .filter((d) => d.file === file)
          .map((d) => d.code)
          .join(' '),
        file,
      ).toMatch(EXPECTED[kind]);
  });

  it('as PLAN.md: skipped with a diagnostic, never thrown', () => {
    const root = repoWith('.ctxloom/plan/PLAN.md', kind);
    const r = loadConfirmedPlan(planPaths(root));
    expect(r.plan).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code).join(' ')).toMatch(EXPECTED[kind]);
  });

  it('as a session file: list() reports it as corrupt; `session list` exits', async () => {
    const root = repoWith('.ctxloom/sessions/s1.json', kind);
    const store = new FileSessionStore(join(root, '.ctxloom/sessions'), { root });
    const list = await within(10_000, store.list());
    expect(list).toEqual([expect.objectContaining({ id: 's1', ok: false })]);
    const cli = runCli(['session', 'list', root]);
    expect(cli.signal).toBeNull();
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('CORRUPT');
  });
});

describe('the CLI on a repository full of special files', () => {
  it('build exits on its own (FIFO AGENTS.md, /dev/zero CLAUDE.md, folder rules, FIFO skill)', () => {
    const root = hostileTree({
      '.git/HEAD': 'ref: x',
      'AGENTS.md': { fifo: true },
      'CLAUDE.md': { link: '/dev/zero' },
      '.cursor/rules/a.mdc': { dir: true },
      '.cursor/rules/b.mdc': { fifo: true },
      '.agents/skills/x/SKILL.md': { fifo: true },
    });
    const r = runCli(['build', root, '--now', '2026-01-01T00:00:00Z', '--json']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    const codes = JSON.parse(r.stdout).diagnostics.map((d: { code: string }) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['E_NOT_A_FILE', 'E_SYMLINK_OUTSIDE_ROOT']));
  });

  it('a session file whose id differs from its file name is E_SESSION_CORRUPT', async () => {
    const root = hostileTree({
      '.ctxloom/sessions/a.json': JSON.stringify({
        version: 2,
        id: 'b',
        createdAt: '2026-01-01T00:00:00.000Z',
        revision: 0,
      }),
    });
    const store = new FileSessionStore(join(root, '.ctxloom/sessions'), { root });
    await expect(store.load('a')).rejects.toMatchObject({
      code: expect.stringMatching(/E_SESSION_CORRUPT/),
    });
  });
});
