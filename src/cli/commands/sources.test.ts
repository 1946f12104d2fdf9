import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../../../test/helpers/memory-io.js';

let dir = '';
afterEach(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function tree(files: Record<string, string>): string {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'ctxloom-cli-sources-')));
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(dir, ...rel.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return dir;
}

const project = {
  '.git/HEAD': 'ref\n',
  'AGENTS.md': 'root rules\n',
  'pkg/AGENTS.md': 'pkg rules\n',
  'pkg/src/.keep': '',
  '.cursor/rules/ts.mdc': '---\nglobs: **/*.ts\n---\nTS rule\n',
  '.cursor/rules/sql.mdc': '---\ndescription: SQL style\n---\nSQL rule\n',
  'bin.md': '',
  'CLAUDE.md': '@missing.md\n',
};

describe('ctxloom sources', () => {
  it('lists sources in order with scope, status, bytes and tokens, then rules and diagnostics', async () => {
    const root = tree(project);
    const r = await runInProcess(['sources', 'pkg/src'], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    const rows = lines.filter((l) => /^\s+\d+\s/.test(l)).map((l) => l.trim().split(/\s+/));
    expect(rows.map((c) => [c[1], c[2], c[7]])).toEqual([
      ['project', 'loaded', 'AGENTS.md'],
      ['project', 'loaded', 'CLAUDE.md'],
      ['directory', 'loaded', 'pkg/AGENTS.md'],
    ]);
    expect(rows[0]!.slice(3, 7)).toEqual(['11', '11', '0', '3']);
    expect(r.stdout).toMatch(/glob\s+\.cursor\/rules\/ts\.mdc {2}\*\*\/\*\.ts/);
    expect(r.stdout).toMatch(/agent-requested\s+\.cursor\/rules\/sql\.mdc {2}"SQL style"/);
    expect(r.stdout).toContain(
      'CLAUDE.md:1:1: warning W_IMPORT_MISSING: import @missing.md not found',
    );
  });

  it('prints the provenance as JSON without absolute paths or contents', async () => {
    const root = tree(project);
    const r = await runInProcess(['sources', '--json'], { cwd: join(root, 'pkg') });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.cwd).toBe('pkg');
    expect(json.sources.map((s: { path: string }) => s.path)).toEqual([
      'AGENTS.md',
      'CLAUDE.md',
      'pkg/AGENTS.md',
    ]);
    expect(json.sources[0]).toMatchObject({
      kind: 'agents-md',
      scope: 'project',
      trust: 'untrusted',
      status: 'loaded',
      bytes: 11,
      tokens: 3,
    });
    expect(json.sources[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(json.rules.map((x: { name: string; mode: string }) => `${x.name}:${x.mode}`)).toEqual([
      'sql:agent-requested',
      'ts:glob',
    ]);
    expect(json.diagnostics.map((d: { code: string }) => d.code)).toContain('W_IMPORT_MISSING');
    expect(r.stdout).not.toContain('root rules');
    expect(r.stdout).not.toContain(`"absolutePath"`);
  });

  it('supports --strategy nearest and budgets', async () => {
    const root = tree(project);
    const nearest = await runInProcess(['sources', 'pkg', '--json', '--strategy', 'nearest'], {
      cwd: root,
    });
    expect(JSON.parse(nearest.stdout).sources.map((s: { path: string }) => s.path)).toEqual([
      'pkg/AGENTS.md',
    ]);
    // the budget counts rendered bytes: the section's notice and rank rule (~575) and one wrapped file (~125) fit in 750
    const tight = await runInProcess(['sources', 'pkg', '--json', '--budget-bytes', '750'], {
      cwd: root,
    });
    const statuses = JSON.parse(tight.stdout).sources.map((s: { status: string }) => s.status);
    expect(statuses).toEqual(['skipped', 'skipped', 'loaded']);
  });

  it('--for lists the glob rules and the directory rules that apply to a touched file', async () => {
    const root = tree({ ...project, 'pkg/src/deep/AGENTS.md': 'deep rules\n' });
    const r = await runInProcess(['sources', '--for', 'pkg/src/deep/x.ts'], { cwd: root });
    expect(r.code).toBe(0);
    const section = r.stdout.slice(r.stdout.indexOf('rules that apply to pkg/src/deep/x.ts'));
    expect(section).toMatch(/rule\s+\.cursor\/rules\/ts\.mdc {2}\*\*\/\*\.ts/);
    expect(section).toMatch(/directory\s+pkg\/src\/deep\/AGENTS\.md {2}pkg\/src\/deep\/\*\*/);
    expect(section).not.toContain('sql.mdc');
    const json = JSON.parse(
      (await runInProcess(['sources', '--json', '--for', 'README.md'], { cwd: root })).stdout,
    );
    expect(json.for).toEqual({ path: 'README.md', rules: [], diagnostics: [] });
  });

  it('reads user-global files from home, extra ones with --global-file, none with --no-global', async () => {
    const root = tree({
      ...project,
      '__home/.config/ctxloom/AGENTS.md': 'g1',
      '__home/.claude/CLAUDE.md': 'g2',
    });
    const home = join(root, '__home');
    const list = async (...args: string[]) =>
      JSON.parse(
        (await runInProcess(['sources', '--json', ...args], { cwd: root, home })).stdout,
      ).sources.map(
        (s: { path: string; kind: string; scope: string }) => `${s.scope}:${s.kind}:${s.path}`,
      );
    expect((await list('--global-file', '~/.claude/CLAUDE.md')).slice(0, 2)).toEqual([
      'global:agents-md:__home/.config/ctxloom/AGENTS.md',
      'global:claude-md:__home/.claude/CLAUDE.md',
    ]);
    expect((await list('--no-global')).some((s: string) => s.startsWith('global'))).toBe(false);
  });

  it('rejects bad arguments with exit code 2', async () => {
    const root = tree(project);
    expect((await runInProcess(['sources', 'no/such/dir'], { cwd: root })).code).toBe(2);
    const bad = await runInProcess(['sources', '--strategy', 'widest'], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--strategy');
    expect((await runInProcess(['sources', '--budget-bytes', '-3'], { cwd: root })).code).toBe(2);
  });
});
