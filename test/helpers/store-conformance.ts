/**
 * The `SessionStore` contract, written once and run against every store (`FileSessionStore` in
 * src/session/store-conformance.test.ts, `RedisSessionStore` in src/fleet/). Each test gets a
 * fresh, empty store from `make()`, plus raw access to what the store keeps, to plant a corrupt
 * value and check it is never overwritten.
 */
import { describe, expect, it } from 'vitest';
import {
  createSession,
  markActivated,
  type Session,
  type SessionStore,
  updateSession,
} from '../../src/session/index.js';

/** One fresh store and raw access to its stored values. */
export interface ConformanceFixture {
  readonly store: SessionStore;
  /** Stores `text` as session `id`'s raw value, bypassing the store (and indexes it, if it lists from an index). */
  writeRaw(id: string, text: string): Promise<void>;
  /** The raw stored value of `id`. */
  readRaw(id: string): Promise<string | undefined>;
}

const at = '2026-01-01T00:00:00.000Z';
const session = (id = 's1', parentId?: string): Session =>
  createSession({ id, createdAt: at, ...(parentId === undefined ? {} : { parentId }) });

/** A session with a history and every kind of engine state, to check nothing is lost on the way. */
const full = (id: string): Session =>
  updateSession(markActivated(session(id), [{ key: 'rule:a', via: 'path' }]), {
    history: [
      { id: 'm0', role: 'user', parts: [{ type: 'text', text: 'héllo\n' }] },
      {
        id: 'm1',
        role: 'assistant',
        parts: [{ type: 'tool-call', id: 'c1', name: 'read', input: { path: 'a.ts' } }],
      },
      { id: 'm2', role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c1', content: 'x' }] },
    ],
    messageSeq: 3,
    invokedSkills: ['deploy'],
    plan: '1. first',
    artifacts: [`sha256:${'a'.repeat(64)}`],
    compactions: [{ at, tokensBefore: 10, tokensAfter: 5, artifacts: [] }],
    cache: { turns: 2, inputTotal: 100, cacheRead: 50, cacheWrite: 10 },
  });

/** Registers the contract tests for one store. */
export function describeSessionStore(
  name: string,
  make: () => Promise<ConformanceFixture>,
  options: { skip?: string | undefined } = {},
): void {
  describe.skipIf(options.skip !== undefined)(`SessionStore contract: ${name}`, () => {
    it('creates, loads, lists and refuses a duplicate id', async () => {
      const { store } = await make();
      await store.create(session());
      await expect(store.create(session())).rejects.toMatchObject({ code: 'E_SESSION_EXISTS' });
      expect((await store.load('s1')).id).toBe('s1');
      await expect(store.load('nope')).rejects.toMatchObject({ code: 'E_SESSION_NOT_FOUND' });
      expect((await store.list()).map((s) => s.id)).toEqual(['s1']);
    });

    it('returns exactly what was stored: history, ids and every piece of state', async () => {
      const { store } = await make();
      const s = full('s1');
      await store.create(s);
      expect(await store.load('s1')).toEqual(s);
      const saved = await store.save(s);
      expect(saved).toEqual({ ...s, revision: 1 });
      expect(await store.load('s1')).toEqual(saved);
      expect(Object.isFrozen(saved)).toBe(true);
    });

    it('lists every session sorted by id, with parent and revision', async () => {
      const { store } = await make();
      for (const id of ['b', 'a.1', 'C', 'a'])
        await store.create(session(id, id === 'a.1' ? 'a' : undefined));
      await store.save(await store.load('b'));
      expect(await store.list()).toEqual([
        { id: 'C', ok: true, parentId: undefined, createdAt: at, revision: 0 },
        { id: 'a', ok: true, parentId: undefined, createdAt: at, revision: 0 },
        { id: 'a.1', ok: true, parentId: 'a', createdAt: at, revision: 0 },
        { id: 'b', ok: true, parentId: undefined, createdAt: at, revision: 1 },
      ]);
    });

    it('save() refuses a stale revision instead of losing an update', async () => {
      const { store } = await make();
      await store.create(session());
      const a = await store.load('s1');
      const b = await store.load('s1');
      const saved = await store.save(markActivated(a, [{ key: 'rule:a', via: 'path' }]));
      expect(saved.revision).toBe(1);
      await expect(
        store.save(markActivated(b, [{ key: 'rule:b', via: 'path' }])),
      ).rejects.toMatchObject({ code: 'E_SESSION_CONFLICT' });
      expect((await store.load('s1')).activated).toEqual([{ key: 'rule:a', via: 'path' }]);
    });

    it('save() of a session never stored creates it', async () => {
      const { store } = await make();
      expect((await store.save(session('new'))).revision).toBe(1);
      expect((await store.load('new')).revision).toBe(1);
    });

    it('update() applies the change and counts the revision; it keeps the id', async () => {
      const { store } = await make();
      await store.create(session());
      const next = await store.update('s1', (s) => updateSession(s, { plan: 'p' }));
      expect(next).toMatchObject({ plan: 'p', revision: 1 });
      expect(await store.load('s1')).toEqual(next);
      await expect(store.update('nope', (s) => s)).rejects.toMatchObject({
        code: 'E_SESSION_NOT_FOUND',
      });
      await expect(store.update('s1', (s) => ({ ...s, id: 'other' }))).rejects.toMatchObject({
        code: 'E_SESSION_ID',
      });
      expect((await store.load('s1')).revision).toBe(1);
    });

    it('loses no update when many updates of one session run at once', async () => {
      const { store } = await make();
      await store.create(session());
      const n = 20;
      await Promise.all(
        Array.from({ length: n }, (_, i) =>
          store.update('s1', (s) => markActivated(s, [{ key: `k${i}`, via: 'path' }])),
        ),
      );
      const final = await store.load('s1');
      expect(final.activated).toHaveLength(n);
      expect(final.revision).toBe(n);
    });

    it('refuses path-like and empty ids', async () => {
      const { store } = await make();
      for (const id of ['../etc/passwd', '', 'a/b', ' a'])
        await expect(store.load(id)).rejects.toMatchObject({ code: 'E_SESSION_ID' });
      // FileSessionStore.create throws before it returns a promise: accept either
      await expect((async () => store.create(session('x:y')))()).rejects.toMatchObject({
        code: 'E_SESSION_ID',
      });
    });

    it('reports a corrupt value and never overwrites it', async () => {
      const fx = await make();
      const { store } = fx;
      await fx.writeRaw('bad', '{"version": 3, "id": ');
      await expect(store.load('bad')).rejects.toMatchObject({ code: 'E_SESSION_CORRUPT' });
      await expect(store.update('bad', (s) => s)).rejects.toMatchObject({
        code: 'E_SESSION_CORRUPT',
      });
      await expect(store.save(session('bad'))).rejects.toMatchObject({
        code: 'E_SESSION_CORRUPT',
      });
      expect(await fx.readRaw('bad')).toBe('{"version": 3, "id": ');
      await store.create(session('good'));
      expect(await store.list()).toEqual([
        { id: 'bad', ok: false, error: expect.stringMatching(/not valid JSON/) },
        { id: 'good', ok: true, parentId: undefined, createdAt: at, revision: 0 },
      ]);
    });

    it('a value holding another session id is corrupt (never shown under the wrong id)', async () => {
      const fx = await make();
      await fx.store.create(session('real'));
      await fx.writeRaw('fake', (await fx.readRaw('real')) as string);
      await expect(fx.store.load('fake')).rejects.toMatchObject({ code: 'E_SESSION_CORRUPT' });
      expect((await fx.store.list()).find((s) => s.id === 'fake')).toMatchObject({ ok: false });
    });
  });
}
