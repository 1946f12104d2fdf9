import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactRef } from '../history/index.js';
import { RedisArtifactStore } from './redis-artifact-store.js';
import { redisSkipReason, startRedis, type TestRedis } from './test-helpers/redis-server.js';

const skip = redisSkipReason();
let server: TestRedis;
const stores: RedisArtifactStore[] = [];
let prefixes = 0;

function makeStore(options: ConstructorParameters<typeof RedisArtifactStore>[0] = {}) {
  const store = new RedisArtifactStore({ url: server.url, prefix: `a${++prefixes}:`, ...options });
  stores.push(store);
  return store;
}

beforeAll(async () => {
  if (skip === undefined) server = await startRedis();
});

afterAll(async () => {
  for (const s of stores) await s.close();
  await server?.stop();
});

describe.skipIf(skip !== undefined)('RedisArtifactStore', () => {
  it('stores content under its sha256 and returns exactly the bytes put', async () => {
    const store = makeStore({ prefix: 'art:' });
    const content = 'line 1\nérror ✓ \u{1F600}\n\0tail';
    const ref = await store.put(content);
    expect(ref).toBe(artifactRef(content));
    expect(await store.put(content)).toBe(ref);
    expect(await store.get(ref)).toBe(content);
    expect(server.cli('--scan', '--pattern', 'art:*').trim()).toBe(
      `art:artifact:${ref.slice('sha256:'.length)}`,
    );
    expect(await store.get(`sha256:${'0'.repeat(64)}`)).toBeUndefined();
    expect(await store.get('sha256:nope' as never)).toBeUndefined();
    // another prefix is another store
    expect(await makeStore().get(ref)).toBeUndefined();
  });

  it('expires an artifact after its TTL; a read renews it', async () => {
    const store = makeStore({ ttlSeconds: 1 });
    const ref = await store.put('short-lived');
    const kept = await makeStore({ ttlSeconds: 100 }).put('kept');
    await sleep(1_500);
    expect(await store.get(ref)).toBeUndefined();

    const long = makeStore({ ttlSeconds: 100 });
    const r = await long.put('renewed');
    const key = `a${prefixes}:artifact:${r.slice('sha256:'.length)}`;
    server.cli('EXPIRE', key, '5');
    expect(await long.get(r)).toBe('renewed');
    expect(Number(server.cli('TTL', key))).toBeGreaterThan(90);
    expect(kept).toBe(artifactRef('kept'));
    expect(() => makeStore({ ttlSeconds: 0 })).toThrow(/ttlSeconds/);
  });

  it('refuses content over the size cap (counted in UTF-8 bytes) and stores nothing', async () => {
    const store = makeStore({ prefix: 'cap:', maxBytes: 10 });
    expect(await store.put('1234567890')).toBe(artifactRef('1234567890'));
    await expect(store.put('ééééé1')).rejects.toMatchObject({ code: 'E_ARTIFACT_TOO_LARGE' });
    expect(server.cli('--scan', '--pattern', 'cap:*').trim().split('\n')).toHaveLength(1);
  });

  it('a value that does not match its hash is E_ARTIFACT_CORRUPT', async () => {
    const store = makeStore({ prefix: 'bad:' });
    const ref = await store.put('original');
    server.cli('SET', `bad:artifact:${ref.slice('sha256:'.length)}`, 'tampered');
    await expect(store.get(ref)).rejects.toMatchObject({ code: 'E_ARTIFACT_CORRUPT' });
  });

  it('an unreachable server is E_ARTIFACT_UNAVAILABLE', async () => {
    const store = makeStore({ url: 'redis://127.0.0.1:1', reconnectAttempts: 1 });
    await expect(store.put('x')).rejects.toMatchObject({ code: 'E_ARTIFACT_UNAVAILABLE' });
    await expect(store.get(artifactRef('x'))).rejects.toMatchObject({
      code: 'E_ARTIFACT_UNAVAILABLE',
    });
  });
});
