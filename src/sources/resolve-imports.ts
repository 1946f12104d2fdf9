/**
 * @module sources/resolve-imports
 * Replaces `@path` imports by the imported text, recursively, over an injectable reader: relative
 * to the importing file, at most `maxDepth` hops, cycles and missing targets reported, targets
 * outside the boundary refused unless allowed. Every contributing file is recorded.
 */
import { dirname, resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { findImports, type ImportRef } from './find-imports.js';
import { isInside } from './paths.js';
import type { FileRead, FileReadOk } from './read-file.js';
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

/** Where a diagnostic about one import points. */
type At = { readonly file: string; readonly line: number; readonly column: number };

/** One import's replacement text within its line. */
interface Replacement {
  readonly column: number;
  readonly length: number;
  readonly text: string;
}

/**
 * The absolute path an import names, or undefined (with a diagnostic) when it is too deep, names
 * the home directory without one known, or points outside the boundary.
 */
function targetOf(ref: ImportRef, file: ImportingFile, depth: number, at: At, state: State) {
  const { ctx } = state;
  if (depth + 1 > ctx.maxDepth) {
    state.diagnostics.push(
      diagnostic(
        'W_IMPORT_DEPTH',
        'warning',
        `import @${ref.target} not resolved: more than ${ctx.maxDepth} hops deep`,
        at,
      ),
    );
    return undefined;
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
      return undefined;
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
    return undefined;
  }
  return target;
}

/** A secrets file (`@.env`, `@~/.ssh/id_rsa`), by its name or the name it resolves to. */
function refuseSecret(name: string, ref: ImportRef, at: At, state: State): boolean {
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
}

/** Reads an import's target; undefined (with a diagnostic) when it is a secret, missing or unreadable. */
async function readTarget(
  ref: ImportRef,
  target: string,
  at: At,
  state: State,
): Promise<FileReadOk | undefined> {
  if (refuseSecret(target, ref, at, state)) return undefined;
  const read = await state.ctx.read(target);
  if (read.ok && refuseSecret(read.realPath, ref, at, state)) return undefined;
  if (read.ok) {
    state.diagnostics.push(...read.diagnostics);
    return read;
  }
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
  return undefined;
}

/**
 * What a read target becomes instead of being inlined: a reference to where it already is (loaded
 * on its own, or inlined above), or nothing at all for a cycle. Undefined: inline it.
 */
function notInlined(
  ref: ImportRef,
  read: FileReadOk,
  shown: string,
  stack: readonly string[],
  at: At,
  state: State,
): { readonly text: string | null } | undefined {
  if (stack.includes(read.realPath)) {
    state.diagnostics.push(
      diagnostic(
        'W_IMPORT_CYCLE',
        'warning',
        `import @${ref.target} not resolved: it would import ${shown} again (cycle)`,
        at,
      ),
    );
    return { text: null };
  }
  const elsewhere = state.ctx.loadedElsewhere?.get(read.realPath);
  if (elsewhere !== undefined) {
    state.diagnostics.push(
      diagnostic(
        'I_IMPORT_LOADED_ELSEWHERE',
        'info',
        `import @${ref.target} refers to ${elsewhere}, which is loaded as a source of its own`,
        at,
      ),
    );
    return { text: `(see ${elsewhere}, loaded separately)` };
  }
  const earlier = state.inlined.get(read.realPath);
  if (earlier === undefined) return undefined;
  state.diagnostics.push(
    diagnostic(
      'I_IMPORT_REPEATED',
      'info',
      `import @${ref.target}: ${earlier} is already inlined above`,
      at,
    ),
  );
  return { text: `(see ${earlier} above)` };
}

/** The text one import is replaced by, or null when it stays as written. */
async function resolveRef(
  ref: ImportRef,
  file: ImportingFile,
  firstLine: number,
  depth: number,
  stack: readonly string[],
  state: State,
): Promise<string | null> {
  const at = { file: file.path, line: firstLine + ref.lineIndex, column: ref.column + 1 };
  const target = targetOf(ref, file, depth, at, state);
  if (target === undefined) return null;
  const read = await readTarget(ref, target, at, state);
  if (read === undefined) return null;
  const shown = state.ctx.display(target);
  const reference = notInlined(ref, read, shown, stack, at, state);
  if (reference !== undefined) return reference.text;
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
  return inner.slice(0, end);
}

/** A line rebuilt from its parts: the text between imports, and each import's replacement. */
function rebuildLine(line: string, replacements: readonly Replacement[]): string {
  const parts: string[] = [];
  let pos = 0;
  for (const r of [...replacements].sort((a, b) => a.column - b.column)) {
    parts.push(line.slice(pos, r.column), r.text);
    pos = r.column + r.length;
  }
  parts.push(line.slice(pos));
  return parts.join('');
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
  const byLine = new Map<number, Replacement[]>();
  for (const ref of refs) {
    const replacement = await resolveRef(ref, file, firstLine, depth, stack, state);
    if (replacement === null) continue;
    const list = byLine.get(ref.lineIndex) ?? [];
    list.push({ column: ref.column, length: ref.length, text: replacement });
    byLine.set(ref.lineIndex, list);
  }
  const lines = text.split('\n');
  for (const [li, list] of byLine) lines[li] = rebuildLine(lines[li] ?? '', list);
  return lines.join('\n');
}
