/**
 * @module tools/tool-files
 * A registry from tool definition files (a JSON array, or an MCP `tools/list` dump), each read
 * through the read gate and parsed by the registry: what `.ctxloom/config.yaml`'s `tools.files`
 * and the CLI's `--tools FILE` name. Every file is untrusted: descriptions are scanned.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import type { Scanner } from '../safety/index.js';
import type { TokenCounter } from '../tokens/index.js';
import { createToolRegistry, type ToolRegistry } from './registry.js';
import { readToolFile } from './tool-sources.js';

/** Options of {@link loadToolFiles}. */
export interface LoadToolFilesOptions {
  /** Folder relative paths are resolved against, and the display paths are relative to. */
  readonly base: string;
  /** Folders a file's real path must stay inside (the read gate's roots). */
  readonly roots: readonly string[];
  readonly tokenCounter?: TokenCounter | undefined;
  readonly scanner?: Scanner | undefined;
}

/** A file to read: a path (resolved against `base`, read inside `roots`), or one with its own roots. */
export type ToolFileEntry =
  | string
  | {
      readonly path: string;
      readonly roots: readonly string[];
      /** Path to name in diagnostics and origins (default: relative to `base`). */
      readonly display?: string | undefined;
    };

/** Reads each file in order (the first tool of a name wins) into one registry. */
export function loadToolFiles(
  files: readonly ToolFileEntry[],
  options: LoadToolFilesOptions,
): ToolRegistry {
  const sources = files.map((f) => {
    const abs = resolve(options.base, typeof f === 'string' ? f : f.path);
    const rel = relative(options.base, abs);
    const display =
      (typeof f === 'string' ? undefined : f.display) ??
      (rel === '' || rel.startsWith('..') || isAbsolute(rel) ? abs : rel);
    return readToolFile(abs, { roots: typeof f === 'string' ? options.roots : f.roots, display });
  });
  return createToolRegistry(sources, {
    ...(options.tokenCounter === undefined ? {} : { tokenCounter: options.tokenCounter }),
    ...(options.scanner === undefined ? {} : { scanner: options.scanner }),
  });
}
