import { describe, expect, it } from 'vitest';
import { DEMO_REPO } from './helpers/cli-process.js';
import { runInProcess } from './helpers/memory-io.js';

describe('ctxloom doctor (in-process)', () => {
  it('--json reports every preset x mode as stable', async () => {
    const r = await runInProcess(['doctor', DEMO_REPO, '--json', '--now', '2026-01-01T00:00:00Z']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.stable).toBe(true);
    expect(out.checks).toHaveLength(12); // 3 presets x 4 modes
  });

  it('exits 2 on a path that is a file, not a directory', async () => {
    const r = await runInProcess(['doctor', `${DEMO_REPO}/AGENTS.md`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a directory/);
  });
});
