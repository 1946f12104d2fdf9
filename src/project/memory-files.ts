/**
 * @module project/memory-files
 * Reads the memory tiers ctxloom keeps: the user's (`~/.config/ctxloom/memory/MEMORY.md`) and the
 * project's (`.ctxloom/memory/MEMORY.md`, committed in the repository). A missing file is no
 * tier; any other failure is a diagnostic and the tier is left out.
 */
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { readProjectFile } from '../files/index.js';
import type { MemoryTierInput } from '../session/index.js';

/** Largest memory file read; a larger one is refused with a diagnostic (the tier budget cuts further). */
export const MAX_MEMORY_FILE_BYTES = 256 * 1024;

function readMemoryTier(
  scope: 'user' | 'project',
  path: string,
  display: string,
  root: string,
  diagnostics: Diagnostic[],
): MemoryTierInput | undefined {
  // the read gate: a regular file inside its root (no FIFO, device, link out), under the cap,
  // text, no secret name or contents; a missing file is no tier
  const read = readProjectFile(path, {
    roots: [root],
    maxBytes: MAX_MEMORY_FILE_BYTES,
    display,
    kind: 'memory file',
  });
  if (!read.ok) {
    if (!read.missing) diagnostics.push(read.diagnostic);
    return undefined;
  }
  diagnostics.push(...read.diagnostics);
  return { scope, path: display, text: read.text };
}

/** The memory tiers present, user first; `home` undefined skips the user tier. */
export function readMemoryTiers(
  at: { readonly root: string; readonly home: string | undefined },
  diagnostics: Diagnostic[],
): MemoryTierInput[] {
  const tiers: (MemoryTierInput | undefined)[] = [];
  if (at.home !== undefined)
    tiers.push(
      readMemoryTier(
        'user',
        join(at.home, '.config', 'ctxloom', 'memory', 'MEMORY.md'),
        '~/.config/ctxloom/memory/MEMORY.md',
        join(at.home, '.config', 'ctxloom'),
        diagnostics,
      ),
    );
  tiers.push(
    readMemoryTier(
      'project',
      join(at.root, '.ctxloom', 'memory', 'MEMORY.md'),
      '.ctxloom/memory/MEMORY.md',
      at.root,
      diagnostics,
    ),
  );
  return tiers.filter((t): t is MemoryTierInput => t !== undefined);
}
