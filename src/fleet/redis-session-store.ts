/**
 * @module fleet/redis-session-store
 * `RedisSessionStore`: sessions on a Redis server shared by many workers. Same contract as
 * `FileSessionStore`: revisions checked atomically on the server (a Lua compare-and-set), a
 * conflict is `E_SESSION_CONFLICT`, `update()` re-reads and retries a bounded number of times,
 * values are validated on read (`E_SESSION_CORRUPT`, never overwritten), and sessions are listed
 * from an index (a sorted set per prefix), never with `KEYS`.
 *
 * Keys, under `prefix` (default `ctxloom:`): `<prefix>session:<id>` (a hash `{ revision, data }`)
 * and `<prefix>sessions` (the index).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { deepFreeze } from '../_internal/freeze.js';
import { CtxloomError } from '../diagnostics/index.js';
import {
  parseSession,
  type Session,
  type SessionStore,
  type SessionSummary,
  serializeSession,
} from '../session/index.js';
import {
  RedisConnection,
  type RedisConnectionOptions,
  RedisReplyError,
  runScript,
} from './redis-connection.js';
import { COMPARE_AND_SET, CREATE } from './scripts.js';

/** Options of {@link RedisSessionStore}. */
export interface RedisSessionStoreOptions extends RedisConnectionOptions {
  /** A connection to share with other stores (then `url` and the timeouts are ignored, and `close()` leaves it open). */
  readonly connection?: RedisConnection | undefined;
  /** Prefix of every key. Default `ctxloom:`. */
  readonly prefix?: string | undefined;
  /** Attempts `update()` makes before it gives up with `E_SESSION_CONFLICT`. Default 32. */
  readonly maxUpdateAttempts?: number | undefined;
  /** Called before each retry of `update()` after a conflict (metrics). */
  readonly onRetry?: ((id: string, attempt: number) => void) | undefined;
}

/** The same id rule as `FileSessionStore` (ids move between the stores unchanged). */
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

const UNAVAILABLE = 'E_SESSION_UNAVAILABLE';
/** Ids read from the index per round trip in `list()`. */
const LIST_PAGE = 256;

function checkId(id: string): void {
  if (!ID.test(id))
    throw new CtxloomError(
      'E_SESSION_ID',
      `invalid session id ${JSON.stringify(id)}: use letters, digits, ".", "_" and "-"`,
    );
}

const conflict = (id: string, stored: string, yours: number) =>
  new CtxloomError(
    'E_SESSION_CONFLICT',
    `session "${id}" changed since it was loaded (stored revision ${stored}, yours ${yours}); load it again and retry`,
  );

/** Sessions on Redis. Call `close()` when done with a store that owns its connection. */
export class RedisSessionStore implements SessionStore {
  readonly #connection: RedisConnection;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #attempts: number;
  readonly #onRetry: ((id: string, attempt: number) => void) | undefined;

  constructor(options: RedisSessionStoreOptions = {}) {
    this.#owned = options.connection === undefined;
    this.#connection = options.connection ?? new RedisConnection(options);
    this.#prefix = options.prefix ?? 'ctxloom:';
    this.#attempts = Math.max(1, options.maxUpdateAttempts ?? 32);
    this.#onRetry = options.onRetry;
  }

