/**
 * @module project/soul-files
 * Reads the user-editable identity file `SOUL.md`: the user's (`~/.config/ctxloom/SOUL.md`,
 * trusted) and the project's (`.ctxloom/SOUL.md`, in the repository: untrusted, so the caller
 * passes it through the scan gate). The user's file wins when both exist: it is the user's own
 * choice, and a repository cannot replace it. A missing file is no identity; any other failure
 * is a diagnostic and the file is left out.
 */
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { readProjectFile } from '../files/index.js';

/** The identity file's budget: a larger `SOUL.md` is refused with a diagnostic. */
export const MAX_SOUL_FILE_BYTES = 8 * 1024;

/** One `SOUL.md` that was read. */
export interface SoulFile {
  readonly scope: 'user' | 'project';
  /** `~/.config/ctxloom/SOUL.md` or `.ctxloom/SOUL.md`. */
  readonly path: string;
  readonly text: string;
}

function readSoul(
  scope: 'user' | 'project',
  path: string,
  display: string,
  root: string,
  diagnostics: Diagnostic[],
): SoulFile | undefined {
  const read = readProjectFile(path, {
    roots: [root],
    maxBytes: MAX_SOUL_FILE_BYTES,
    display,
    kind: 'identity file',
  });
  if (!read.ok) {
    if (!read.missing) diagnostics.push(read.diagnostic);
    return undefined;
  }
  diagnostics.push(...read.diagnostics);
  return read.text.trim() === '' ? undefined : { scope, path: display, text: read.text };
}

/** The `SOUL.md` that applies (the user's first, else the project's); `home` undefined skips the user's. */
export function readSoulFile(
  at: { readonly root: string; readonly home: string | undefined },
  diagnostics: Diagnostic[],
): SoulFile | undefined {
  if (at.home !== undefined) {
    const dir = join(at.home, '.config', 'ctxloom');
    const user = readSoul(
      'user',
      join(dir, 'SOUL.md'),
      '~/.config/ctxloom/SOUL.md',
      dir,
      diagnostics,
    );
    if (user !== undefined) return user;
  }
  return readSoul(
    'project',
    join(at.root, '.ctxloom', 'SOUL.md'),
    '.ctxloom/SOUL.md',
    at.root,
    diagnostics,
  );
}
