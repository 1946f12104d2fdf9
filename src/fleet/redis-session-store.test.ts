import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSessionStore } from '../../test/helpers/store-conformance.js';
import { CtxloomError } from '../diagnostics/index.js';
import {
  createSession,
  markActivated,
  parseSession,
  serializeSession,
  updateSession,
} from '../session/index.js';
import { RedisConnection } from './redis-connection.js';
import { RedisSessionStore } from './redis-session-store.js';
import { redisSkipReason, startRedis, type TestRedis } from './test-helpers/redis-server.js';

const skip = redisSkipReason();
const WORKER = resolve(import.meta.dirname, '..', '..', 'test', 'helpers', 'redis-worker.mjs');
const run = promisify(execFile);
const at = '2026-01-01T00:00:00.000Z';
const session = (id = 's1') => createSession({ id, createdAt: at });

let server: TestRedis;
let raw: RedisConnection;
const stores: RedisSessionStore[] = [];
let prefixes = 0;
/** A fresh key prefix per test: tests share the server, never keys. */
const nextPrefix = () => `t${++prefixes}:`;

function makeStore(options: ConstructorParameters<typeof RedisSessionStore>[0] = {}) {
  const store = new RedisSessionStore({ url: server.url, ...options });
  stores.push(store);
  return store;
}

beforeAll(async () => {
  if (skip !== undefined) return;
  server = await startRedis();
  raw = new RedisConnection({ url: server.url });
});

afterAll(async () => {
  for (const s of stores) await s.close();
  await raw?.close();
  await server?.stop();
});

describeSessionStore(
  'RedisSessionStore',
  async () => {
    const prefix = nextPrefix();
    return {
      store: makeStore({ prefix }),
      writeRaw: async (id, text) => {
        await raw.run(
          ['HSET', `${prefix}session:${id}`, 'revision', '0', 'data', text],
          'E_SESSION_UNAVAILABLE',
        );
        await raw.run(['ZADD', `${prefix}sessions`, '0', id], 'E_SESSION_UNAVAILABLE');
      },
      readRaw: async (id) =>
        ((await raw.run(['HGET', `${prefix}session:${id}`, 'data'], 'E_SESSION_UNAVAILABLE')) as
          | string
          | null) ?? undefined,
    };
  },
  { skip },
);

