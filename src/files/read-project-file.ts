/**
 * @module files/read-project-file
 * The one read gate, synchronous: every file ctxloom reads from a repository or a user folder
 * (memory, plan, config, sessions, skills, transcripts) goes through {@link readProjectFile}.
 * Nothing throws; every refusal is one typed diagnostic that names the file and never its secret.
 */
import { createHash } from 'node:crypto';
import { lstatSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { checkFileBytes } from './check-text.js';
import { FILE_CODES, type FileCode } from './codes.js';
import { type RegularRead, type RegularReadFailed, readRegularFile } from './open-regular.js';
import { insideRoots } from './roots.js';
import { isSecretFileName } from './secret-names.js';

/** Options of {@link readProjectFile}. */
export interface ReadProjectFileOptions {
  /**
   * Folders the file's real path must stay inside: the project root, and allowed user-global
   * roots such as `~/.config/ctxloom` or `~/.claude`. Each is resolved to its real path.
   */
  readonly roots: readonly string[];
  /** Size cap in bytes, checked on the open file before reading and enforced while reading. */
  readonly maxBytes: number;
  /** Path to name in diagnostics (default: the path as given). */
  readonly display?: string;
  /** What the file is, for messages, e.g. `memory file` or `plan` (default: none). */
  readonly kind?: string;
  /** Over the cap: `refuse` (default, `E_FILE_TOO_LARGE`) or read the head (`W_READ_CAP`). */
  readonly overCap?: 'refuse' | 'head';
  /** Refuse secret names and contents. Default true. */
  readonly secrets?: boolean;
}

/** A file that was read. */
export interface ProjectFileOk {
  readonly ok: true;
  /** Normalised text: no BOM, `\n` line ends, invalid UTF-8 replaced. */
  readonly text: string;
  /** The path with symlinks resolved. */
  readonly realPath: string;
  /** Raw bytes read. */
  readonly bytes: number;
  /** sha256 (hex) of the raw bytes read. */
  readonly sha256: string;
  /** Whether only the head was read (`overCap: 'head'`). */
  readonly capped: boolean;
  /** Warnings (`W_INVALID_UTF8`, `W_READ_CAP`). */
  readonly diagnostics: readonly Diagnostic[];
}

/** A file that was not read. `missing` (ENOENT) still carries a diagnostic; callers decide. */
export interface ProjectFileFailed {
  readonly ok: false;
  /** The file does not exist (a dangling symlink is not missing: it is reported). */
  readonly missing: boolean;
  /** Short reason, e.g. `not a file`, `outside the roots`, `holds a secret`. */
  readonly reason: string;
  readonly diagnostic: Diagnostic;
}

/** The outcome of {@link readProjectFile}. */
export type ProjectFileRead = ProjectFileOk | ProjectFileFailed;

const errno = (error: unknown) => String((error as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN');

/** How a refusal names the file: `file` in the diagnostic, `what` (kind and file) in messages. */
interface Naming {
  readonly file: string;
  readonly what: string;
}

function refuse(
  naming: Naming,
  code: FileCode,
  reason: string,
  message: string,
  missing = false,
): ProjectFileFailed {
  return {
    ok: false,
    missing,
    reason,
    diagnostic: diagnostic(code, 'error', message, { file: naming.file, line: undefined }),
  };
}

/** The path with symlinks resolved, or the refusal: a loop, a dangling link, missing, unreadable. */
function realPathOf(abs: string, naming: Naming): string | ProjectFileFailed {
  const { what } = naming;
  try {
    return realpathSync(abs);
  } catch (error) {
    const code = errno(error);
    if (code === 'ELOOP')
      return refuse(
        naming,
        FILE_CODES.symlinkLoop,
        'symlink loop',
        `${what} is a symlink loop; not loaded`,
      );
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      return refuse(
        naming,
        FILE_CODES.unreadable,
        `unreadable (${code})`,
        `${what} cannot be read (${code})`,
      );
    let link = false;
    try {
      link = lstatSync(abs).isSymbolicLink();
    } catch {
      // not there at all
    }
    if (link)
      return refuse(
        naming,
        FILE_CODES.dangling,
        'dangling symlink',
        `${what} is a symlink to a missing file; not loaded`,
      );
    return refuse(naming, FILE_CODES.unreadable, 'missing', `${what} does not exist`, true);
  }
}

/** Refuses a real path outside the roots, or one that names a secrets file. */
function refusedPath(
  abs: string,
  real: string,
  options: ReadProjectFileOptions,
  naming: Naming,
): ProjectFileFailed | undefined {
  const { what } = naming;
  if (!insideRoots(real, options.roots))
    return refuse(
      naming,
      FILE_CODES.outsideRoot,
      'outside the roots',
      `${what} resolves to ${real}, outside the project root and the allowed folders; not loaded`,
    );
  if (options.secrets !== false && (isSecretFileName(abs) || isSecretFileName(real)))
    return refuse(
      naming,
      FILE_CODES.secretName,
      'a secrets file',
      `${what} resolves to ${real}, which looks like a secrets file (keys, .env, credentials); not loaded`,
    );
  return undefined;
}

/** The refusal for a regular-file read that failed. */
function readRefusal(raw: RegularReadFailed, maxBytes: number, naming: Naming): ProjectFileFailed {
  const { what } = naming;
  switch (raw.reason) {
    case 'missing':
      return refuse(naming, FILE_CODES.unreadable, 'missing', `${what} does not exist`, true);
    case 'not-a-file':
      return refuse(
        naming,
        FILE_CODES.notAFile,
        'not a file',
        `${what} is ${raw.what ?? 'not a regular file'}, not a regular file; not loaded`,
      );
    case 'too-large':
      return refuse(
        naming,
        FILE_CODES.tooLarge,
        'too large',
        `${what} is ${raw.size ?? 'more than'} bytes, over the ${maxBytes}-byte limit; not loaded`,
      );
    default:
      return refuse(
        naming,
        FILE_CODES.unreadable,
        `unreadable (${raw.errno})`,
        `${what} cannot be read (${raw.errno})`,
      );
  }
}

/** Decodes the bytes read: binary, encoding and secret-content checks, and the read-cap warning. */
function decode(
  raw: RegularRead,
  real: string,
  options: ReadProjectFileOptions,
  naming: Naming,
): ProjectFileRead {
  const { file, what } = naming;
  const checked = checkFileBytes(raw.bytes, {
    display: file,
    capped: raw.capped,
    ...(options.secrets === undefined ? {} : { secrets: options.secrets }),
  });
  if (!checked.ok)
    return { ok: false, missing: false, reason: checked.reason, diagnostic: checked.diagnostic };
  const diags: Diagnostic[] = [];
  if (raw.capped)
    diags.push(
      diagnostic(
        FILE_CODES.readCap,
        'warning',
        `${what} is ${raw.size} bytes, over the read cap of ${options.maxBytes}; only the first ${options.maxBytes} bytes were read`,
        { file },
      ),
    );
  diags.push(...checked.diagnostics);
  return {
    ok: true,
    text: checked.text,
    realPath: real,
    bytes: raw.bytes.length,
    sha256: createHash('sha256').update(raw.bytes).digest('hex'),
    capped: raw.capped,
    diagnostics: diags,
  };
}

/**
 * Reads one file through the gate: the real path must lie inside `roots`; regular files only
 * (a FIFO, device, socket or directory is refused without blocking); the size cap; no NUL bytes
 * or UTF-16; no secret file name and no secret in the text.
 * @example
 * const r = readProjectFile(join(root, '.ctxloom/plan/PLAN.md'), { roots: [root], maxBytes: 256 * 1024, kind: 'plan' });
 * if (r.ok) use(r.text); else if (!r.missing) report(r.diagnostic);
 */
export function readProjectFile(path: string, options: ReadProjectFileOptions): ProjectFileRead {
  const file = options.display ?? path;
  const naming: Naming = {
    file,
    what: options.kind === undefined ? file : `${options.kind} ${file}`,
  };
  const abs = resolve(path);
  const real = realPathOf(abs, naming);
  if (typeof real !== 'string') return real;
  const refused = refusedPath(abs, real, options, naming);
  if (refused !== undefined) return refused;
  // the resolved path is opened with O_NOFOLLOW: a link swapped in since is refused, not followed
  const raw = readRegularFile(real, {
    noFollow: true,
    maxBytes: options.maxBytes,
    ...(options.overCap === undefined ? {} : { overCap: options.overCap }),
  });
  if (!raw.ok) return readRefusal(raw, options.maxBytes, naming);
  return decode(raw, real, options, naming);
}
