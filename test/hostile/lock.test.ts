/**
 * Data loss: a stale lock must never make two writers run at once. Several processes update one
 * session while stale locks (left by a dead process) keep appearing; every update must survive.
 * Uses the built dist/ through test/helpers/session-worker.mjs (`npm test` builds first).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSession } from '../../src/session/session.js';
import { FileSessionStore } from '../../src/session/store.js';

const WORKER = resolve(import.meta.dirname, '..', 'helpers', 'session-worker.mjs');
const live = new Set<ChildProcess>();
afterEach(() => {
  for (const c of live) c.kill('SIGKILL');
  live.clear();
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

function runWorker(args: string[]): Promise<number | null> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [WORKER, ...args], { stdio: 'ignore' });
    live.add(child);
    child.on('exit', (code) => {
      live.delete(child);
      done(code);
    });
  });
}

describe('a stale lock never lets two writers in', () => {
  it('6 processes x 60 updates with stale locks planted throughout: 0 lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ctxloom-hostile-lock-'));
    const store = new FileSessionStore(dir, { timeoutMs: 60_000 });
    await store.create(createSession({ id: 's1', createdAt: '2026-01-01T00:00:00.000Z' }));
    const lock = join(dir, 's1.json.lock');
    const stale = JSON.stringify({ pid: deadPid(), at: Date.now() });
    writeFileSync(lock, stale);
    // keep planting a dead holder's lock whenever the lock is free, so that waiters keep
    // seeing stale locks while other writers hold fresh ones
    let planted = 0;
    const planter = setInterval(() => {
      if (existsSync(lock)) return;
      try {
        writeFileSync(lock, stale, { flag: 'wx' });
        planted++;
      } catch {
        // taken by a writer in between
      }
    }, 3);
    const workers = 6;
    const perWorker = 60;
    const codes = await Promise.all(
      Array.from({ length: workers }, () => runWorker(['increment', dir, String(perWorker)])),
    );
    clearInterval(planter);
    expect(codes).toEqual(Array(workers).fill(0));
    const final = await store.load('s1');
    const keys = new Set(final.activated.map((r) => r.key));
    expect(keys.size).toBe(workers * perWorker);
    expect(final.revision).toBe(workers * perWorker);
    expect(planted).toBeGreaterThan(0);
  }, 120_000);

  it('create() on a fresh project makes the sessions folder (no raw ENOENT)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ctxloom-hostile-lock-')), '.ctxloom', 'sessions');
    const store = new FileSessionStore(dir);
    await store.create(createSession({ id: 'first', createdAt: '2026-01-01T00:00:00.000Z' }));
    expect((await store.list()).map((s) => s.id)).toEqual(['first']);
  });
});
