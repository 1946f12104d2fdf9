/**
 * @module sources/source-fs
 * The file-system operations discovery and reading need, behind an interface so that tests and
 * benchmarks can count or fake them. {@link nodeSourceFs} is the real one.
 */
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { readRegularFile } from '../files/index.js';

/** What a `stat` reports (symlinks followed). */
export interface SourceStat {
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly size: number;
  /** A symlink whose target does not exist (then `isFile` and `isDirectory` are false). */
  readonly dangling?: boolean;
}

/** One directory entry (symlinks not followed). */
export interface SourceDirent {
  readonly name: string;
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly isSymbolicLink: boolean;
}

/** File-system access for the loader. Errors are thrown as Node errors with a `code`. */
export interface SourceFs {
  /** Stats a path following symlinks; `null` when it does not exist (a dangling link says so). */
  stat(path: string): Promise<SourceStat | null>;
  /** Resolves symlinks (throws `ELOOP` on a loop, `ENOENT` on a dangling link). */
  realpath(path: string): Promise<string>;
  /**
   * Reads at most `maxBytes` bytes from the start of a regular file. The real one opens without
   * blocking and checks the open file (a FIFO or device that replaced a checked file throws
   * `code: 'E_NOT_A_FILE'`).
   */
  readHead(path: string, maxBytes: number): Promise<Uint8Array>;
  /** Lists one directory, sorted by name is not required. */
  readdir(path: string): Promise<readonly SourceDirent[]>;
}

/** The Node file system. */
export const nodeSourceFs: SourceFs = Object.freeze({
  async stat(path: string): Promise<SourceStat | null> {
    try {
      const s = await stat(path);
      return { isFile: s.isFile(), isDirectory: s.isDirectory(), size: s.size };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const link = await lstat(path).catch(() => null);
      return link?.isSymbolicLink()
        ? { isFile: false, isDirectory: false, size: 0, dangling: true }
        : null;
    }
  },
  realpath: (path: string) => realpath(path),
  async readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    // the read gate's open: O_NONBLOCK + fstat, so a FIFO never hangs and /dev/zero is never read
    const r = readRegularFile(path, { maxBytes, overCap: 'head' });
    if (r.ok) return r.bytes;
    const code = r.reason === 'not-a-file' ? 'E_NOT_A_FILE' : (r.errno ?? 'EUNKNOWN');
    throw Object.assign(new Error(`${path}: ${r.what ?? r.reason}`), { code });
  },
  async readdir(path: string): Promise<readonly SourceDirent[]> {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.map((e) => ({
      name: e.name,
      isFile: e.isFile(),
      isDirectory: e.isDirectory(),
      isSymbolicLink: e.isSymbolicLink(),
    }));
  },
});

/**
 * Stats a path; an error other than "missing" counts as a file, so that reading it reports the
 * problem as a diagnostic.
 */
export async function statSafe(fs: SourceFs, path: string): Promise<SourceStat | null> {
  try {
    return await fs.stat(path);
  } catch {
    // an unreadable entry is reported when it is read
    return { isFile: true, isDirectory: false, size: 0 };
  }
}
