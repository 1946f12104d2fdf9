import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findProjectRoot } from './discover.js';
import { loadInstructionSources } from './load.js';
import { nodeSourceFs } from './source-fs.js';
import { makeTree } from './test-helpers/tree.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});
function tree(files: Parameters<typeof makeTree>[0]): string {
  const t = makeTree(files);
  cleanups.push(t.cleanup);
  return t.dir;
}

describe('findProjectRoot', () => {
  it('returns the nearest folder holding a marker (file or folder)', async () => {
    const dir = tree({ '.git/HEAD': 'x', 'sub/.git': 'gitdir: elsewhere', 'sub/a/b/f': '' });
    expect(await findProjectRoot(join(dir, 'sub/a/b'), ['.git'], nodeSourceFs)).toBe(
      join(dir, 'sub'),
    );
    expect(
      await findProjectRoot(join(dir, 'sub/a'), ['.nothing-here-xyz'], nodeSourceFs),
    ).toBeNull();
  });
});

describe('rules folders listing', () => {
  it('reports symlink loops and links leading outside the root, and lists the rest once', async () => {
    const outside = makeTree({ 'x.mdc': '---\nalwaysApply: true\n---\nFROM_ELSEWHERE' });
    cleanups.push(outside.cleanup);
    const dir = tree({
      '.git/HEAD': 'x',
      '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nA',
      '.cursor/rules/loop': { link: '.' },
      '.cursor/rules/self-a.mdc': { link: 'self-b.mdc' },
      '.cursor/rules/self-b.mdc': { link: 'self-a.mdc' },
      '.cursor/rules/out': { link: outside.dir },
    });
    const r = await loadInstructionSources({ cwd: dir });
    expect(r.sources.map((s) => s.path)).toEqual(['.cursor/rules/a.mdc']);
    const codes = r.diagnostics.map((d) => `${d.code} ${d.file}`);
    expect(codes).toContain('E_SYMLINK_LOOP .cursor/rules/loop');
    expect(codes).toContain('E_SYMLINK_OUTSIDE_ROOT .cursor/rules/out');
    expect(codes).toContain('E_SYMLINK_LOOP .cursor/rules/self-a.mdc');
    expect(r.rules.map((x) => `${x.path}:${x.status}`)).toEqual([
      '.cursor/rules/self-a.mdc:skipped',
      '.cursor/rules/self-b.mdc:skipped',
    ]);
    expect(JSON.stringify(r)).not.toContain('FROM_ELSEWHERE');
  });

  it('caps the number of rule files per folder with a diagnostic', async () => {
    const files: Record<string, string> = { '.git/HEAD': 'x' };
    for (let i = 0; i < 5; i++)
      files[`.cursor/rules/r${i}.mdc`] = `---\nglobs: "*.ts"\n---\nrule ${i}`;
    const r = await loadInstructionSources({ cwd: tree(files), maxRulesPerFolder: 3 });
    expect(r.rules.map((x) => x.name)).toEqual(['r0', 'r1', 'r2']);
    expect(r.diagnostics.filter((d) => d.code === 'W_RULES_LIMIT')).toEqual([
      expect.objectContaining({ file: '.cursor/rules/r3.mdc' }),
    ]);
  });

  it('locates a bad frontmatter value on its line', async () => {
    const dir = tree({
      '.git/HEAD': 'x',
      '.cursor/rules/a.mdc': '---\ndescription: d\nalwaysApply: maybe\n---\nA',
    });
    const r = await loadInstructionSources({ cwd: dir });
    expect(r.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'W_FRONTMATTER_VALUE',
        file: '.cursor/rules/a.mdc',
        line: 3,
      }),
    );
  });
});

describe('explicit root', () => {
  it('uses a given root, and falls back to cwd when cwd is outside it', async () => {
    const dir = tree({ 'AGENTS.md': 'top', 'a/AGENTS.md': 'a' });
    mkdirSync(join(dir, 'b'));
    const inside = await loadInstructionSources({ cwd: join(dir, 'a'), root: dir });
    expect(inside.sources.map((s) => s.path)).toEqual(['AGENTS.md', 'a/AGENTS.md']);
    const outside = await loadInstructionSources({ cwd: dir, root: join(dir, 'b') });
    expect(outside.diagnostics[0]!.code).toBe('W_CWD_OUTSIDE_ROOT');
    expect(outside.root).toBe(dir);
  });
});
