/**
 * @module sources/directory-rules
 * Instruction files below cwd are not loaded up front: each becomes a path-scoped rule covering
 * its folder (`<dir>/**`). Rules folders below cwd (`pkg/.cursor/rules`) are read the same way:
 * their glob rules keep their globs (scoped to the folder), their always-rules cover the folder.
 * They are found lazily, when the agent touches a file: only the folders between cwd and the
 * touched file are probed (one `stat` per configured name and rules folder), never the tree.
 */
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { probeFolder } from './discover.js';
import { listRulesFoldersIn } from './list-rules-folder.js';
import { normaliseRelativePath } from './match-path-rules.js';
import { type LoadSourcesOptions, resolveLoadOptions } from './options.js';
import { finishPrepared, fromRead, type PreparedSource, prepareRuleFile } from './prepare.js';
import { makePrepareEnv, toRuleRecord } from './records.js';
import type { LoadResult, RuleRecord } from './types.js';

/** Directory rules for one touched file, with what went wrong. */
export interface DirectoryRules {
  /**
   * One rule per instruction file in a folder below cwd on the way to the file, and one per file
   * of those folders' rules folders; shallowest folder first.
   */
  readonly rules: readonly RuleRecord[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Finds and loads the instruction files in the folders strictly below `result.cwdRelative` that
 * contain `touchedPath` (relative to the project root). Each is returned as a `glob` rule with the
 * glob `<dir>/**`; files already loaded in `result` are not repeated.
 *
 * @param result a previous {@link loadInstructionSources} result (gives root and cwd)
 * @param touchedPath the file the agent touched, relative to the project root
 * @param options the options used for that load (file names, budget, scanner, fs)
 */
export async function loadDirectoryRules(
  result: LoadResult,
  touchedPath: string,
  options: LoadSourcesOptions,
): Promise<DirectoryRules> {
  const o = resolveLoadOptions(options);
  const diagnostics: Diagnostic[] = [];
  const rel = normaliseRelativePath(touchedPath);
  const parts = rel.split('/').slice(0, -1);
  if (rel === '' || parts.includes('..')) {
    diagnostics.push(
      diagnostic(
        'W_PATH_OUTSIDE_ROOT',
        'warning',
        `${touchedPath} is not a path inside the project root`,
      ),
    );
    return { rules: [], diagnostics };
  }
  const base = result.cwdRelative === '' ? [] : result.cwdRelative.split('/');
  if (base.some((seg, i) => parts[i] !== seg)) return { rules: [], diagnostics };
  const loaded = new Map<string, string>();
  for (const s of result.sources) {
    if (s.status === 'skipped') continue;
    const real = await o.fs.realpath(s.absolutePath).catch(() => s.absolutePath);
    loaded.set(real, s.path);
  }
  const env = await makePrepareEnv(o, result.root, loaded);
  const prepared: PreparedSource[] = [];
  for (let depth = base.length + 1; depth <= parts.length; depth++) {
    const folder = parts.slice(0, depth).join('/');
    for (const c of await probeFolder(result.root, folder, o.files, o.fs, diagnostics)) {
      const read = await env.read(join(result.root, ...c.path.split('/')), env.realRoot);
      const p = fromRead(
        read,
        {
          path: c.path,
          kind: c.spec.kind,
          scope: 'directory',
          trust: o.trust.project,
          imports: c.spec.imports,
        },
        diagnostics,
      );
      p.rule = { name: c.path, mode: 'glob', globs: [`${folder}/**`] };
      if (read.ok) {
        const first = loaded.get(read.realPath);
        if (first !== undefined) {
          diagnostics.push(
            diagnostic(
              'I_DUPLICATE_SOURCE',
              'info',
              `${c.path} is the same file as ${first}; loaded once`,
              { file: c.path },
            ),
          );
          continue;
        }
        loaded.set(read.realPath, c.path);
      }
      prepared.push(p);
    }
    // the folder's own rules folders, with globs scoped to the folder
    for (const c of await listRulesFoldersIn(
      result.root,
      folder,
      o.rulesFolders,
      o.fs,
      o.maxRulesPerFolder,
      diagnostics,
    )) {
      const p = await prepareRuleFile(c, env, o.trust.project, diagnostics);
      // an always-rule of a nested folder applies to the files in that folder
      if (p.rule?.mode === 'always') p.rule = { ...p.rule, mode: 'glob', globs: [`${folder}/**`] };
      prepared.push(p);
    }
  }
  for (const p of prepared) await finishPrepared(p, env, diagnostics);
  return { rules: prepared.map((p) => toRuleRecord(p, o, diagnostics)), diagnostics };
}
