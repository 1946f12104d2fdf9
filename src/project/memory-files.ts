/**
 * @module project/memory-files
 * Reads the memory tiers ctxloom keeps: the user's (`~/.config/ctxloom/memory/MEMORY.md`) and the
 * project's (`.ctxloom/memory/MEMORY.md`, committed in the repository). A missing file is no
 * tier; any other failure is a diagnostic and the tier is left out.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { MemoryTierInput } from '../session/index.js';
import { isSecretFileName } from '../sources/index.js';

function readMemoryTier(
  scope: 'user' | 'project',
  path: string,
  display: string,
  diagnostics: Diagnostic[],
): MemoryTierInput | undefined {
  try {
    const real = realpathSync(path);
    if (isSecretFileName(real)) {
      // a memory file committed as a link to `.env` or a key must not put it in the prompt
      diagnostics.push(
        diagnostic(
          'E_MEMORY_READ',
          'error',
          `memory file resolves to ${real}, which looks like a secrets file (keys, .env, credentials); not loaded`,
          { file: display },
        ),
      );
      return undefined;
    }
    return { scope, path: display, text: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      diagnostics.push(
        diagnostic('E_MEMORY_READ', 'error', `cannot read memory file: ${code ?? String(error)}`, {
          file: display,
        }),
      );
    return undefined;
  }
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
        diagnostics,
      ),
    );
  tiers.push(
    readMemoryTier(
      'project',
      join(at.root, '.ctxloom', 'memory', 'MEMORY.md'),
      '.ctxloom/memory/MEMORY.md',
      diagnostics,
    ),
  );
  return tiers.filter((t): t is MemoryTierInput => t !== undefined);
}
