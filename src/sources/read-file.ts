/**
 * @module sources/read-file
 * Reads one instruction file at the edge, with the checks of the read gate (`files/`): symlinks
 * followed only inside the boundary (loops detected), no secret names, regular files only (the
 * real file system opens without blocking and checks the open file), a read cap, binary and
 * encoding checks, no secret contents. Every problem is a diagnostic; nothing throws. It reads
 * through the injectable {@link SourceFs}, so tests and benchmarks can count or fake the reads.
 */
import { createHash } from 'node:crypto';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { checkFileBytes, isSecretFileName } from '../files/index.js';
import { isInside } from './paths.js';
import type { SourceFs } from './source-fs.js';

/** A file that was read and decoded. */
export interface FileReadOk {
  readonly ok: true;
  readonly absolutePath: string;
  /** The path with symlinks resolved. */
  readonly realPath: string;
  /** Normalised text. */
  readonly text: string;
  /** sha256 (hex) of the raw bytes read. */
  readonly sha256: string;
  /** Raw bytes read (at most the read cap). */
  readonly bytes: number;
  /** Whether the read cap cut the file. */
  readonly capped: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/** A file that could not be used. `missing` files produce no diagnostic here. */
export interface FileReadFailed {
  readonly ok: false;
  readonly absolutePath: string;
  readonly missing: boolean;
  /** Short reason for the provenance record. */
  readonly reason: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly diagnostics: readonly Diagnostic[];
}

/** The outcome of reading one file. */
export type FileRead = FileReadOk | FileReadFailed;

/** How to read. */
export interface ReadFileOptions {
  readonly fs: SourceFs;
  /** Real (symlink-resolved) folder the file's real path must stay inside; none = no limit. */
  readonly boundary?: string;
  /** Path to name in diagnostics. */
  readonly display: string;
  /** Read at most this many bytes. */
  readonly readCapBytes: number;
}

function errorCode(error: unknown): string {
  return String((error as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN');
}

function failed(
  absolutePath: string,
  reason: string,
  diags: Diagnostic[],
  missing = false,
  sha256 = '',
  bytes = 0,
): FileReadFailed {
  return { ok: false, absolutePath, missing, reason, sha256, bytes, diagnostics: diags };
}

/** A failure for a path that cannot be read: `E_UNREADABLE` with the errno code. */
function unreadable(absolutePath: string, file: string, code: string): FileReadFailed {
  return failed(absolutePath, `unreadable (${code})`, [
    diagnostic('E_UNREADABLE', 'error', `${file} cannot be read (${code})`, { file }),
  ]);
}

function notAFile(absolutePath: string, file: string): FileReadFailed {
  return failed(absolutePath, 'not a file', [
    diagnostic('E_NOT_A_FILE', 'error', `${file} is not a regular file; not loaded`, { file }),
  ]);
}

/** The path with symlinks resolved, or why it cannot be: a loop, a dangling link, missing. */
async function realPathOf(
  absolutePath: string,
  options: ReadFileOptions,
): Promise<string | FileReadFailed> {
  const { fs, display: file } = options;
  try {
    return await fs.realpath(absolutePath);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') {
      return failed(absolutePath, 'symlink loop', [
        diagnostic('E_SYMLINK_LOOP', 'error', `${file} is a symlink loop; not loaded`, { file }),
      ]);
    }
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return unreadable(absolutePath, file, code);
    const st = await fs.stat(absolutePath).catch(() => null);
    if (st?.dangling !== true) return failed(absolutePath, 'missing', [], true);
    return failed(absolutePath, 'dangling symlink', [
      diagnostic(
        'E_DANGLING_SYMLINK',
        'error',
        `${file} is a symlink to a missing file; not loaded`,
        { file },
      ),
    ]);
  }
}

/** Refuses a real path outside the boundary, or one that names a secrets file. */
function refusedPath(
  absolutePath: string,
  realPath: string,
  options: ReadFileOptions,
): FileReadFailed | undefined {
  const file = options.display;
  if (options.boundary !== undefined && !isInside(options.boundary, realPath)) {
    return failed(absolutePath, 'symlink leads outside the project root', [
      diagnostic(
        'E_SYMLINK_OUTSIDE_ROOT',
        'error',
        `${file} resolves to ${realPath}, outside the project root; not loaded`,
        { file },
      ),
    ]);
  }
  if (isSecretFileName(realPath) || isSecretFileName(absolutePath)) {
    // e.g. a committed symlink AGENTS.md -> .env: the user's local secrets must not load
    return failed(absolutePath, 'a secrets file', [
      diagnostic(
        'E_SECRET_FILE',
        'error',
        `${file} resolves to ${realPath}, which looks like a secrets file (keys, .env, credentials); not loaded`,
        { file },
      ),
    ]);
  }
  return undefined;
}

/** The bytes read (at most the cap) and the file's size. */
interface RawRead {
  readonly raw: Uint8Array;
  readonly size: number;
}

/** Reads the head of a regular file, or why it cannot. */
async function readRaw(
  absolutePath: string,
  realPath: string,
  options: ReadFileOptions,
): Promise<RawRead | FileReadFailed> {
  const { fs, display: file } = options;
  try {
    const st = await fs.stat(realPath);
    if (st === null) return failed(absolutePath, 'missing', [], true);
    if (!st.isFile) return notAFile(absolutePath, file);
    return { raw: await fs.readHead(realPath, options.readCapBytes), size: st.size };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'E_NOT_A_FILE') return notAFile(absolutePath, file);
    return unreadable(absolutePath, file, code);
  }
}

/** Decodes the bytes read: the read cap, binary, encoding and secret-content checks. */
function decode(
  absolutePath: string,
  realPath: string,
  { raw, size }: RawRead,
  options: ReadFileOptions,
): FileRead {
  const file = options.display;
  const diags: Diagnostic[] = [];
  const capped = size > raw.length && raw.length >= options.readCapBytes;
  const sha256 = createHash('sha256').update(raw).digest('hex');
  if (capped) {
    diags.push(
      diagnostic(
        'W_READ_CAP',
        'warning',
        `${file} is ${size} bytes, over the read cap of ${options.readCapBytes}; only the first ${options.readCapBytes} bytes were read`,
        { file },
      ),
    );
  }
  const checked = checkFileBytes(raw, { display: file, capped });
  if (!checked.ok)
    return failed(
      absolutePath,
      checked.reason,
      [...diags, checked.diagnostic],
      false,
      sha256,
      raw.length,
    );
  diags.push(...checked.diagnostics);
  return {
    ok: true,
    absolutePath,
    realPath,
    text: checked.text,
    sha256,
    bytes: raw.length,
    capped,
    diagnostics: diags,
  };
}

/** Reads and decodes one file. Never throws. */
export async function readInstructionFile(
  absolutePath: string,
  options: ReadFileOptions,
): Promise<FileRead> {
  const realPath = await realPathOf(absolutePath, options);
  if (typeof realPath !== 'string') return realPath;
  const refused = refusedPath(absolutePath, realPath, options);
  if (refused !== undefined) return refused;
  const read = await readRaw(absolutePath, realPath, options);
  if ('ok' in read) return read;
  return decode(absolutePath, realPath, read, options);
}
