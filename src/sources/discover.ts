/**
 * @module sources/discover
 * Finds instruction files without walking the tree: the project root is the first folder above
 * cwd holding a root marker; then each folder from the root down to cwd is probed for the
 * configured file names (one `stat` per name), and the configured rules folders in those folders
 * (at the root, and nested ones such as `pkg/.cursor/rules`) are listed. Cost grows with the depth
 * of cwd and the size of the rules folders, not the repository.
 */

import { dirname, join, relative, resolve } from 'node:path';
import { compareCodeUnits } from '../_internal/compare.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { FileSpec, RulesFolderSpec } from './defaults.js';
import { listRulesFoldersIn } from './list-rules-folder.js';
import { isInside, toPosix } from './paths.js';
import { type SourceFs, statSafe } from './source-fs.js';

/** A file found in one of the folders from root to cwd. */
export interface FileCandidate {
  readonly absolutePath: string;
  /** Path relative to the root, `/`-separated. */
  readonly path: string;
  /** Folder relative to the root (`''` for the root). */
  readonly folder: string;
  readonly spec: FileSpec;
}

/** A file found in a rules folder. */
export interface RuleCandidate {
  readonly absolutePath: string;
  /** Path relative to the root, `/`-separated. */
  readonly path: string;
  /** Path relative to the rules folder, `/`-separated. */
  readonly pathInFolder: string;
  readonly spec: RulesFolderSpec;
  /**
   * The folder (relative to the root, `''` for the root) whose rules folder holds the file: a
   * nested rules folder (`pkg/.cursor/rules`) scopes its globs to that folder.
   */
  readonly base: string;
}

/** What discovery found, in prompt order for files and path order for rules. */
export interface Discovery {
  readonly root: string;
  readonly cwd: string;
  /** Folders from the root down to cwd, relative to the root (`''` first). */
  readonly folders: readonly string[];
  readonly files: readonly FileCandidate[];
  readonly rules: readonly RuleCandidate[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Discovery settings. */
export interface DiscoverOptions {
  readonly cwd: string;
  /** Use this root instead of searching for markers (must contain cwd). */
  readonly root?: string;
  readonly rootMarkers: readonly string[];
  readonly files: readonly FileSpec[];
  readonly rulesFolders: readonly RulesFolderSpec[];
  readonly strategy: 'hierarchical' | 'nearest';
  readonly fs: SourceFs;
  /** At most this many files are taken from one rules folder. Default 1,000. */
  readonly maxRulesPerFolder?: number;
}

/**
 * The first folder at or above `cwd` holding one of `markers`, or `null` when none does.
 * Never looks above the file-system root.
 */
export async function findProjectRoot(
  cwd: string,
  markers: readonly string[],
  fs: SourceFs,
): Promise<string | null> {
  let dir = resolve(cwd);
  for (;;) {
    for (const marker of markers) {
      if ((await fs.stat(join(dir, marker)).catch(() => null)) !== null) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** Runs discovery (I/O: `stat` along the path, `readdir` in rules folders only). */
export async function discover(options: DiscoverOptions): Promise<Discovery> {
  const { fs } = options;
  const diagnostics: Diagnostic[] = [];
  const cwd = resolve(options.cwd);
  let root: string;
  if (options.root !== undefined) {
    root = resolve(options.root);
    if (!isInside(root, cwd)) {
      diagnostics.push(
        diagnostic(
          'W_CWD_OUTSIDE_ROOT',
          'warning',
          `cwd ${cwd} is not inside the given root ${root}; using cwd as the root`,
        ),
      );
      root = cwd;
    }
  } else {
    const found = await findProjectRoot(cwd, options.rootMarkers, fs);
    if (found === null) {
      diagnostics.push(
        diagnostic(
          'I_NO_PROJECT_ROOT',
          'info',
          `no folder at or above ${cwd} holds ${options.rootMarkers.join(' or ')}; cwd is the project root`,
        ),
      );
    }
    root = found ?? cwd;
  }
  const rel = toPosix(relative(root, cwd));
  const parts = rel === '' ? [] : rel.split('/');
  const folders = [''];
  for (let i = 0; i < parts.length; i++) folders.push(parts.slice(0, i + 1).join('/'));

  const perFolder: FileCandidate[][] = [];
  for (const folder of folders)
    perFolder.push(await probeFolder(root, folder, options.files, fs, diagnostics));
  let files: FileCandidate[];
  if (options.strategy === 'nearest') {
    let nearest = -1;
    for (let i = perFolder.length - 1; i >= 0 && nearest < 0; i--)
      if (perFolder[i]!.length > 0) nearest = i;
    files = nearest < 0 ? [] : perFolder[nearest]!;
    for (let i = 0; i < perFolder.length; i++) {
      if (i === nearest) continue;
      for (const c of perFolder[i]!) {
        diagnostics.push(
          diagnostic(
            'I_NOT_NEAREST',
            'info',
            `${c.path} is not loaded: strategy "nearest" loads only ${folders[nearest] || 'the root'}`,
            { file: c.path },
          ),
        );
      }
    }
  } else files = perFolder.flat();

  // rules folders at the root, and nested ones in the folders on the way to cwd (Cursor reads
  // `pkg/.cursor/rules` for files under `pkg/`): one stat per folder and spec, never a tree walk
  const rules: RuleCandidate[] = [];
  for (const folder of folders)
    rules.push(
      ...(await listRulesFoldersIn(
        root,
        folder,
        options.rulesFolders,
        fs,
        options.maxRulesPerFolder ?? 1000,
        diagnostics,
      )),
    );
  rules.sort((a, b) => compareCodeUnits(a.path, b.path));
  return { root, cwd, folders, files, rules, diagnostics };
}

/**
 * The configured files present in one folder (relative to the root), in precedence order; files
 * shadowed by an earlier file of their group are reported and left out. One `stat` per name.
 */
export async function probeFolder(
  root: string,
  folder: string,
  specs: readonly FileSpec[],
  fs: SourceFs,
  diagnostics: Diagnostic[],
): Promise<FileCandidate[]> {
  const found: FileCandidate[] = [];
  const groupWinner = new Map<string, string>();
  for (const spec of specs) {
    if (spec.where === 'root' && folder !== '') continue;
    const path = folder === '' ? spec.name : `${folder}/${spec.name}`;
    const absolutePath = join(root, ...path.split('/'));
    const st = await statSafe(fs, absolutePath);
    if (st === null) continue;
    if (st.isDirectory) {
      // nothing vanishes: a folder where an instruction file is expected is reported
      diagnostics.push(
        diagnostic('E_NOT_A_FILE', 'error', `${path} is a folder, not a file; not loaded`, {
          file: path,
        }),
      );
      continue;
    }
    if (st.dangling === true) {
      diagnostics.push(
        diagnostic(
          'E_DANGLING_SYMLINK',
          'error',
          `${path} is a symlink to a missing file; not loaded`,
          { file: path },
        ),
      );
      continue;
    }
    if (spec.group !== undefined) {
      const winner = groupWinner.get(spec.group);
      if (winner !== undefined) {
        diagnostics.push(
          diagnostic(
            'I_SHADOWED',
            'info',
            `${path} is not loaded: ${winner} takes precedence in this folder`,
            { file: path },
          ),
        );
        continue;
      }
      groupWinner.set(spec.group, path);
    }
    found.push({ absolutePath, path, folder, spec });
  }
  return found;
}
