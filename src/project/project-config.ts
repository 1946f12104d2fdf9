/**
 * @module project/project-config
 * Reads a project's `.ctxloom/config.yaml` (the I/O edge of `src/config/`) and turns it into the
 * options of the instruction loader and the skills catalog.
 */
import { join } from 'node:path';
import {
  CONFIG_CODES,
  PROJECT_CONFIG_FILES,
  type ProjectConfig,
  parseProjectConfig,
} from '../config/index.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { readProjectFile } from '../files/index.js';
import type { CatalogOptions } from '../skills/index.js';
import type { LoadSourcesOptions } from '../sources/index.js';

/** A project's configuration as read, with what went wrong. */
export interface LoadedProjectConfig {
  readonly config: ProjectConfig;
  /** The file it came from (relative to the root), or undefined when there is none. */
  readonly file: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Largest configuration file read (a larger one is refused with a diagnostic). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** A configuration file that could not be used: defaults apply, and the reason is reported. */
function refused(file: string, message: string): LoadedProjectConfig {
  return {
    config: {},
    file,
    diagnostics: [diagnostic(CONFIG_CODES.read, 'error', `${message}; defaults apply`, { file })],
  };
}

/** Reads the first configuration file present under `root`; none gives an empty config. */
export function readProjectConfig(root: string): LoadedProjectConfig {
  for (const file of PROJECT_CONFIG_FILES) {
    // the read gate: a regular file inside the project, under the cap, text, no secrets
    const read = readProjectFile(join(root, file), {
      roots: [root],
      maxBytes: MAX_CONFIG_BYTES,
      display: file,
      kind: 'project configuration',
    });
    if (!read.ok) {
      if (read.missing) continue;
      return refused(file, read.diagnostic.message);
    }
    const parsed = parseProjectConfig(read.text, file);
    return { config: parsed.config, file, diagnostics: parsed.diagnostics };
  }
  return { config: {}, file: undefined, diagnostics: [] };
}

/** `result` with the configuration's diagnostics in front of its own (unchanged when there are none). */
export function withConfigDiagnostics<T extends { readonly diagnostics: readonly Diagnostic[] }>(
  result: T,
  config: LoadedProjectConfig,
): T {
  if (config.diagnostics.length === 0) return result;
  return { ...result, diagnostics: [...config.diagnostics, ...result.diagnostics] };
}

/** The instruction loader's options that the configuration sets. */
export function sourceOptionsFrom(
  config: ProjectConfig,
): Pick<
  LoadSourcesOptions,
  'strategy' | 'files' | 'extraGlobalFiles' | 'budget' | 'maxImportDepth'
> {
  const ins = config.instructions ?? {};
  return {
    ...(ins.strategy === undefined ? {} : { strategy: ins.strategy }),
    ...(ins.files === undefined ? {} : { files: ins.files }),
    ...(ins.budget === undefined ? {} : { budget: ins.budget }),
    ...(ins.maxImportDepth === undefined ? {} : { maxImportDepth: ins.maxImportDepth }),
  };
}

/** The skills catalog's options that the configuration sets. */
export function catalogOptionsFrom(
  config: ProjectConfig,
): Pick<CatalogOptions, 'visibility' | 'budget'> {
  const sk = config.skills ?? {};
  return {
    ...(sk.visibility === undefined ? {} : { visibility: sk.visibility }),
    ...(sk.catalogTokens === undefined ? {} : { budget: { tokens: sk.catalogTokens } }),
  };
}
