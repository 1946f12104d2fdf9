import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../test/helpers/memory-io.js';

const DEMO = resolve('examples/demo-repo');
const NOW = ['--now', '2026-01-01T00:00:00Z'];

describe('ctxloom build --system-prompt / --append-system-prompt', () => {
  it('--system-prompt TEXT replaces the whole prompt', async () => {
    const r = await runInProcess([
      'build',
      DEMO,
      ...NOW,
      '--json',
      '--system-prompt',
      'You are Bob.',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.static).toBe('You are Bob.');
    expect(out.dynamic).toBeNull();
  });

  it('--append-system-prompt @FILE appends the file as the last static section', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ctxloom-build-'));
    writeFileSync(join(dir, 'extra.md'), 'Always write tests first.\n');
    const r = await runInProcess(
      ['build', DEMO, ...NOW, '--json', '--append-system-prompt', '@extra.md'],
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.static.endsWith('Always write tests first.')).toBe(true);
    const statics = out.sections.filter((s: { tier: string }) => s.tier === 'static');
    expect(statics.at(-1).name).toBe('user-append');
  });

  it('a missing @FILE and both flags at once are usage errors (exit 2)', async () => {
    const missing = await runInProcess(['build', DEMO, '--system-prompt', '@/nonexistent/x.md']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--system-prompt: cannot read');
    const both = await runInProcess([
      'build',
      DEMO,
      '--system-prompt',
      'a',
      '--append-system-prompt',
      'b',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('cannot be used together');
  });

  it('--mode coordinator renders the coordinator section', async () => {
    const r = await runInProcess(['build', DEMO, ...NOW, '--json', '--mode', 'coordinator']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).static).toContain('# Coordinator');
  });
});
