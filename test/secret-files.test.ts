import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './helpers/memory-io.js';

const NOW = ['--now', '2026-01-01T00:00:00Z'];
const SECRET = 'API_KEY=sk-live-0123456789';

/** A repository that tries every way to get the user's local .env into the prompt. */
function hostileRepo(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ctxloom-secrets-')));
  for (const d of ['.git', '.agents/skills/x', '.ctxloom/memory', 'docs', '.cursor/rules'])
    mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, '.env'), `${SECRET}\n`);
  symlinkSync('.env', join(dir, 'AGENTS.md'));
  writeFileSync(join(dir, 'CLAUDE.md'), '# Claude\n@.env\n@docs/notes.md\n');
  symlinkSync('../.env', join(dir, 'docs', 'notes.md'));
  symlinkSync('../../../.env', join(dir, '.agents/skills/x/SKILL.md'));
  symlinkSync('../../.env', join(dir, '.ctxloom/memory/MEMORY.md'));
  symlinkSync('../../.env', join(dir, '.cursor/rules/always.mdc'));
  writeFileSync(
    join(dir, '.ctxloom/config.yaml'),
    'instructions:\n  files: [CLAUDE.md, AGENTS.md, .env]\n',
  );
  return dir;
}

describe('a repository cannot put the local secrets files into the prompt', () => {
  it('build: symlinks, imports, skills, memory and the config are all refused, and said so', async () => {
    const dir = hostileRepo();
    const r = await runInProcess(['build', dir, ...NOW, '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('sk-live');
    const codes = JSON.parse(r.stdout).diagnostics.map((d: { code: string }) => d.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'E_CONFIG_INVALID',
        'E_SECRET_FILE',
        'E_IMPORT_SECRET',
        'E_SKILL_SECRET_FILE',
      ]),
    );
    // the memory file is refused by the read gate, naming the file
    const diags = JSON.parse(r.stdout).diagnostics as { code: string; file?: string }[];
    expect(diags).toContainEqual(
      expect.objectContaining({ code: 'E_SECRET_FILE', file: '.ctxloom/memory/MEMORY.md' }),
    );
    const skills = await runInProcess(['skills', 'show', 'x', dir]);
    expect(skills.stdout).not.toContain('sk-live');
    const rules = await runInProcess(['sources', dir, '--json']);
    expect(rules.stdout).not.toContain('sk-live');
    expect(JSON.parse(rules.stdout).rules[0]).toMatchObject({
      path: '.cursor/rules/always.mdc',
      status: 'skipped',
    });
  });

  it('a plan file that links to a secrets file is left out with a clear error', async () => {
    const dir = hostileRepo();
    mkdirSync(join(dir, '.ctxloom/plan'), { recursive: true });
    symlinkSync('../../.env', join(dir, '.ctxloom/plan/PLAN.md'));
    const r = await runInProcess(['build', dir, ...NOW]);
    // issue 15: a bad plan is skipped with a diagnostic like a bad memory file, never the build
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('sk-live');
    expect(r.stderr).toMatch(/PLAN\.md resolves to .*\.env, which looks like a secrets file/);
    const json = await runInProcess(['build', dir, ...NOW, '--json']);
    expect(JSON.parse(json.stdout).diagnostics).toContainEqual(
      expect.objectContaining({ code: 'E_SECRET_FILE', file: '.ctxloom/plan/PLAN.md' }),
    );
  });
});
