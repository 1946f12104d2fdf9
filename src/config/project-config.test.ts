import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIG_CODES, parseProjectConfig } from './project-config.js';

const FILE = '.ctxloom/config.yaml';
/** What `AGENTS.md` in `files` becomes: the default file's own spec. */
const AGENTS_SPEC = {
  name: 'AGENTS.md',
  kind: 'agents-md',
  where: 'every-folder',
  group: 'agents',
  imports: true,
};
const codes = (text: string) =>
  parseProjectConfig(text, FILE).diagnostics.map((d) => [d.code, d.line, d.file]);

describe('parseProjectConfig', () => {
  it('reads every setting', () => {
    const { config, diagnostics } = parseProjectConfig(
      [
        'instructions:',
        '  strategy: nearest',
        '  files:',
        '    - AGENTS.md',
        '    - TEAM.md',
        '    - { name: docs/AI.md, kind: ai-notes, where: root, imports: false }',
        '  budget: { totalTokens: 8000, perFileBytes: 4096 }',
        '  maxImportDepth: 2',
        'skills:',
        '  visibility: { release-notes: pinned, legacy: disabled }',
        '  catalogTokens: 1500',
      ].join('\n'),
      FILE,
    );
    expect(diagnostics).toEqual([]);
    expect(config).toEqual({
      instructions: {
        strategy: 'nearest',
        files: [
          // a known name keeps its default spec
          AGENTS_SPEC,
          { name: 'TEAM.md', kind: 'custom', where: 'every-folder', imports: true },
          { name: 'docs/AI.md', kind: 'ai-notes', where: 'root', imports: false },
        ],
        budget: { totalTokens: 8000, perFileBytes: 4096 },
        maxImportDepth: 2,
      },
      skills: {
        visibility: { 'release-notes': 'pinned', legacy: 'disabled' },
        catalogTokens: 1500,
      },
    });
  });

  it('reads JSON too (YAML is a superset) and an empty file as no settings', () => {
    expect(parseProjectConfig('{"instructions":{"strategy":"nearest"}}', FILE).config).toEqual({
      instructions: { strategy: 'nearest' },
    });
    expect(parseProjectConfig('', FILE)).toEqual({ config: {}, diagnostics: [] });
    expect(parseProjectConfig('# only a comment\n', FILE)).toEqual({ config: {}, diagnostics: [] });
  });

  it('reports malformed YAML with its line and ignores the whole file', () => {
    const r = parseProjectConfig('instructions:\n  strategy: nearest\n  files: [a, b\n', FILE);
    expect(r.config).toEqual({});
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({
      code: CONFIG_CODES.yaml,
      severity: 'error',
      file: FILE,
    });
    expect(r.diagnostics[0]!.line).toBeGreaterThanOrEqual(3);
    expect(codes('a: 1\na: 2\n')).toEqual([[CONFIG_CODES.yaml, 2, FILE]]);
    // parses, but an alias points at no anchor: no value to read
    expect(codes('instructions: *nowhere\n')).toEqual([[CONFIG_CODES.yaml, 1, FILE]]);
  });

  it('reports each wrong value at its line and keeps the default for it alone', () => {
    const text = [
      'instructions:',
      '  strategy: closest',
      '  files: [AGENTS.md, 42]',
      '  budget: { totalTokens: -5, totalBytes: 1000 }',
      'skills:',
      '  visibility: { a: hidden, b: manual }',
      '  catalogTokens: lots',
    ].join('\n');
    const r = parseProjectConfig(text, FILE);
    expect(r.diagnostics.map((d) => [d.code, d.line, d.message.split(':')[0]])).toEqual([
      [CONFIG_CODES.invalid, 2, 'instructions.strategy'],
      [CONFIG_CODES.invalid, 3, 'instructions.files.1'],
      [CONFIG_CODES.invalid, 4, 'instructions.budget.totalTokens'],
      [CONFIG_CODES.invalid, 6, 'skills.visibility.a'],
      [CONFIG_CODES.invalid, 7, 'skills.catalogTokens'],
    ]);
    expect(r.config).toEqual({
      instructions: {
        files: [AGENTS_SPEC],
        budget: { totalBytes: 1000 },
      },
      skills: { visibility: { b: 'manual' } },
    });
  });

  it('refuses what would let a repository reach outside it: home files, paths out of the project', () => {
    const r = parseProjectConfig(
      [
        'instructions:',
        '  extraGlobalFiles: [~/.ssh/id_rsa]',
        "  files: [AGENTS.md, ../secrets.md, /etc/passwd, '~/.bashrc', a/../b.md, 'C:\\x.md', 'docs\\AI.md']",
      ].join('\n'),
      FILE,
    );
    expect(r.diagnostics.map((d) => [d.code, d.line, d.message.split(':')[0]])).toEqual([
      [CONFIG_CODES.invalid, 2, 'instructions.extraGlobalFiles'],
      [CONFIG_CODES.invalid, 3, 'instructions.files.1'],
      [CONFIG_CODES.invalid, 3, 'instructions.files.2'],
      [CONFIG_CODES.invalid, 3, 'instructions.files.3'],
      [CONFIG_CODES.invalid, 3, 'instructions.files.4'],
      [CONFIG_CODES.invalid, 3, 'instructions.files.5'],
      [CONFIG_CODES.invalid, 3, 'instructions.files.6'],
    ]);
    expect(r.config.instructions?.files?.map((f) => f.name)).toEqual(['AGENTS.md']);
    expect(JSON.stringify(r.config)).not.toContain('ssh');
  });

  it('accepts only instruction documents as file names (no .env, keys or .npmrc)', () => {
    const r = parseProjectConfig(
      'instructions:\n  files: [TEAM.md, .cursorrules, notes.txt, .env, id_rsa, .npmrc, config/secrets.json]\n',
      FILE,
    );
    expect(r.config.instructions?.files?.map((f) => f.name)).toEqual([
      'TEAM.md',
      '.cursorrules',
      'notes.txt',
    ]);
    expect(r.diagnostics.map((d) => d.message.split(':')[0])).toEqual([
      'instructions.files.3',
      'instructions.files.4',
      'instructions.files.5',
      'instructions.files.6',
    ]);
  });

  it('warns about unknown keys (typos) with their line', () => {
    expect(codes('instructions:\n  stratgy: nearest\nskils: {}\n')).toEqual([
      [CONFIG_CODES.unknownKey, 2, FILE],
      [CONFIG_CODES.unknownKey, 3, FILE],
    ]);
    expect(codes('- a\n- b\n')).toEqual([[CONFIG_CODES.invalid, undefined, FILE]]);
  });

  it('never throws, and every diagnostic names the file', () => {
    const piece = fc.constantFrom(
      'instructions:',
      'skills:',
      '  files:',
      '    - AGENTS.md',
      '    - { name: 3 }',
      '  strategy: nearest',
      '  visibility: { a: pinned }',
      '  budget: { totalBytes: 0 }',
      '  catalogTokens: 1e9',
      ': :',
      '"unclosed',
      '&a x',
      '*a',
      '\t- tab',
      '[',
      '',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        fc.string({ maxLength: 40 }),
        (lines, junk) => {
          const r = parseProjectConfig(`${lines.join('\n')}\n${junk}`, FILE);
          for (const d of r.diagnostics) expect(d.file).toBe(FILE);
        },
      ),
      { numRuns: 400 },
    );
  });
});
