/**
 * @module fleet/redis-connection
 * One connection to a Redis server, shared by the Redis session and artifact stores. The client
 * (`@redis/client`, an optional peer dependency) is loaded with a dynamic `import()` the first
 * time a command runs, so importing ctxloom never requires it.
 *
 * Failure policy: commands are never queued while the server is away (`disableOfflineQueue`);
 * they fail at once, or after `commandTimeoutMs`, with a typed `CtxloomError` (`E_SESSION_UNAVAILABLE`
 * or `E_ARTIFACT_UNAVAILABLE`, chosen by the store). A write whose reply was lost may or may not
 * have been applied: the error says so, and nothing is retried blindly. The client reconnects in
 * the background; when it gives up, the next command connects afresh, so work continues once the
 * server is back.
 */
import { CtxloomError, type DiagnosticCode } from '../diagnostics/index.js';

/** How to reach the server. */
export interface RedisConnectionOptions {
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://…`. Default `redis://127.0.0.1:6379`. */
  readonly url?: string | undefined;
  /** Time allowed for one connection attempt (ms). Default 2,000. */
  readonly connectTimeoutMs?: number | undefined;
  /** Time a command may wait for its reply (ms). Default 5,000. */
  readonly commandTimeoutMs?: number | undefined;
  /** Reconnection attempts before the client gives up (the next command starts again). Default 5. */
  readonly reconnectAttempts?: number | undefined;
}

/** The part of `@redis/client`'s client this module uses. */
interface Client {
  sendCommand(args: readonly string[]): Promise<unknown>;
  connect(): Promise<unknown>;
  destroy(): void;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  readonly isOpen: boolean;
  readonly isReady: boolean;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

interface ClientModule {
  createClient(options: Record<string, unknown>): Client;
  ErrorReply: new (...args: never[]) => Error;
}

/** A reply error from the server (`WRONGTYPE`, `NOSCRIPT`, `OOM`, …): the connection is fine. */
export class RedisReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisReplyError';
  }
}

/** The module name, in a variable so bundlers and type-checkers do not resolve it statically. */
const CLIENT_MODULE = '@redis/client';

async function loadClientModule(): Promise<ClientModule> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(CLIENT_MODULE)) as Record<string, unknown>;
  } catch (error) {
    throw new CtxloomError(
      'E_REDIS_CLIENT_MISSING',
      'the Redis stores need the optional peer dependency "@redis/client": npm install @redis/client',
      { cause: error },
    );
  }
  // a CommonJS package: the named exports may sit on `default`
  const named = (typeof mod.createClient === 'function' ? mod : mod.default) as ClientModule;
  if (typeof named?.createClient !== 'function')
    throw new CtxloomError('E_REDIS_CLIENT_MISSING', '"@redis/client" has no createClient()');
  return named;
}

/** A lazily opened, shared connection. Call `close()` when done (it keeps the process alive). */
export class RedisConnection {
  readonly #options: RedisConnectionOptions;
  #client: Promise<{ client: Client; mod: ClientModule }> | undefined;
  #closed = false;

  constructor(options: RedisConnectionOptions = {}) {
    this.#options = options;
  }

  #open(): Promise<{ client: Client; mod: ClientModule }> {
    if (this.#client !== undefined) return this.#client;
    const o = this.#options;
    const attempts = o.reconnectAttempts ?? 5;
    const opened = (async () => {
      const mod = await loadClientModule();
      const client = mod.createClient({
        url: o.url ?? 'redis://127.0.0.1:6379',
        disableOfflineQueue: true,
        commandOptions: { timeout: o.commandTimeoutMs ?? 5_000 },
        socket: {
          connectTimeout: o.connectTimeoutMs ?? 2_000,
          reconnectStrategy: (retries: number, cause: Error) =>
            retries >= attempts ? cause : Math.min(50 * 2 ** retries, 1_000),
        },
      });
      // errors reach the caller through the rejected command; the event only needs a listener
      client.on('error', () => {});
      client.on('end', () => {
        if (this.#client === opened) this.#client = undefined;
      });
      try {
        await client.connect();
      } catch (error) {
        client.destroy();
        throw error;
      }
      return { client, mod };
    })();
    this.#client = opened;
    opened.catch(() => {
      if (this.#client === opened) this.#client = undefined;
    });
    return opened;
  }

  /**
   * Runs one command. Transport failures become `CtxloomError(code)`; error replies become
   * {@link RedisReplyError} for the store to interpret.
   */
  async run(args: readonly string[], code: DiagnosticCode): Promise<unknown> {
    if (this.#closed) throw new CtxloomError(code, 'the Redis connection was closed');
    let opened: { client: Client; mod: ClientModule };
    try {
      opened = await this.#open();
      if (!opened.client.isOpen) {
        // the client gave up reconnecting: start a new one
        this.#client = undefined;
        opened.client.destroy();
        opened = await this.#open();
      }
    } catch (error) {
      if (error instanceof CtxloomError) throw error;
      throw new CtxloomError(code, `cannot reach Redis: ${(error as Error).message}`, {
        cause: error,
      });
    }
    // reconnecting: wait for it (up to the connect timeout) rather than fail a command that
    // would succeed a moment later; nothing is queued, so nothing is sent twice
    if (!opened.client.isReady) await ready(opened.client, this.#options.connectTimeoutMs ?? 2_000);
    try {
      return await opened.client.sendCommand(args);
    } catch (error) {
      if (error instanceof opened.mod.ErrorReply) throw new RedisReplyError(error.message);
      throw new CtxloomError(
        code,
        `Redis ${args[0]} failed (${(error as Error).name}: ${(error as Error).message}); a write may or may not have been applied`,
        { cause: error },
      );
    }
  }

  /** Closes the connection; later commands fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const opened = this.#client;
    this.#client = undefined;
    if (opened === undefined) return;
    try {
      (await opened).client.destroy();
    } catch {
      // it never opened: nothing to close
    }
  }
}

/** Resolves when `client` is ready again, or after `ms`. */
function ready(client: Client, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
  });
}

/** Runs a Lua script by its SHA-1, loading it when the server does not have it (after a restart). */
export async function runScript(
  connection: RedisConnection,
  script: { readonly source: string; readonly sha1: string },
  keys: readonly string[],
  args: readonly string[],
  code: DiagnosticCode,
): Promise<unknown> {
  const tail = [String(keys.length), ...keys, ...args];
  try {
    return await connection.run(['EVALSHA', script.sha1, ...tail], code);
  } catch (error) {
    if (!(error instanceof RedisReplyError) || !error.message.startsWith('NOSCRIPT')) throw error;
    return connection.run(['EVAL', script.source, ...tail], code);
  }
}
