/**
 * Issue 15, "Hangs, crashes, wrong exits": a bad PLAN.md (a folder, a FIFO, a 1 GB sparse file)
 * used to abort `build`, `doctor` and `payload`. Each now skips it with a diagnostic and goes on.
 * (`build` is pinned per kind in special-files.test.ts; this pins `doctor` and `payload`.)
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli-process.js';
import { type Entry, hostileTree } from './helpers.js';

const PLANS: Record<string, Entry | 'sparse'> = {
  folder: { dir: true },
  fifo: { fifo: true },
  sparse: 'sparse',
};

function runCli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent-home' },
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

describe.each(Object.keys(PLANS))('PLAN.md as a %s', (kind) => {
  const entry = PLANS[kind]!;
  const root = hostileTree({
    '.git/HEAD': 'ref: x\n',
    'AGENTS.md': 'Use pnpm.\n',
    ...(entry === 'sparse' ? {} : { '.ctxloom/plan/PLAN.md': entry }),
  });
  if (entry === 'sparse') {
    const p = join(root, '.ctxloom/plan/PLAN.md');
    spawnSync('mkdir', ['-p', join(root, '.ctxloom/plan')]);
    closeSync(openSync(p, 'w'));
    truncateSync(p, 2 ** 30);
  }

  it('doctor and payload finish and do not crash', () => {
    const doctor = runCli(['doctor', root, '--json']);
    expect(doctor.signal).toBeNull();
    expect(doctor.code, doctor.stderr).toBe(0);
    expect(JSON.parse(doctor.stdout)).toHaveProperty('stable', true);
    const payload = runCli(['payload', root, '--now', '2026-01-01T00:00:00Z']);
    expect(payload.signal).toBeNull();
    expect(payload.code, payload.stderr).toBe(0);
    expect(JSON.parse(payload.stdout)).toHaveProperty('system');
    expect(payload.stdout).toContain('Use pnpm.');
  });
});
