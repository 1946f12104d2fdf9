import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmedPlanFor, confirmPlan, planPaths, readPlan, writeDraft } from './plan.js';
import { createSession, markActivated, parseSession } from './session.js';
import { FileSessionStore } from './store.js';

const WORKER = resolve(import.meta.dirname, '..', '..', 'test', 'helpers', 'session-worker.mjs');
const tmp = () => mkdtempSync(join(tmpdir(), 'ctxloom-session-'));
const session = (id = 's1') => createSession({ id, createdAt: '2026-01-01T00:00:00.000Z' });

/** Workers still running; killed after each test so a failing test never leaves one behind. */
const live = new Set<ChildProcess>();
afterEach(() => {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
});

/**
 * Runs the worker; with `killAfterMs`, sends SIGKILL that long after the worker reports its first
 * completed operation (start-up time varies a lot on a loaded machine).
 */
function runWorker(
  args: string[],
  killAfterMs?: number,
): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [WORKER, ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (killAfterMs !== undefined && chunk.toString().includes('started'))
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.on('exit', (code, signal) => {
      live.delete(child);
      done({ code, signal });
    });
  });
}

describe('FileSessionStore', () => {
  it('creates, loads, lists and refuses a duplicate id', async () => {
    const store = new FileSessionStore(tmp());
    await store.create(session());
    await expect(store.create(session())).rejects.toThrow(/already exists/);
    expect((await store.load('s1')).id).toBe('s1');
    await expect(store.load('nope')).rejects.toMatchObject({ code: 'E_SESSION_NOT_FOUND' });
    expect((await store.list()).map((s) => s.id)).toEqual(['s1']);
  });

  it('save() refuses a stale revision instead of losing an update', async () => {
    const store = new FileSessionStore(tmp());
    await store.create(session());
    const a = await store.load('s1');
    const b = await store.load('s1');
    const saved = await store.save(markActivated(a, [{ key: 'rule:a', via: 'path' }]));
    expect(saved.revision).toBe(1);
    await expect(
      store.save(markActivated(b, [{ key: 'rule:b', via: 'path' }])),
    ).rejects.toMatchObject({
      code: 'E_SESSION_CONFLICT',
    });
    expect((await store.load('s1')).activated).toEqual([{ key: 'rule:a', via: 'path' }]);
  });

  it('refuses path-like ids', async () => {
    const store = new FileSessionStore(tmp());
    await expect(store.load('../etc/passwd')).rejects.toMatchObject({ code: 'E_SESSION_ID' });
  });

  it('reports a corrupt file and never overwrites it', async () => {
    const dir = tmp();
    const store = new FileSessionStore(dir);
    writeFileSync(join(dir, 'bad.json'), '{"version": 2, "id": ');
    await expect(store.load('bad')).rejects.toMatchObject({ code: 'E_SESSION_CORRUPT' });
    await expect(store.update('bad', (s) => s)).rejects.toMatchObject({
      code: 'E_SESSION_CORRUPT',
    });
    expect(readFileSync(join(dir, 'bad.json'), 'utf8')).toBe('{"version": 2, "id": ');
    const listed = await store.list();
    expect(listed).toEqual([
      { id: 'bad', ok: false, error: expect.stringMatching(/not valid JSON/) },
    ]);
  });

  it('loses no update when several processes update one session at once', async () => {
    const dir = tmp();
    const store = new FileSessionStore(dir);
    await store.create(session());
    const perProcess = 25;
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => runWorker(['increment', dir, String(perProcess)])),
    );
    expect(results.every((r) => r.code === 0)).toBe(true);
    const final = await store.load('s1');
    expect(final.activated).toHaveLength(4 * perProcess);
    expect(final.revision).toBe(4 * perProcess);
  }, 120_000);

  it('survives SIGKILL at random points during saves: the file always parses', async () => {
    const dir = tmp();
    const store = new FileSessionStore(dir, { timeoutMs: 60_000 });
    await store.create(session());
    let lastLength = 0;
    for (let round = 0; round < 12; round++) {
      await runWorker(['save-loop', dir, '100000'], Math.floor(Math.random() * 150));
      const text = readFileSync(join(dir, 's1.json'), 'utf8');
      const s = parseSession(text);
      expect(s.activated.length).toBeGreaterThanOrEqual(lastLength);
      lastLength = s.activated.length;
    }
    expect(lastLength).toBeGreaterThan(0);
    // a lock left by a killed process is broken, so the store still works
    const next = await store.update('s1', (s) =>
      markActivated(s, [{ key: 'after-crash', via: 'path' }]),
    );
    expect(next.activated.map((r) => r.key)).toContain('after-crash');
  }, 120_000);
});

describe('FileSessionStore on hostile folders', () => {
  it('a sessions "folder" that is a file is E_SESSION_READ, not a raw error', async () => {
    const dir = join(tmp(), 'sessions');
    writeFileSync(dir, 'not a folder');
    await expect(new FileSessionStore(dir).list()).rejects.toMatchObject({
      code: 'E_SESSION_READ',
    });
  });

  it('a session file holding another id is E_SESSION_CORRUPT (never shown under the wrong id)', async () => {
    const dir = tmp();
    const store = new FileSessionStore(dir);
    await store.create(session('real'));
    writeFileSync(join(dir, 'fake.json'), readFileSync(join(dir, 'real.json')));
    await expect(store.load('fake')).rejects.toMatchObject({ code: 'E_SESSION_CORRUPT' });
    expect((await store.list()).find((s) => s.id === 'fake')).toMatchObject({ ok: false });
  });
});

describe('plan lifecycle', () => {
  it('a draft changes nothing the prompt sees until it is confirmed', () => {
    const paths = planPaths(tmp());
    expect(confirmedPlanFor(paths)).toBeUndefined();
    writeDraft(paths, '1. first');
    expect(confirmedPlanFor(paths)).toBeUndefined();
    confirmPlan(paths);
    expect(confirmedPlanFor(paths)).toEqual({ name: 'PLAN.md', text: '1. first' });
    writeDraft(paths, '1. changed');
    expect(confirmedPlanFor(paths)?.text).toBe('1. first');
    expect(readPlan(paths)).toEqual({ draft: '1. changed', confirmed: '1. first' });
  });

  it('refuses to confirm without a draft', () => {
    expect(() => confirmPlan(planPaths(tmp()))).toThrow(/nothing to confirm/);
  });

  it('survives SIGKILL at random points during confirms: old or new plan, never torn', async () => {
    const dir = tmp();
    const paths = planPaths(dir);
    let checked = 0;
    for (let round = 0; round < 12; round++) {
      await runWorker(['confirm-loop', dir, '100000'], Math.floor(Math.random() * 150));
      if (!existsSync(paths.confirmed)) continue;
      checked++;
      const text = readFileSync(paths.confirmed, 'utf8');
      const m = /^plan (\d+)\n/.exec(text);
      expect(m).not.toBeNull();
      expect(text).toBe(`plan ${m?.[1]}\n`.repeat(2000));
    }
    expect(checked).toBeGreaterThan(6);
  }, 120_000);
});
