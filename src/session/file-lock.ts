/**
 * @module session/file-lock
 * A lock file created with O_EXCL. A lock whose holder process is gone, or that is older than
 * `staleMs`, is broken, so a process killed while holding it does not block others for ever.
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { CtxloomError } from '../diagnostics/index.js';

export interface LockOptions {
  /** Give up after this long (ms). Default 10 s. */
  readonly timeoutMs?: number;
  /** A lock older than this is taken as abandoned (ms). Default 30 s. */
  readonly staleMs?: number;
}

/** How long an empty lock file may stay empty before it counts as abandoned. */
const UNWRITTEN_GRACE_MS = 1000;

function holderIsGone(lockPath: string, staleMs: number): boolean {
  let info: { pid?: number; at?: number };
  try {
    info = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: number; at?: number };
  } catch {
    // Empty or half-written: its writer was killed between creating and writing it (it writes
    // right after creating). Give a live writer a moment, then take it as abandoned.
    try {
      return Date.now() - statSync(lockPath).mtimeMs > Math.min(staleMs, UNWRITTEN_GRACE_MS);
    } catch {
      return true;
    }
  }
  if (typeof info.at === 'number' && Date.now() - info.at > staleMs) return true;
  if (typeof info.pid !== 'number') return false;
  try {
    process.kill(info.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` while holding the lock file `lockPath`. */
export async function withFileLock<T>(
  lockPath: string,
  fn: () => T | Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const started = Date.now();
  let attempt = 0;
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, at: Date.now() }));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderIsGone(lockPath, staleMs)) {
        rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() - started > timeoutMs) {
        throw new CtxloomError(
          'E_SESSION_LOCKED',
          `could not lock ${lockPath} within ${timeoutMs} ms: another process holds it`,
        );
      }
      attempt++;
      await sleep(Math.min(50, 2 + attempt * 3 + Math.floor(Math.random() * 5)));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockPath, { force: true });
  }
}
