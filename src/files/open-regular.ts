/**
 * @module files/open-regular
 * Opens a path for reading without ever blocking on it and reads at most a cap. The file is opened
 * with `O_RDONLY | O_NONBLOCK | O_NOCTTY` and checked with `fstat` on the open descriptor, so a
 * FIFO never hangs, a device is never read, and the file checked is the file read (no stat/open
 * race). The cap is checked against the size before reading and enforced while reading, so
 * `/dev/zero`, sparse and growing files cannot exhaust memory.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** What was read. */
export interface RegularRead {
  readonly ok: true;
  /** The bytes (at most `maxBytes`). */
  readonly bytes: Uint8Array;
  /** The size the open file reported. */
  readonly size: number;
  /** Whether the file was longer than the cap (only with `overCap: 'head'`). */
  readonly capped: boolean;
  /** Device and inode of the file read (its identity). */
  readonly dev: number;
  readonly ino: number;
}

/** Why nothing was read. `errno` is the Node error code where there is one. */
export interface RegularReadFailed {
  readonly ok: false;
  readonly reason: 'missing' | 'not-a-file' | 'too-large' | 'unreadable';
  /** For `not-a-file`: `a FIFO`, `a directory`, `a device`, `a socket`. */
  readonly what?: string;
  /** For `too-large`: the size seen (at least cap + 1 for a file that grew). */
  readonly size?: number;
  readonly errno?: string;
}

/** Options of {@link readRegularFile}. */
export interface ReadRegularOptions {
  /** Read at most this many bytes. */
  readonly maxBytes: number;
  /** Over the cap: `refuse` (default) or read the first `maxBytes` bytes (`head`). */
  readonly overCap?: 'refuse' | 'head';
  /** Refuse a symlink as the final component (the caller resolved the path already). */
  readonly noFollow?: boolean;
}

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

function kindOf(st: import('node:fs').Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isDirectory()) return 'a directory';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

const CHUNK = 64 * 1024;

/** Reads a regular file, never blocking and never past the cap. Never throws. */
export function readRegularFile(
  path: string,
  options: ReadRegularOptions,
): RegularRead | RegularReadFailed {
  const flags = READ_FLAGS | (options.noFollow === true ? (constants.O_NOFOLLOW ?? 0) : 0);
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    const errno = String((error as NodeJS.ErrnoException).code ?? 'EUNKNOWN');
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return { ok: false, reason: 'missing', errno };
    if (errno === 'EISDIR') return { ok: false, reason: 'not-a-file', what: 'a directory', errno };
    // ENXIO: a socket, or a FIFO/device with nothing behind it
    if (errno === 'ENXIO') return { ok: false, reason: 'not-a-file', what: 'a socket', errno };
    return { ok: false, reason: 'unreadable', errno };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: 'not-a-file', what: kindOf(st) };
    const max = Math.max(0, Math.floor(options.maxBytes));
    const head = options.overCap === 'head';
    if (st.size > max && !head) return { ok: false, reason: 'too-large', size: st.size };
    // one byte more than the cap tells a file that grew since fstat from one that did not
    const want = max + 1;
    const buf = Buffer.allocUnsafe(Math.min(want, Math.max(st.size + 1, 1)));
    let filled = 0;
    let out = buf;
    for (;;) {
      if (filled === out.length) {
        if (out.length >= want) break;
        const bigger = Buffer.allocUnsafe(Math.min(want, Math.max(out.length * 2, CHUNK)));
        out.copy(bigger, 0, 0, filled);
        out = bigger;
      }
      const n = readSync(fd, out, filled, out.length - filled, null);
      if (n === 0) break;
      filled += n;
    }
    if (filled > max) {
      if (!head) return { ok: false, reason: 'too-large', size: Math.max(st.size, filled) };
      return {
        ok: true,
        bytes: new Uint8Array(out.buffer, out.byteOffset, max),
        size: Math.max(st.size, filled),
        capped: true,
        dev: st.dev,
        ino: st.ino,
      };
    }
    return {
      ok: true,
      bytes: new Uint8Array(out.buffer, out.byteOffset, filled),
      size: st.size,
      capped: false,
      dev: st.dev,
      ino: st.ino,
    };
  } catch (error) {
    const errno = String((error as NodeJS.ErrnoException).code ?? 'EUNKNOWN');
    if (errno === 'EISDIR') return { ok: false, reason: 'not-a-file', what: 'a directory', errno };
    return { ok: false, reason: 'unreadable', errno };
  } finally {
    closeSync(fd);
  }
}
