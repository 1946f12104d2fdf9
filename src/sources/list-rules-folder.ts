/**
 * @module sources/list-rules-folder
 * Lists one rules folder (e.g. `.cursor/rules`): recursive, sorted, symlinked folders followed
 * only inside the project root and only once (loops reported), capped in count and depth.
 */

import { join } from 'node:path';
import { compareCodeUnits } from '../_internal/compare.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import type { RulesFolderSpec } from './config.js';
import type { RuleCandidate } from './discover.js';
import { globsMatch } from './match-path-rules.js';
import { isInside } from './paths.js';
import { type SourceFs, statSafe } from './source-fs.js';

/**
 * Lists the rule files of `spec.dir` under `root` (none when the folder does not exist); the
 * caller sets `base` for a nested rules folder.
 */
export async function listRulesFolder(
  root: string,
  spec: RulesFolderSpec,
  fs: SourceFs,
  max: number,
  diagnostics: Diagnostic[],
): Promise<RuleCandidate[]> {
  const base = join(root, ...spec.dir.split('/'));
  const st = await statSafe(fs, base);
  if (st === null || !st.isDirectory) return [];
  const out: RuleCandidate[] = [];
  let realRoot = root;
  try {
    realRoot = await fs.realpath(root);
  } catch {
    // keep the lexical root
  }
  const visited = new Set<string>();
  let limited = false;
  const walk = async (dir: string, prefix: string, depth: number): Promise<void> => {
    let real: string;
    try {
      real = await fs.realpath(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN';
      const file = `${spec.dir}${prefix === '' ? '' : `/${prefix}`}`;
      diagnostics.push(
        diagnostic(
          code === 'ELOOP' ? 'E_SYMLINK_LOOP' : 'E_UNREADABLE',
          'error',
          `${file} cannot be listed (${code})`,
          { file },
        ),
      );
      return;
    }
    if (visited.has(real)) {
      const file = `${spec.dir}/${prefix}`;
      diagnostics.push(
        diagnostic(
          'E_SYMLINK_LOOP',
          'error',
          `${file} leads back to a folder already listed; not followed`,
          { file },
        ),
      );
      return;
    }
    if (!isInside(realRoot, real)) {
      const file = `${spec.dir}/${prefix}`;
      diagnostics.push(
        diagnostic(
          'E_SYMLINK_OUTSIDE_ROOT',
          'error',
          `${file} resolves outside the project root; not followed`,
          { file },
        ),
      );
      return;
    }
    visited.add(real);
    let entries: Awaited<ReturnType<SourceFs['readdir']>>;
    try {
      entries = await fs.readdir(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN';
      diagnostics.push(
        diagnostic('E_UNREADABLE', 'error', `${spec.dir}/${prefix} cannot be listed (${code})`, {
          file: `${spec.dir}/${prefix}`,
        }),
      );
      return;
    }
    const sorted = [...entries].sort((a, b) => compareCodeUnits(a.name, b.name));
    for (const e of sorted) {
      const inFolder = prefix === '' ? e.name : `${prefix}/${e.name}`;
      const abs = join(dir, e.name);
      let isDir = e.isDirectory;
      if (e.isSymbolicLink) isDir = (await statSafe(fs, abs))?.isDirectory ?? false;
      if (isDir) {
        if (depth >= 16) {
          diagnostics.push(
            diagnostic(
              'W_RULES_LIMIT',
              'warning',
              `${spec.dir}/${inFolder} is nested too deep; not listed`,
              { file: `${spec.dir}/${inFolder}` },
            ),
          );
          continue;
        }
        await walk(abs, inFolder, depth + 1);
        continue;
      }
      if (limited || !globsMatch(spec.include, inFolder)) continue;
      if (out.length >= max) {
        limited = true;
        diagnostics.push(
          diagnostic(
            'W_RULES_LIMIT',
            'warning',
            `${spec.dir} holds more than ${max} rule files; ${spec.dir}/${inFolder} and later ones are not loaded`,
            { file: `${spec.dir}/${inFolder}` },
          ),
        );
        continue;
      }
      out.push({
        absolutePath: abs,
        path: `${spec.dir}/${inFolder}`,
        pathInFolder: inFolder,
        spec,
        base: '',
      });
    }
  };
  await walk(base, '', 0);
  return out;
}

/**
 * The rule files of every rules folder (`specs`) inside `folder` (relative to the root, `''` for
 * the root): `pkg/.cursor/rules` and the others for `pkg`. Each candidate keeps its spec as
 * configured and `base: folder`, so its globs are scoped to the folder.
 */
export async function listRulesFoldersIn(
  root: string,
  folder: string,
  specs: readonly RulesFolderSpec[],
  fs: SourceFs,
  max: number,
  diagnostics: Diagnostic[],
): Promise<RuleCandidate[]> {
  const out: RuleCandidate[] = [];
  for (const spec of specs) {
    const at = folder === '' ? spec : { ...spec, dir: `${folder}/${spec.dir}` };
    for (const c of await listRulesFolder(root, at, fs, max, diagnostics))
      out.push({ ...c, spec, base: folder });
  }
  return out;
}
