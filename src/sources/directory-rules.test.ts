import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDirectoryRules } from './directory-rules.js';
import { loadInstructionSources } from './load.js';
import { matchPathRules } from './match-path-rules.js';
import { countingFs, makeTree } from './test-helpers/tree.js';

let cleanup = () => {};
afterEach(() => cleanup());

describe('loadDirectoryRules', () => {
  it('turns files below cwd into <dir>/** rules, found only along the touched path', async () => {
    const t = makeTree({
      '.git/HEAD': 'x',
      'AGENTS.md': 'root',
      'pkg/AGENTS.md': 'pkg rules',
      'pkg/CLAUDE.md': '@AGENTS.md\nclaude extra',
      'pkg/ui/AGENTS.md': 'ui rules',
      'pkg/ui/button.tsx': 'code',
      'other/AGENTS.md': 'not on the path',
    });
    cleanup = t.cleanup;
    const options = { cwd: t.dir };
    const result = await loadInstructionSources(options);
    expect(result.sources.map((s) => s.path)).toEqual(['AGENTS.md']);
    const { fs, calls } = countingFs();
    const found = await loadDirectoryRules(result, 'pkg/ui/button.tsx', { ...options, fs });
    expect(calls.readdir).toEqual([]);
    expect(found.rules.map((r) => [r.path, r.scope, r.mode, r.globs.join(',')])).toEqual([
      ['pkg/AGENTS.md', 'directory', 'glob', 'pkg/**'],
      ['pkg/CLAUDE.md', 'directory', 'glob', 'pkg/**'],
      ['pkg/ui/AGENTS.md', 'directory', 'glob', 'pkg/ui/**'],
    ]);
    expect(found.rules[1]!.content).toBe('(see pkg/AGENTS.md, loaded separately)\nclaude extra');
    expect(matchPathRules(found.rules, 'pkg/ui/button.tsx')).toHaveLength(3);
    expect(matchPathRules(found.rules, 'pkg/readme.md').map((r) => r.path)).toEqual([
      'pkg/AGENTS.md',
      'pkg/CLAUDE.md',
    ]);
  });

  it('reads the rules folders of the folders below cwd on the way, scoping their rules', async () => {
    const mdc = (fm: string, body: string) => `---\n${fm}\n---\n${body}\n`;
    const t = makeTree({
      '.git/HEAD': 'x',
      'pkg/.cursor/rules/api.mdc': mdc('globs: src/api/**', 'API RULE'),
      'pkg/.cursor/rules/always.mdc': mdc('alwaysApply: true', 'PKG ALWAYS'),
      'pkg/.cursor/rules/ask.mdc': mdc('description: only when asked', 'ASK'),
      'other/.cursor/rules/x.mdc': mdc('alwaysApply: true', 'OTHER'),
    });
    cleanup = t.cleanup;
    const options = { cwd: t.dir };
    const result = await loadInstructionSources(options);
    expect(result.rules).toEqual([]); // nothing below cwd is read up front
    const found = await loadDirectoryRules(result, 'pkg/src/api/users.ts', options);
    expect(found.rules.map((r) => [r.path, r.mode, r.globs.join(',')])).toEqual([
      ['pkg/.cursor/rules/always.mdc', 'glob', 'pkg/**'],
      ['pkg/.cursor/rules/api.mdc', 'glob', 'pkg/src/api/**'],
      ['pkg/.cursor/rules/ask.mdc', 'agent-requested', ''],
    ]);
    expect(matchPathRules(found.rules, 'pkg/src/api/users.ts').map((r) => r.content)).toEqual([
      'PKG ALWAYS\n',
      'API RULE\n',
    ]);
    expect(matchPathRules(found.rules, 'pkg/README.md').map((r) => r.content)).toEqual([
      'PKG ALWAYS\n',
    ]);
    const elsewhere = await loadDirectoryRules(result, 'lib/x.ts', options);
    expect(elsewhere.rules).toEqual([]);
  });

  it('returns nothing for files outside cwd or the root, and repeats nothing already loaded', async () => {
    const t = makeTree({
      '.git/HEAD': 'x',
      'a/AGENTS.md': 'a',
      'a/b/AGENTS.md': 'b',
      'c/AGENTS.md': 'c',
    });
    cleanup = t.cleanup;
    const options = { cwd: join(t.dir, 'a') };
    const result = await loadInstructionSources(options);
    expect((await loadDirectoryRules(result, 'c/x.ts', options)).rules).toEqual([]);
    expect((await loadDirectoryRules(result, '../x.ts', options)).diagnostics[0]!.code).toBe(
      'W_PATH_OUTSIDE_ROOT',
    );
    expect((await loadDirectoryRules(result, 'a/x.ts', options)).rules).toEqual([]);
    expect(
      (await loadDirectoryRules(result, 'a/b/x.ts', options)).rules.map((r) => r.path),
    ).toEqual(['a/b/AGENTS.md']);
  });

  it('passes directory rules through the scanner', async () => {
    const t = makeTree({ '.git/HEAD': 'x', 'd/AGENTS.md': 'evil payload' });
    cleanup = t.cleanup;
    const options = {
      cwd: t.dir,
      scan: (text: string) =>
        text.includes('evil')
          ? { verdict: 'blocked' as const, findings: [{ ruleId: 'r1' }] }
          : { verdict: 'clean' as const, findings: [] },
    };
    const result = await loadInstructionSources(options);
    const found = await loadDirectoryRules(result, 'd/f.ts', options);
    expect(found.rules[0]!.status).toBe('blocked');
    expect(found.rules[0]!.content).not.toContain('evil');
  });
});
