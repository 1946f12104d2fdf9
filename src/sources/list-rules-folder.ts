/**
 * @module sources/list-rules-folder
 * Lists one rules folder (e.g. `.cursor/rules`): recursive, sorted, symlinked folders followed
 * only inside the project root and only once (loops reported), capped in count and depth.
 */
import { join } from 'node:path';
import { compareCodeUnits } from '../_internal/compare.js';
import { type Diagnostic, type DiagnosticCode, diagnostic } from '../diagnostics/index.js';
import type { RulesFolderSpec } from './defaults.js';
import type { RuleCandidate } from './discover.js';
import { globsMatch } from './match-path-rules.js';
import { isInside } from './paths.js';
import { type SourceFs, statSafe } from './source-fs.js';

type DirEntry = Awaited<ReturnType<SourceFs['readdir']>>[number];

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN';
}

/** One walk of a rules folder: the folders seen (by real path), the files found, the cap. */
class RulesFolderWalk {
  readonly out: RuleCandidate[] = [];
  readonly #visited = new Set<string>();
  #limited = false;

  constructor(
    readonly spec: RulesFolderSpec,
    readonly fs: SourceFs,
    readonly max: number,
    readonly realRoot: string,
    readonly diagnostics: Diagnostic[],
  ) {}

  #error(code: DiagnosticCode, message: string, file: string): void {
    this.diagnostics.push(diagnostic(code, 'error', message, { file }));
  }

  /** Whether `dir` may be listed: it resolves, inside the root, and was not listed before. */
  async #enter(dir: string, prefix: string): Promise<boolean> {
    const { spec } = this;
    let real: string;
    try {
      real = await this.fs.realpath(dir);
    } catch (error) {
      const code = errnoOf(error);
      const file = `${spec.dir}${prefix === '' ? '' : `/${prefix}`}`;
      this.#error(
        code === 'ELOOP' ? 'E_SYMLINK_LOOP' : 'E_UNREADABLE',
        `${file} cannot be listed (${code})`,
        file,
      );
      return false;
    }
    const file = `${spec.dir}/${prefix}`;
    if (this.#visited.has(real)) {
      this.#error(
        'E_SYMLINK_LOOP',
        `${file} leads back to a folder already listed; not followed`,
        file,
      );
      return false;
    }
    if (!isInside(this.realRoot, real)) {
      this.#error(
        'E_SYMLINK_OUTSIDE_ROOT',
        `${file} resolves outside the project root; not followed`,
        file,
      );
      return false;
    }
    this.#visited.add(real);
    return true;
  }

  /** The folder's entries sorted by name, or undefined (reported) when it cannot be read. */
  async #entries(dir: string, prefix: string): Promise<DirEntry[] | undefined> {
    try {
      const entries = await this.fs.readdir(dir);
      return [...entries].sort((a, b) => compareCodeUnits(a.name, b.name));
    } catch (error) {
      const file = `${this.spec.dir}/${prefix}`;
      this.#error('E_UNREADABLE', `${file} cannot be listed (${errnoOf(error)})`, file);
      return undefined;
    }
  }

  /** A file of the folder: kept when it matches `include` and the cap is not reached. */
  #addFile(abs: string, inFolder: string): void {
    const { spec } = this;
    if (this.#limited || !globsMatch(spec.include, inFolder)) return;
    if (this.out.length >= this.max) {
      this.#limited = true;
      this.diagnostics.push(
        diagnostic(
          'W_RULES_LIMIT',
          'warning',
          `${spec.dir} holds more than ${this.max} rule files; ${spec.dir}/${inFolder} and later ones are not loaded`,
          { file: `${spec.dir}/${inFolder}` },
        ),
      );
      return;
    }
    this.out.push({
      absolutePath: abs,
      path: `${spec.dir}/${inFolder}`,
      pathInFolder: inFolder,
      spec,
      base: '',
    });
  }

  /** Lists `dir` (at `prefix` inside the rules folder) and its subfolders, depth first, sorted. */
  async walk(dir: string, prefix: string, depth: number): Promise<void> {
    if (!(await this.#enter(dir, prefix))) return;
    const entries = await this.#entries(dir, prefix);
    if (entries === undefined) return;
    for (const e of entries) {
      const inFolder = prefix === '' ? e.name : `${prefix}/${e.name}`;
      const abs = join(dir, e.name);
      let isDir = e.isDirectory;
      if (e.isSymbolicLink) isDir = (await statSafe(this.fs, abs))?.isDirectory ?? false;
      if (!isDir) {
        this.#addFile(abs, inFolder);
        continue;
      }
      if (depth >= 16) {
        this.diagnostics.push(
          diagnostic(
            'W_RULES_LIMIT',
            'warning',
            `${this.spec.dir}/${inFolder} is nested too deep; not listed`,
            { file: `${this.spec.dir}/${inFolder}` },
          ),
        );
        continue;
      }
      await this.walk(abs, inFolder, depth + 1);
    }
  }
}

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
  let realRoot = root;
  try {
    realRoot = await fs.realpath(root);
  } catch {
    // keep the lexical root
  }
  const walk = new RulesFolderWalk(spec, fs, max, realRoot, diagnostics);
  await walk.walk(base, '', 0);
  return walk.out;
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
