/**
 * @module sources/resolve-imports
 * Replaces `@path` imports by the imported text, recursively, over an injectable reader: relative
 * to the importing file, at most `maxDepth` hops, cycles and missing targets reported, targets
 * outside the boundary refused unless allowed. Every contributing file is recorded.
 */
import { dirname, resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { findImports } from './find-imports.js';
import { isInside } from './paths.js';
import type { FileRead } from './read-file.js';
import { isSecretFileName } from './secret-files.js';
import type { Contributor } from './types.js';

/** What import resolution needs from the outside. */
export interface ImportContext {
  /** Reads a file (with symlink / cap / binary checks); the only I/O. */
  readonly read: (absolutePath: string) => Promise<FileRead>;
  /** The folder imports must stay inside (lexically and after symlinks). */
  readonly boundary: string;
  /** Home directory for `@~/...` imports; without it such imports are missing. */
  readonly home?: string;
  /** Maximum hops from the importing file. */
  readonly maxDepth: number;
  /** Allow targets outside `boundary`. */
  readonly allowOutsideBoundary: boolean;
  /** Display path for an absolute path. */
  readonly display: (absolutePath: string) => string;
  /** Real paths of files loaded as sources of their own: importing them inserts a reference only. */
  readonly loadedElsewhere?: ReadonlyMap<string, string>;
}

/** The importing file. */
export interface ImportingFile {
  readonly absolutePath: string;
  readonly realPath: string;
  /** Display path. */
  readonly path: string;
  /** 1-based line in the file of the text's first line (after frontmatter). */
  readonly firstLine?: number;
}

/** The text with imports replaced, plus who contributed and what went wrong. */
export interface ResolvedImports {
  readonly text: string;
  /** Imported files (not the importing file itself), in first-use order. */
  readonly contributors: readonly Contributor[];
  readonly diagnostics: readonly Diagnostic[];
}

interface State {
  readonly ctx: ImportContext;
  readonly contributors: Contributor[];
  readonly diagnostics: Diagnostic[];
  /** Real paths already inlined for this top-level source. */
  readonly inlined: Map<string, string>;
}

/** Resolves every import in `text` (the body of `file`). */
export async function resolveImports(
  text: string,
  file: ImportingFile,
  ctx: ImportContext,
): Promise<ResolvedImports> {
  const state: State = { ctx, contributors: [], diagnostics: [], inlined: new Map() };
  const out = await resolveIn(text, file, file.firstLine ?? 1, 0, [file.realPath], state);
  return { text: out, contributors: state.contributors, diagnostics: state.diagnostics };
}

async function resolveIn(
  text: string,
  file: ImportingFile,
  firstLine: number,
  depth: number,
  stack: readonly string[],
  state: State,
): Promise<string> {
  const refs = findImports(text);
  if (refs.length === 0) return text;
  const { ctx } = state;
  const lines = text.split('\n');
  // Replace from the last token backwards so that columns stay valid.
  const replacements = new Map<number, { column: number; length: number; text: string }[]>();
  for (const ref of refs) {
    const at = { file: file.path, line: firstLine + ref.lineIndex, column: ref.column + 1 };
    const replace = (t: string) => {
      const list = replacements.get(ref.lineIndex) ?? [];
      list.push({ column: ref.column, length: ref.length, text: t });
      replacements.set(ref.lineIndex, list);
    };
    if (depth + 1 > ctx.maxDepth) {
      state.diagnostics.push(
        diagnostic(
          'W_IMPORT_DEPTH',
          'warning',
          `import @${ref.target} not resolved: more than ${ctx.maxDepth} hops deep`,
          at,
        ),
      );
      continue;
    }
    let target: string;
    if (ref.target.startsWith('~/')) {
      if (ctx.home === undefined) {
        state.diagnostics.push(
          diagnostic(
            'W_IMPORT_MISSING',
            'warning',
            `import @${ref.target}: no home directory known`,
            at,
          ),
        );
        continue;
      }
      target = resolve(ctx.home, ref.target.slice(2));
    } else target = resolve(dirname(file.absolutePath), ref.target);
    if (!ctx.allowOutsideBoundary && !isInside(ctx.boundary, target)) {
      state.diagnostics.push(
        diagnostic(
          'E_IMPORT_OUTSIDE_ROOT',
          'error',
          `import @${ref.target} refused: it points outside the project root`,
          at,
        ),
      );
      continue;
    }
    // a secrets file (`@.env`, `@~/.ssh/id_rsa`), by its name or the name it resolves to
    const refuseSecret = (name: string) => {
      if (!isSecretFileName(name)) return false;
      state.diagnostics.push(
        diagnostic(
          'E_IMPORT_SECRET',
          'error',
          `import @${ref.target} refused: ${name.split(/[\\/]/).pop()} looks like a secrets file (keys, .env, credentials) and is never put in a prompt`,
          at,
        ),
      );
      return true;
    };
    if (refuseSecret(target)) continue;
    const read = await ctx.read(target);
    if (read.ok && refuseSecret(read.realPath)) continue;
    if (!read.ok) {
      if (read.missing) {
        state.diagnostics.push(
          diagnostic('W_IMPORT_MISSING', 'warning', `import @${ref.target} not found`, at),
        );
      } else {
        state.diagnostics.push(...read.diagnostics);
        state.diagnostics.push(
          diagnostic(
            'W_IMPORT_FAILED',
            'warning',
            `import @${ref.target} not resolved: ${read.reason}`,
            at,
          ),
        );
      }
      continue;
    }
    state.diagnostics.push(...read.diagnostics);
    const shown = ctx.display(target);
    if (stack.includes(read.realPath)) {
      state.diagnostics.push(
        diagnostic(
          'W_IMPORT_CYCLE',
          'warning',
          `import @${ref.target} not resolved: it would import ${shown} again (cycle)`,
          at,
        ),
      );
      continue;
    }
    const elsewhere = ctx.loadedElsewhere?.get(read.realPath);
    if (elsewhere !== undefined) {
      state.diagnostics.push(
        diagnostic(
          'I_IMPORT_LOADED_ELSEWHERE',
          'info',
          `import @${ref.target} refers to ${elsewhere}, which is loaded as a source of its own`,
          at,
        ),
      );
      replace(`(see ${elsewhere}, loaded separately)`);
      continue;
    }
    const earlier = state.inlined.get(read.realPath);
    if (earlier !== undefined) {
      state.diagnostics.push(
        diagnostic(
          'I_IMPORT_REPEATED',
          'info',
          `import @${ref.target}: ${earlier} is already inlined above`,
          at,
        ),
      );
      replace(`(see ${earlier} above)`);
      continue;
    }
    state.inlined.set(read.realPath, shown);
    state.contributors.push({ path: shown, sha256: read.sha256, bytes: read.bytes });
    const inner = await resolveIn(
      read.text,
      { absolutePath: target, realPath: read.realPath, path: shown },
      1,
      depth + 1,
      [...stack, read.realPath],
      state,
    );
    // a loop, not /\n+$/: that regex is quadratic on a long run of newlines before text
    let end = inner.length;
    while (end > 0 && inner.charCodeAt(end - 1) === 10) end--;
    replace(inner.slice(0, end));
  }
  for (const [li, list] of replacements) {
    let line = lines[li]!;
    for (const r of [...list].sort((a, b) => b.column - a.column)) {
      line = line.slice(0, r.column) + r.text + line.slice(r.column + r.length);
    }
    lines[li] = line;
  }
  return lines.join('\n');
}