describe.skipIf(skip !== undefined)('RedisSessionStore on a real server', () => {
  it('keeps every key under its prefix; two prefixes never see each other', async () => {
    const a = makeStore({ prefix: 'fleet-a:' });
    const b = makeStore({ prefix: 'fleet-b:' });
    await a.create(session('one'));
    await b.create(session('two'));
    expect((await a.list()).map((s) => s.id)).toEqual(['one']);
    expect((await b.list()).map((s) => s.id)).toEqual(['two']);
    const keys = server.cli('--scan', '--pattern', 'fleet-*').trim().split('\n').sort();
    expect(keys).toEqual([
      'fleet-a:session:one',
      'fleet-a:sessions',
      'fleet-b:session:two',
      'fleet-b:sessions',
    ]);
  });

  it('lists more sessions than one page of the index, in id order', async () => {
    const store = makeStore({ prefix: nextPrefix() });
    const ids = Array.from({ length: 600 }, (_, i) => `s${String(i).padStart(4, '0')}`);
    await Promise.all(ids.map((id) => store.create(session(id))));
    const listed = await store.list();
    expect(listed.map((s) => s.id)).toEqual(ids);
    expect(listed.every((s) => s.ok)).toBe(true);
  });

  it('update() retries after another worker wins the race, within its bound', async () => {
    const prefix = nextPrefix();
    const key = `${prefix}session:s1`;
    let retries = 0;
    const store = makeStore({ prefix, onRetry: () => retries++ });
    await store.create(session());
    // another worker saves between this update's read and its compare-and-set
    const interfere = (s: ReturnType<typeof session>) => {
      const theirs = {
        ...markActivated(s, [{ key: 'theirs', via: 'path' }]),
        revision: s.revision + 1,
      };
      server.cli(
        'HSET',
        key,
        'revision',
        String(theirs.revision),
        'data',
        serializeSession(theirs),
      );
    };
    let calls = 0;
    const next = await store.update('s1', (s) => {
      if (calls++ === 0) interfere(s);
      return markActivated(s, [{ key: 'mine', via: 'path' }]);
    });
    expect(calls).toBe(2);
    expect(retries).toBe(1);
    expect(next.revision).toBe(2);
    expect((await store.load('s1')).activated.map((r) => r.key)).toEqual(['mine', 'theirs']);

    // with no retry left, the lost race is the typed conflict and the winner's value stays
    const strict = makeStore({ prefix, maxUpdateAttempts: 1 });
    await expect(
      strict.update('s1', (s) => {
        interfere(s);
        return markActivated(s, [{ key: 'lost', via: 'path' }]);
      }),
    ).rejects.toMatchObject({ code: 'E_SESSION_CONFLICT' });
    const stored = await store.load('s1');
    expect(stored.revision).toBe(3);
    expect(stored.activated.map((r) => r.key)).not.toContain('lost');
  });

  it('a key of another type, or a hash whose revision disagrees, is corrupt and left as it is', async () => {
    const prefix = nextPrefix();
    const store = makeStore({ prefix });
    server.cli('SET', `${prefix}session:str`, 'hello');
    for (const attempt of [
      () => store.load('str'),
      () => store.update('str', (s) => s),
      () => store.save(session('str')),
      () => store.create(session('str')),
    ])
      await expect(attempt()).rejects.toMatchObject({
        code: expect.stringMatching(/E_SESSION_CORRUPT|E_SESSION_EXISTS/),
      });
    expect(server.cli('GET', `${prefix}session:str`).trim()).toBe('hello');

    await store.create(session('skew'));
    server.cli('HSET', `${prefix}session:skew`, 'revision', '7');
    await expect(store.load('skew')).rejects.toMatchObject({ code: 'E_SESSION_CORRUPT' });
    await expect(store.update('skew', (s) => s)).rejects.toMatchObject({
      code: 'E_SESSION_CORRUPT',
    });
    expect(parseSession(server.cli('HGET', `${prefix}session:skew`, 'data')).revision).toBe(0);
  });

  it('loses no update when separate worker processes update one session at once', async () => {
    const prefix = nextPrefix();
    const store = makeStore({ prefix });
    await store.create(session());
    const workers = 6;
    const each = 30;
    const outputs = await Promise.all(
      Array.from({ length: workers }, () =>
        run(process.execPath, [WORKER, 'increment', server.url, prefix, String(each)], {
          timeout: 90_000,
        }),
      ),
    );
    const reports = outputs.map((o) => JSON.parse(o.stdout) as { acked: number; retries: number });
    expect(reports.map((r) => r.acked)).toEqual(Array(workers).fill(each));
    const final = await store.load('s1');
    expect(final.activated).toHaveLength(workers * each);
    expect(final.revision).toBe(workers * each);
    // the workers did race (a test of the retry path, not of luck)
    expect(reports.reduce((n, r) => n + r.retries, 0)).toBeGreaterThan(0);
  }, 120_000);

  it('an unreachable server is E_SESSION_UNAVAILABLE, quickly', async () => {
    const store = makeStore({ url: 'redis://127.0.0.1:1', reconnectAttempts: 1 });
    const started = Date.now();
    await expect(store.load('s1')).rejects.toMatchObject({ code: 'E_SESSION_UNAVAILABLE' });
    await expect(store.list()).rejects.toMatchObject({ code: 'E_SESSION_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe.skipIf(skip !== undefined)('RedisSessionStore when the server dies', () => {
  it('a kill mid-updates gives typed errors, no partial session, no lost acknowledged update; work continues after the restart', async () => {
    const own = await startRedis({ persist: true });
    const store = new RedisSessionStore({ url: own.url, commandTimeoutMs: 2_000 });
    try {
      const big = 'x'.repeat(200_000);
      await store.create(updateSession(session(), { plan: big }));
      let acked = 0;
      const failures: string[] = [];
      const loop = (async () => {
        for (let i = 0; failures.length === 0 && i < 100_000; i++) {
          try {
            await store.update('s1', (s) =>
              markActivated(s, [{ key: `k${String(i).padStart(6, '0')}`, via: 'path' }]),
            );
            acked++;
          } catch (error) {
            failures.push(error instanceof CtxloomError ? error.code : String(error));
          }
        }
      })();
      while (acked < 20 && failures.length === 0) await new Promise((r) => setTimeout(r, 5));
      await own.kill();
      await loop;
      expect(failures).toEqual(['E_SESSION_UNAVAILABLE']);
      // while it is down, every call is the same typed error
      await expect(store.load('s1')).rejects.toMatchObject({ code: 'E_SESSION_UNAVAILABLE' });

      await own.restart();
      const after = await store.load('s1');
      // the value is whole (it parsed), it is the last acknowledged one or the one in flight
      expect(after.plan).toBe(big);
      expect(after.revision).toBe(after.activated.length);
      expect(after.activated.length).toBeGreaterThanOrEqual(acked);
      expect(after.activated.length).toBeLessThanOrEqual(acked + 1);
      const next = await store.update('s1', (s) => markActivated(s, [{ key: 'z', via: 'path' }]));
      expect(next.revision).toBe(after.revision + 1);
    } finally {
      await store.close();
      await own.stop();
    }
  }, 120_000);
});