  #key(id: string): string {
    checkId(id);
    return `${this.#prefix}session:${id}`;
  }

  get #index(): string {
    return `${this.#prefix}sessions`;
  }

  /** The stored session, or undefined; corrupt values are `E_SESSION_CORRUPT`. */
  async #read(id: string): Promise<Session | undefined> {
    const key = this.#key(id);
    let reply: unknown;
    try {
      reply = await this.#connection.run(['HMGET', key, 'revision', 'data'], UNAVAILABLE);
    } catch (error) {
      throw this.#replyError(error, key);
    }
    const [revision, data] = reply as [string | null, string | null];
    if (revision === null && data === null) return undefined;
    if (revision === null || data === null)
      throw new CtxloomError(
        'E_SESSION_CORRUPT',
        `redis ${key}: the hash lacks its "${revision === null ? 'revision' : 'data'}" field`,
      );
    const s = parseSession(data, `redis ${key}`);
    if (s.id !== id)
      throw new CtxloomError(
        'E_SESSION_CORRUPT',
        `redis ${key}: holds session ${JSON.stringify(s.id)}, not "${id}"`,
      );
    if (String(s.revision) !== revision)
      throw new CtxloomError(
        'E_SESSION_CORRUPT',
        `redis ${key}: field "revision" is ${JSON.stringify(revision)} but the session says ${s.revision}`,
      );
    return s;
  }

  /** Error replies about a session key: a key of another type is corrupt, the rest unavailable. */
  #replyError(error: unknown, key: string): unknown {
    if (!(error instanceof RedisReplyError)) return error;
    if (error.message.startsWith('WRONGTYPE'))
      return new CtxloomError('E_SESSION_CORRUPT', `redis ${key}: not a session hash`);
    return new CtxloomError(UNAVAILABLE, `redis ${key}: the server refused: ${error.message}`);
  }

  /** Runs the compare-and-set; returns the script's status. */
  async #cas(expected: string, next: Session, mode: 'save' | 'update'): Promise<string> {
    const key = this.#key(next.id);
    try {
      return String(
        await runScript(
          this.#connection,
          COMPARE_AND_SET,
          [key, this.#index],
          [next.id, expected, String(next.revision), serializeSession(next), mode],
          UNAVAILABLE,
        ),
      );
    } catch (error) {
      throw this.#replyError(error, key);
    }
  }

  async load(id: string): Promise<Session> {
    const s = await this.#read(id);
    if (s === undefined)
      throw new CtxloomError('E_SESSION_NOT_FOUND', `no session "${id}" in Redis`);
    return s;
  }

  async list(): Promise<readonly SessionSummary[]> {
    const out: SessionSummary[] = [];
    for (let start = 0; ; start += LIST_PAGE) {
      const ids = (await this.#connection.run(
        ['ZRANGE', this.#index, String(start), String(start + LIST_PAGE - 1)],
        UNAVAILABLE,
      )) as string[];
      // the reads of one page are pipelined on the connection
      const page = await Promise.all(
        ids.map(async (id): Promise<SessionSummary> => {
          try {
            const s = await this.#read(id);
            if (s === undefined)
              return { id, ok: false, error: `redis: "${id}" is in the index but not stored` };
            return {
              id,
              ok: true,
              parentId: s.parentId,
              createdAt: s.createdAt,
              revision: s.revision,
            };
          } catch (error) {
            if (error instanceof CtxloomError && error.code === UNAVAILABLE) throw error;
            return { id, ok: false, error: (error as Error).message };
          }
        }),
      );
      out.push(...page);
      if (ids.length < LIST_PAGE) break;
    }
    return out;
  }

  async create(session: Session): Promise<Session> {
    const key = this.#key(session.id);
    let status: unknown;
    try {
      status = await runScript(
        this.#connection,
        CREATE,
        [key, this.#index],
        [session.id, String(session.revision), serializeSession(session)],
        UNAVAILABLE,
      );
    } catch (error) {
      throw this.#replyError(error, key);
    }
    if (status === 'exists')
      throw new CtxloomError('E_SESSION_EXISTS', `session "${session.id}" already exists`);
    return session;
  }

  async save(session: Session): Promise<Session> {
    // a corrupt stored value is reported, never written over (the script checks only the revision)
    const current = await this.#read(session.id);
    if (current !== undefined && current.revision !== session.revision)
      throw conflict(session.id, String(current.revision), session.revision);
    const next = deepFreeze({ ...session, revision: session.revision + 1 }) as Session;
    const status = await this.#cas(String(session.revision), next, 'save');
    if (status === 'wrongtype')
      throw new CtxloomError(
        'E_SESSION_CORRUPT',
        `redis ${this.#key(session.id)}: not a session hash`,
      );
    if (status.startsWith('conflict:'))
      throw conflict(session.id, status.slice('conflict:'.length), session.revision);
    return next;
  }

  /**
   * Read-modify-write with a server-side revision check. `change` may run more than once (after a
   * conflict it is called again on the fresh session), so it must not have side effects.
   */
  async update(id: string, change: (current: Session) => Session): Promise<Session> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.#read(id);
      if (current === undefined)
        throw new CtxloomError('E_SESSION_NOT_FOUND', `no session "${id}" in Redis`);
      const changed = change(current);
      if (changed.id !== id)
        throw new CtxloomError('E_SESSION_ID', 'update() may not change the session id');
      const next = deepFreeze({ ...changed, revision: current.revision + 1 }) as Session;
      const status = await this.#cas(String(current.revision), next, 'update');
      if (status === 'ok') return next;
      if (status === 'missing')
        throw new CtxloomError('E_SESSION_NOT_FOUND', `no session "${id}" in Redis`);
      if (status === 'wrongtype')
        throw new CtxloomError('E_SESSION_CORRUPT', `redis ${this.#key(id)}: not a session hash`);
      if (attempt >= this.#attempts)
        throw new CtxloomError(
          'E_SESSION_CONFLICT',
          `session "${id}" kept changing: ${attempt} attempts of update() lost the race; retry later`,
        );
      this.#onRetry?.(id, attempt);
      // jittered, growing back-off so that racing workers spread out
      await sleep(Math.random() * Math.min(2 ** attempt, 50));
    }
  }

  /** Closes the connection when this store opened it. */
  async close(): Promise<void> {
    if (this.#owned) await this.#connection.close();
  }
}
