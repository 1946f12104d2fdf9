/**
 * @module engine/rule-book
 * The path-scoped rules of one project, through one matcher: glob rules from rules folders
 * (`.cursor/rules/*.mdc`, `.claude/rules`), skills with `paths`, and the instruction files and
 * rules folders below cwd (`pkg/AGENTS.md` covers `pkg/**`), which are found lazily when a file
 * under them is touched and cached per folder, so each folder is probed once per session.
 */
import { isAbsolute, join } from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import type { Project } from '../project/index.js';
import {
  compilePathRules,
  type PathRule,
  type PathRuleEngine,
  resolveWorkspacePath,
  skillPathRule,
} from '../skills/index.js';
import { loadDirectoryRules, type RuleRecord } from '../sources/index.js';

function toPathRule(rule: RuleRecord): PathRule {
  return { name: rule.name, globs: rule.globs, body: rule.content, source: rule.path };
}

/** The rules of a project, growing as files below cwd are touched. */
export class RuleBook {
  readonly #project: Project;
  readonly #rules = new Map<string, PathRule>();
  readonly #probed = new Set<string>();
  #engine: PathRuleEngine | undefined;

  constructor(project: Project) {
    this.#project = project;
    for (const r of project.sources.rules)
      if (r.mode === 'glob' && r.status !== 'skipped') this.#add(toPathRule(r));
    for (const s of project.skills.skills) if (s.paths.length > 0) this.#add(skillPathRule(s));
  }

  #add(rule: PathRule): void {
    const key = `${rule.source}#${rule.name}`;
    if (this.#rules.has(key)) return;
    this.#rules.set(key, rule);
    this.#engine = undefined;
  }

  /** The matcher over every rule known so far (compiled once per change). */
  engine(): PathRuleEngine {
    this.#engine ??= compilePathRules([...this.#rules.values()]);
    return this.#engine;
  }

  /**
   * Project-relative paths of `touched` (absolute, or relative to the project's cwd); a path
   * outside the project gives undefined, which matches nothing. Folders below cwd on the way to
   * each file are probed for instruction files and rules folders, once per folder.
   */
  async touch(
    touched: readonly string[],
    diagnostics: Diagnostic[],
  ): Promise<(string | undefined)[]> {
    const out: (string | undefined)[] = [];
    for (const path of touched) {
      const abs = isAbsolute(path) ? path : join(this.#project.dir, path);
      const rel = resolveWorkspacePath(this.#project.root, abs);
      out.push(rel);
      if (rel === undefined) continue;
      const folder = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
      if (this.#probed.has(folder)) continue;
      this.#probed.add(folder);
      const found = await loadDirectoryRules(
        this.#project.sources,
        rel,
        this.#project.sourceOptions,
      );
      diagnostics.push(...found.diagnostics);
      for (const r of found.rules) if (r.status !== 'skipped') this.#add(toPathRule(r));
    }
    return out;
  }
}
