import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileRead } from './read-file.js';
import { type ImportContext, resolveImports } from './resolve-imports.js';

/** An in-memory reader over absolute paths. */
function memoryCtx(
  files: Record<string, string>,
  extra: Partial<ImportContext> = {},
): ImportContext {
  const read = async (abs: string): Promise<FileRead> => {
    const text = files[abs];
    if (text === undefined)
      return {
        ok: false,
        absolutePath: abs,
        missing: true,
        reason: 'missing',
        sha256: '',
        bytes: 0,
        diagnostics: [],
      };
    const sha256 = createHash('sha256').update(text).digest('hex');
    return {
      ok: true,
      absolutePath: abs,
      realPath: abs,
      text,
      sha256,
      bytes: Buffer.byteLength(text),
      capped: false,
      diagnostics: [],
    };
  };
  return {
    read,
    boundary: '/repo',
    maxDepth: 4,
    allowOutsideBoundary: false,
    display: (abs) => abs.replace(/^\/repo\//, ''),
    ...extra,
  };
}
const top = { absolutePath: '/repo/CLAUDE.md', realPath: '/repo/CLAUDE.md', path: 'CLAUDE.md' };

describe('resolveImports', () => {
  it('replaces an import with the text, relative to the importing file, recursively', async () => {
    const ctx = memoryCtx({
      '/repo/docs/a.md': 'A says hi\n@b.md\n',
      '/repo/docs/b.md': 'B text\n',
    });
    const r = await resolveImports('# Top\n@docs/a.md\nend', top, ctx);
    expect(r.text).toBe('# Top\nA says hi\nB text\nend');
    expect(r.contributors.map((c) => c.path)).toEqual(['docs/a.md', 'docs/b.md']);
    expect(r.contributors[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.diagnostics).toEqual([]);
  });

  it('reports a missing target with file, line and column and keeps the token', async () => {
    const r = await resolveImports('x\n  @nope.md', top, memoryCtx({}));
    expect(r.text).toBe('x\n  @nope.md');
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'W_IMPORT_MISSING', file: 'CLAUDE.md', line: 2, column: 3 }),
    ]);
  });

  it('refuses to import a secrets file, by its name or by what a link resolves to', async () => {
    const files = {
      '/repo/.env': 'API_KEY=sk-live-1',
      '/repo/.env.example': 'API_KEY=changeme',
      '/repo/keys/deploy.pem': '-----BEGIN PRIVATE KEY-----',
      '/repo/notes.md': 'harmless name, secret target',
    };
    const linked = memoryCtx(files);
    const read = linked.read;
    // notes.md is a symlink to the .env file
    const ctx: ImportContext = {
      ...linked,
      read: async (abs) =>
        abs === '/repo/notes.md' ? { ...(await read('/repo/.env')), absolutePath: abs } : read(abs),
    };
    const r = await resolveImports('@.env\n@.env.example\n@keys/deploy.pem\n@notes.md', top, ctx);
    expect(r.text).not.toContain('sk-live');
    expect(r.text).not.toContain('PRIVATE KEY');
    expect(r.text).toContain('API_KEY=changeme');
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['E_IMPORT_SECRET', 1],
      ['E_IMPORT_SECRET', 3],
      ['E_IMPORT_SECRET', 4],
    ]);
  });

  it('offsets lines by the first line of the body', async () => {
    const r = await resolveImports('@nope.md', { ...top, firstLine: 5 }, memoryCtx({}));
    expect(r.diagnostics[0]!.line).toBe(5);
  });

  it('detects cycles and names the file where the cycle closes', async () => {
    const ctx = memoryCtx({ '/repo/a.md': '@b.md', '/repo/b.md': '@a.md' });
    const r = await resolveImports(
      '@a.md',
      { absolutePath: '/repo/X.md', realPath: '/repo/X.md', path: 'X.md' },
      ctx,
    );
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'W_IMPORT_CYCLE', file: 'b.md', line: 1 }),
    ]);
    expect(r.text).toBe('@a.md');
  });

  it('detects a file importing itself', async () => {
    const ctx = memoryCtx({ '/repo/CLAUDE.md': '@CLAUDE.md' });
    const r = await resolveImports('@CLAUDE.md', top, ctx);
    expect(r.diagnostics[0]!.code).toBe('W_IMPORT_CYCLE');
  });

  it('stops after maxDepth hops', async () => {
    const files: Record<string, string> = {};
    for (let i = 1; i <= 6; i++) files[`/repo/f${i}.md`] = `level ${i}\n@f${i + 1}.md`;
    const r = await resolveImports('@f1.md', top, memoryCtx(files, { maxDepth: 4 }));
    expect(r.contributors.map((c) => c.path)).toEqual(['f1.md', 'f2.md', 'f3.md', 'f4.md']);
    expect(r.text).toContain('level 4\n@f5.md');
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'W_IMPORT_DEPTH', file: 'f4.md', line: 2 }),
    ]);
  });

  it('refuses targets outside the boundary unless allowed', async () => {
    const files = { '/etc/secret.md': 'secret' };
    const refused = await resolveImports('@../etc/secret.md', top, memoryCtx(files));
    expect(refused.text).toBe('@../etc/secret.md');
    expect(refused.diagnostics[0]).toMatchObject({
      code: 'E_IMPORT_OUTSIDE_ROOT',
      severity: 'error',
    });
    const allowed = await resolveImports(
      '@../etc/secret.md',
      top,
      memoryCtx(files, { allowOutsideBoundary: true }),
    );
    expect(allowed.text).toBe('secret');
  });

  it('resolves ~/ against home', async () => {
    const r = await resolveImports(
      '@~/n.md',
      top,
      memoryCtx({ '/repo/home/n.md': 'home note' }, { home: '/repo/home' }),
    );
    expect(r.text).toBe('home note');
  });

  it('does not resolve imports in code', async () => {
    const r = await resolveImports(
      '```\n@a.md\n```\n`@a.md`',
      top,
      memoryCtx({ '/repo/a.md': 'A' }),
    );
    expect(r.text).toBe('```\n@a.md\n```\n`@a.md`');
  });

  it('inlines a file once and refers back on repeats; refers to files loaded on their own', async () => {
    const ctx = memoryCtx(
      { '/repo/a.md': 'A', '/repo/AGENTS.md': 'agents' },
      { loadedElsewhere: new Map([['/repo/AGENTS.md', 'AGENTS.md']]) },
    );
    const r = await resolveImports('@a.md @a.md\n@AGENTS.md', top, ctx);
    expect(r.text).toBe('A (see a.md above)\n(see AGENTS.md, loaded separately)');
    expect(r.diagnostics.map((d) => d.code)).toEqual([
      'I_IMPORT_REPEATED',
      'I_IMPORT_LOADED_ELSEWHERE',
    ]);
  });

  it('leaves text without imports unchanged and never throws on random text (property)', async () => {
    const ctx = memoryCtx({ '/repo/a.md': 'A' });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const r = await resolveImports(text, top, ctx);
        if (!text.includes('@')) expect(r.text).toBe(text);
        expect(typeof r.text).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
