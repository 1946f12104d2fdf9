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

/** Reads and decodes one file. Never throws. */
export async function readInstructionFile(
  absolutePath: string,
  options: ReadFileOptions,
): Promise<FileRead> {
  const { fs, display: file } = options;
  const fail = (
    reason: string,
    diags: Diagnostic[],
    missing = false,
    sha256 = '',
    bytes = 0,
  ): FileReadFailed => ({
    ok: false,
    absolutePath,
    missing,
    reason,
    sha256,
    bytes,
    diagnostics: diags,
  });
  let realPath: string;
  try {
    realPath = await fs.realpath(absolutePath);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') {
      return fail('symlink loop', [
        diagnostic('E_SYMLINK_LOOP', 'error', `${file} is a symlink loop; not loaded`, { file }),
      ]);
    }
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      const st = await fs.stat(absolutePath).catch(() => null);
      if (st?.dangling === true) {
        return fail('dangling symlink', [
          diagnostic(
            'E_DANGLING_SYMLINK',
            'error',
            `${file} is a symlink to a missing file; not loaded`,
            { file },
          ),
        ]);
      }
      return fail('missing', [], true);
    }
    return fail(`unreadable (${code})`, [
      diagnostic('E_UNREADABLE', 'error', `${file} cannot be read (${code})`, { file }),
    ]);
  }
  if (options.boundary !== undefined && !isInside(options.boundary, realPath)) {
    return fail('symlink leads outside the project root', [
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
    return fail('a secrets file', [
      diagnostic(
        'E_SECRET_FILE',
        'error',
        `${file} resolves to ${realPath}, which looks like a secrets file (keys, .env, credentials); not loaded`,
        { file },
      ),
    ]);
  }
  let raw: Uint8Array;
  let size: number;
  try {
    const st = await fs.stat(realPath);
    if (st === null) return fail('missing', [], true);
    if (!st.isFile) {
      return fail('not a file', [
        diagnostic('E_NOT_A_FILE', 'error', `${file} is not a regular file; not loaded`, { file }),
      ]);
    }
    size = st.size;
    raw = await fs.readHead(realPath, options.readCapBytes);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'E_NOT_A_FILE')
      return fail('not a file', [
        diagnostic('E_NOT_A_FILE', 'error', `${file} is not a regular file; not loaded`, { file }),
      ]);
    return fail(`unreadable (${code})`, [
      diagnostic('E_UNREADABLE', 'error', `${file} cannot be read (${code})`, { file }),
    ]);
  }
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
    return fail(checked.reason, [...diags, checked.diagnostic], false, sha256, raw.length);
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
