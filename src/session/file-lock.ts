/**
 * @module session/file-lock
 * A lock file that is never torn and never stolen from a live writer.
 *
 * - Taking the lock: write `{pid, at, token}` to a private temporary file, then `link()` it to
 *   the lock path. `link` fails with `EEXIST` when the lock is held, and the lock file is complete
 *   from the first instant it exists (no empty-file window). Where hard links are not supported
 *   the lock is created with `O_EXCL` instead.
 * - Breaking a stale lock (its holder process is gone, or it is older than `staleMs`) and releasing
 *   one both delete the lock file only while holding a second, short-lived guard file
 *   (`<lock>.guard`, `O_EXCL`), and only after reading the lock again under that guard and
 *   checking it is the lock they mean: the stale one judged under the guard, or, on release, the
 *   holder's own unique token. Every deletion of a lock file happens under the guard, so the file
 *   read under the guard is still the file deleted, and a waiter can never delete another writer's
 *   fresh lock.
 * - The guard is held for a read and an unlink; one left by a killed process is taken as abandoned
 *   when its holder is gone or after `GUARD_STALE_MS`.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { CtxloomError } from '../diagnostics/index.js';

export interface LockOptions {
  /** Give up after this long (ms). Default 10 s. */
  readonly timeoutMs?: number;
  /** A lock older than this is taken as abandoned (ms). Default 30 s. */
  readonly staleMs?: number;
}

/** A guard older than this is abandoned (it is held for microseconds). */
const GUARD_STALE_MS = 10_000;
/** An unreadable lock file older than this is abandoned (only written by older versions). */
const UNWRITTEN_GRACE_MS = 1000;

interface LockInfo {
  readonly pid?: number;
  readonly at?: number;
  readonly token?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const code = (error: unknown) => (error as NodeJS.ErrnoException)?.code;

function readInfo(path: string): LockInfo | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return code(error) === 'ENOENT' ? 'missing' : 'unreadable';
  }
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null ? (v as LockInfo) : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

function pidIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return code(error) === 'ESRCH';
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Whether the lock at `path` (already read as `info`) is abandoned. */
function isStale(path: string, info: LockInfo | 'unreadable', staleMs: number): boolean {
  if (info === 'unreadable') return ageMs(path) > Math.min(staleMs, UNWRITTEN_GRACE_MS);
  if (typeof info.at === 'number' && Date.now() - info.at > staleMs) return true;
  return typeof info.pid === 'number' && pidIsGone(info.pid);
}

/** Creates `path` holding `content` iff it does not exist, complete from its first instant. */
function createExclusive(path: string, content: string): boolean {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, content, { flag: 'wx' });
  } catch (error) {
    if (code(error) === 'ENOENT') throw error;
    return createWithOpen(path, content);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (error) {
    const c = code(error);
    if (c === 'EEXIST') return false;
    if (c === 'EPERM' || c === 'ENOTSUP' || c === 'EOPNOTSUPP' || c === 'EXDEV')
      return createWithOpen(path, content);
    throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function createWithOpen(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Runs `fn` while holding the guard of `lockPath` (short sections only). */
async function withGuard<T>(lockPath: string, fn: () => T, deadline: number): Promise<T> {
  const guard = `${lockPath}.guard`;
  const content = JSON.stringify({ pid: process.pid, at: Date.now() });
  for (let attempt = 0; ; attempt++) {
    if (createExclusive(guard, content)) break;
    const info = readInfo(guard);
    if (info === 'missing') continue;
    if (isStale(guard, info, GUARD_STALE_MS)) {
      rmSync(guard, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new CtxloomError('E_SESSION_LOCKED', `could not take the guard ${guard} in time`);
    await sleep(Math.min(10, 1 + attempt));
  }
  try {
    return fn();
  } finally {
    rmSync(guard, { force: true });
  }
}

/** Runs `fn` while holding the lock file `lockPath`. */
export async function withFileLock<T>(
  lockPath: string,
  fn: () => T | Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const started = Date.now();
  const token = `${process.pid}-${randomBytes(12).toString('hex')}`;
  const content = JSON.stringify({ pid: process.pid, at: Date.now(), token });
  for (let attempt = 0; ; attempt++) {
    if (createExclusive(lockPath, content)) break;
    const seen = readInfo(lockPath);
    if (seen !== 'missing' && isStale(lockPath, seen, staleMs)) {
      // judge again under the guard: only the lock read there is deleted
      await withGuard(
        lockPath,
        () => {
          const now = readInfo(lockPath);
          if (now !== 'missing' && isStale(lockPath, now, staleMs))
            rmSync(lockPath, { force: true });
        },
        started + timeoutMs + GUARD_STALE_MS * 2,
      );
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new CtxloomError(
        'E_SESSION_LOCKED',
        `could not lock ${lockPath} within ${timeoutMs} ms: another process holds it`,
      );
    }
    await sleep(Math.min(50, 2 + attempt * 3 + Math.floor(Math.random() * 5)));
  }
  try {
    return await fn();
  } finally {
    await withGuard(
      lockPath,
      () => {
        const now = readInfo(lockPath);
        if (now !== 'missing' && now !== 'unreadable' && now.token === token)
          rmSync(lockPath, { force: true });
      },
      Date.now() + timeoutMs + GUARD_STALE_MS * 2,
    );
  }
}
