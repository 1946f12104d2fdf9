/**
 * @module files/write-gate
 * The one write gate. A write must land inside the repository: the real path of the target's
 * folder (its nearest existing ancestor, for folders still to be created) must lie inside one of
 * the roots, and the target itself may not be a symlink or a non-file. "Never overwrite the input"
 * compares file identity (device and inode, symlinks followed), not path strings, so a symlink or
 * a hard link to an input is caught.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { CtxloomError, type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { writeFileAtomic } from './atomic-write.js';
import { FILE_CODES, type FileCode } from './codes.js';
import { insideRoots } from './roots.js';

/** Options of {@link checkWriteTarget}. */
export interface WriteGateOptions {
  /** Folders the write must stay inside (real paths compared); leave out for no containment check. */
  readonly roots?: readonly string[];
  /** Files the write must not overwrite (compared by device and inode). */
  readonly notSameAs?: readonly string[];
  /** Path to name in messages (default: the path as given). */
  readonly display?: string;
}

/** Whether `a` and `b` are the same file (symlinks followed); false when either is missing. */
export function isSameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** The nearest ancestor of `dir` (itself included) that exists (a dangling link counts). */
function existingAncestor(dir: string): string {
  let d = dir;
  for (;;) {
    try {
      lstatSync(d);
      return d;
    } catch {
      const up = dirname(d);
      if (up === d) return d;
      d = up;
    }
  }
}

/** Checks a write target; `undefined` when the write may go ahead, else the refusal. */
export function checkWriteTarget(
  path: string,
  options: WriteGateOptions = {},
): Diagnostic | undefined {
  const abs = resolve(path);
  const file = options.display ?? path;
  const refuse = (code: FileCode, message: string) => diagnostic(code, 'error', message, { file });
  for (const input of options.notSameAs ?? []) {
    if (isSameFile(abs, input))
      return refuse(
        FILE_CODES.writeSameFile,
        `${file} is the same file as the input ${input} (same device and inode: the path, a symlink or a hard link to it); not written`,
      );
  }
  let target: import('node:fs').Stats | undefined;
  try {
    target = lstatSync(abs);
  } catch {
    target = undefined;
  }
  if (options.roots !== undefined) {
    if (target?.isSymbolicLink() === true)
      return refuse(FILE_CODES.writeSymlink, `${file} is a symlink; not written through it`);
    const dir = dirname(abs);
    const parent = existingAncestor(dir);
    let realDir: string;
    try {
      realDir = join(realpathSync(parent), relative(parent, dir));
    } catch (error) {
      // e.g. a dangling symlinked folder: creating it would follow the link
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      return refuse(
        FILE_CODES.writeOutsideRoot,
        `${file}: its folder cannot be resolved (${code}); not written`,
      );
    }
    if (!insideRoots(realDir, options.roots))
      return refuse(
        FILE_CODES.writeOutsideRoot,
        `${file} would be written under ${realDir}, outside the repository (a symlinked folder); not written`,
      );
  }
  if (target !== undefined && !target.isSymbolicLink() && !target.isFile())
    return refuse(
      FILE_CODES.writeNotAFile,
      `${file} exists and is not a regular file; not written`,
    );
  return undefined;
}

/**
 * Writes `content` to `path` atomically after {@link checkWriteTarget}; a refusal throws a
 * `CtxloomError` with the diagnostic's code.
 */
export function writeProjectFile(
  path: string,
  content: string,
  options: WriteGateOptions = {},
): void {
  const refused = checkWriteTarget(path, options);
  if (refused !== undefined)
    throw new CtxloomError(refused.code, refused.message, { diagnostics: [refused] });
  writeFileAtomic(path, content);
}
