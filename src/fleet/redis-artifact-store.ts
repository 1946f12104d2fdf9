/**
 * @module fleet/redis-artifact-store
 * `RedisArtifactStore`: elided tool results on a Redis server, readable from every worker.
 * Content-addressed like the file store (`<prefix>artifact:<sha256 hex>`), verified on read,
 * kept for `ttlSeconds` after the last put or get (a session that still reads an artifact keeps it
 * alive), and refused above `maxBytes` (`E_ARTIFACT_TOO_LARGE`), so one huge tool output cannot
 * fill the server's memory.
 */
import { CtxloomError } from '../diagnostics/index.js';
import {
  type ArtifactRef,
  type ArtifactStore,
  artifactRef,
  isArtifactRef,
} from '../history/index.js';
import {
  RedisConnection,
  type RedisConnectionOptions,
  RedisReplyError,
} from './redis-connection.js';

/** Options of {@link RedisArtifactStore}. */
export interface RedisArtifactStoreOptions extends RedisConnectionOptions {
  /** A connection to share with other stores (then `close()` leaves it open). */
  readonly connection?: RedisConnection | undefined;
  /** Prefix of every key. Default `ctxloom:`. */
  readonly prefix?: string | undefined;
  /** Seconds an artifact is kept after its last put or get. Default 7 days. */
  readonly ttlSeconds?: number | undefined;
  /** Largest artifact stored, in UTF-8 bytes. Default 16 MiB. */
  readonly maxBytes?: number | undefined;
}

/** Default time to live: 7 days. */
export const DEFAULT_ARTIFACT_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Default size cap: 16 MiB. */
export const DEFAULT_ARTIFACT_MAX_BYTES = 16 * 1024 * 1024;

const UNAVAILABLE = 'E_ARTIFACT_UNAVAILABLE';

/** Artifacts on Redis. Call `close()` when done with a store that owns its connection. */
export class RedisArtifactStore implements ArtifactStore {
  readonly #connection: RedisConnection;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #ttl: string;
  readonly #maxBytes: number;

  constructor(options: RedisArtifactStoreOptions = {}) {
    const ttl = options.ttlSeconds ?? DEFAULT_ARTIFACT_TTL_SECONDS;
    if (!Number.isInteger(ttl) || ttl < 1)
      throw new CtxloomError(
        'E_ARTIFACT_OPTIONS',
        `ttlSeconds must be a whole number >= 1, not ${ttl}`,
      );
    this.#owned = options.connection === undefined;
    this.#connection = options.connection ?? new RedisConnection(options);
    this.#prefix = options.prefix ?? 'ctxloom:';
    this.#ttl = String(ttl);
    this.#maxBytes = options.maxBytes ?? DEFAULT_ARTIFACT_MAX_BYTES;
  }

  #key(ref: ArtifactRef): string {
    return `${this.#prefix}artifact:${ref.slice('sha256:'.length)}`;
  }

  async #run(args: readonly string[]): Promise<unknown> {
    try {
      return await this.#connection.run(args, UNAVAILABLE);
    } catch (error) {
      if (error instanceof RedisReplyError)
        throw new CtxloomError(
          UNAVAILABLE,
          `redis ${args[1]}: the server refused: ${error.message}`,
        );
      throw error;
    }
  }

  async put(content: string): Promise<ArtifactRef> {
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > this.#maxBytes)
      throw new CtxloomError(
        'E_ARTIFACT_TOO_LARGE',
        `artifact of ${bytes} bytes is over the store's cap of ${this.#maxBytes} bytes`,
      );
    const ref = artifactRef(content);
    // the same content always has the same key: a second put only renews the time to live
    await this.#run(['SET', this.#key(ref), content, 'EX', this.#ttl]);
    return ref;
  }

  async get(ref: ArtifactRef): Promise<string | undefined> {
    if (!isArtifactRef(ref)) return undefined;
    const content = (await this.#run(['GETEX', this.#key(ref), 'EX', this.#ttl])) as string | null;
    if (content === null) return undefined;
    if (artifactRef(content) !== ref)
      throw new CtxloomError('E_ARTIFACT_CORRUPT', `artifact ${ref} does not match its hash`);
    return content;
  }

  /** Closes the connection when this store opened it. */
  async close(): Promise<void> {
    if (this.#owned) await this.#connection.close();
  }
}
