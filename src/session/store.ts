/**
 * @module session/store
 * `SessionStore`: where sessions live. The interface is asynchronous so a networked store can be
 * added without changing callers; `FileSessionStore` is the embedded default (no server): one JSON
 * file per session under `.ctxloom/sessions/`, atomic writes, a lock per session, and revision
 * checks so that no update is ever lost.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deepFreeze } from '../_internal/freeze.js';
import { CtxloomError } from '../diagnostics/index.js';
import { checkWriteTarget, readProjectFile, writeProjectFile } from '../files/index.js';
import { type LockOptions, withFileLock } from './file-lock.js';
import { parseSession, type Session, serializeSession } from './session.js';

/** One line of `list()`. */
export type SessionSummary =
  | {
      readonly id: string;
      readonly ok: true;
      readonly parentId: string | undefined;
      readonly createdAt: string;
      readonly revision: number;
    }
  | { readonly id: string; readonly ok: false; readonly error: string };

/** Where sessions are kept. */
export interface SessionStore {
  /** Loads a session: `E_SESSION_NOT_FOUND`, or `E_SESSION_CORRUPT` (the file is left as it is). */
  load(id: string): Promise<Session>;
  /** Every stored session, corrupt ones included (with their error), sorted by id. */
  list(): Promise<readonly SessionSummary[]>;
  /** Stores a new session; `E_SESSION_EXISTS` if the id is taken. */
  create(session: Session): Promise<Session>;
  /**
   * Saves `session` if the stored revision is still `session.revision` and returns it with the
   * revision incremented; otherwise `E_SESSION_CONFLICT` (load again, reapply, retry).
   */
  save(session: Session): Promise<Session>;
  /** Read-modify-write under the session's lock: concurrent updates are serialised, none is lost. */
  update(id: string, change: (current: Session) => Session): Promise<Session>;
}

/** Largest session file read (bytes). */
export const MAX_SESSION_FILE_BYTES = 64 * 1024 * 1024;

/** Options of {@link FileSessionStore}. */
export interface FileSessionStoreOptions extends LockOptions {
  /**
   * The repository the sessions folder belongs to: session files are read and written only when
   * their real path stays inside it (a committed symlinked `.ctxloom/` cannot send writes
   * elsewhere). Default: the sessions folder itself.
   */
  readonly root?: string;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function checkId(id: string): void {
  if (!ID.test(id))
    throw new CtxloomError(
      'E_SESSION_ID',
      `invalid session id ${JSON.stringify(id)}: use letters, digits, ".", "_" and "-"`,
    );
}

/** The embedded file-based store. */
export class FileSessionStore implements SessionStore {
  readonly #dir: string;
  readonly #lock: LockOptions;
  readonly #roots: readonly string[];

  /**
   * @param dir e.g. `<project>/.ctxloom/sessions`
   * @param options lock timing, and `root` (the project folder) for the read and write gates
   */
  constructor(dir: string, options: FileSessionStoreOptions = {}) {
    this.#dir = dir;
    this.#lock = options;
    this.#roots = [options.root ?? dir];
  }

  #path(id: string): string {
    checkId(id);
    return join(this.#dir, `${id}.json`);
  }

  #read(id: string): Session | undefined {
    const path = this.#path(id);
    // sessions are ctxloom's own files: no secret check (a session may quote a tool result)
    const read = readProjectFile(path, {
      roots: this.#roots,
      maxBytes: MAX_SESSION_FILE_BYTES,
      kind: 'session file',
      secrets: false,
    });
    if (!read.ok) {
      if (read.missing) return undefined;
      throw new CtxloomError('E_SESSION_READ', read.diagnostic.message, {
        diagnostics: [read.diagnostic],
      });
    }
    const s = parseSession(read.text, path);
    if (s.id !== id)
      throw new CtxloomError(
        'E_SESSION_CORRUPT',
        `${path}: holds session ${JSON.stringify(s.id)}, not "${id}" (the id must match the file name)`,
      );
    return s;
  }

  #write(session: Session): void {
    writeProjectFile(this.#path(session.id), serializeSession(session), { roots: this.#roots });
  }

  #locked<T>(id: string, fn: () => T): Promise<T> {
    const lockPath = `${this.#path(id)}.lock`;
    // the lock file is the first write: the gate checks the folder before anything is created
    const refused = checkWriteTarget(lockPath, { roots: this.#roots });
    if (refused !== undefined)
      return Promise.reject(
        new CtxloomError(refused.code, refused.message, { diagnostics: [refused] }),
      );
    mkdirSync(this.#dir, { recursive: true });
    return withFileLock(lockPath, fn, this.#lock);
  }

  async load(id: string): Promise<Session> {
    const s = this.#read(id);
    if (s === undefined)
      throw new CtxloomError('E_SESSION_NOT_FOUND', `no session "${id}" in ${this.#dir}`);
    return s;
  }

  async list(): Promise<readonly SessionSummary[]> {
    let names: string[];
    try {
      names = readdirSync(this.#dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return [];
      throw new CtxloomError(
        'E_SESSION_READ',
        `cannot list ${this.#dir}: ${code ?? String(error)}`,
      );
    }
    return names
      .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
      .map((n) => n.slice(0, -'.json'.length))
      .filter((id) => ID.test(id))
      .sort()
      .map((id): SessionSummary => {
        try {
          const s = this.#read(id) as Session;
          return {
            id,
            ok: true,
            parentId: s.parentId,
            createdAt: s.createdAt,
            revision: s.revision,
          };
        } catch (error) {
          return { id, ok: false, error: (error as Error).message };
        }
      });
  }

  create(session: Session): Promise<Session> {
    return this.#locked(session.id, () => {
      if (this.#read(session.id) !== undefined)
        throw new CtxloomError('E_SESSION_EXISTS', `session "${session.id}" already exists`);
      this.#write(session);
      return session;
    });
  }

  save(session: Session): Promise<Session> {
    return this.#locked(session.id, () => {
      const current = this.#read(session.id);
      const stored = current?.revision ?? 0;
      if (current !== undefined && stored !== session.revision) {
        throw new CtxloomError(
          'E_SESSION_CONFLICT',
          `session "${session.id}" changed since it was loaded (stored revision ${stored}, yours ${session.revision}); load it again and retry`,
        );
      }
      const next = deepFreeze({ ...session, revision: session.revision + 1 }) as Session;
      this.#write(next);
      return next;
    });
  }

  update(id: string, change: (current: Session) => Session): Promise<Session> {
    return this.#locked(id, () => {
      const current = this.#read(id);
      if (current === undefined)
        throw new CtxloomError('E_SESSION_NOT_FOUND', `no session "${id}" in ${this.#dir}`);
      const changed = change(current);
      if (changed.id !== id)
        throw new CtxloomError('E_SESSION_ID', 'update() may not change the session id');
      const next = deepFreeze({ ...changed, revision: current.revision + 1 }) as Session;
      this.#write(next);
      return next;
    });
  }
}
