/**
 * @module skills/path-rules
 * One engine for every path-scoped rule: skills with `paths` and the instruction loader's
 * `.mdc` globs / `applyTo` / folder rules. Globs are compiled once; rules are indexed by a
 * literal each of their globs needs (a whole path segment, or a `*.ext` suffix), so a lookup
 * tests only the rules that can match. Pure.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { type CompiledGlob, compileGlobList, matchPrepared, preparePath } from '../glob/index.js';
import { SKILL_CODES } from './codes.js';
import type { PathRule } from './types.js';

/** A rule that matched a path, and the glob that decided it. */
export interface PathRuleMatch {
  readonly rule: PathRule;
  /** The glob (as written) that made the path match. */
  readonly glob: string;
  /** The path that matched, relative to the workspace. */
  readonly path: string;
}

/** A compiled set of path rules. */
export interface PathRuleEngine {
  /** How many rules it holds (rules without any usable glob included). */
  readonly size: number;
  /** Globs that could not be compiled (they match nothing). */
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Rules matching a workspace-relative `/`-separated path, in the order the rules were given.
   * Give a path made relative with `toWorkspacePath`; a path starting with `../` or `/` matches nothing.
   */
  match(path: string): readonly PathRuleMatch[];
}

interface CompiledRule {
  readonly index: number;
  readonly rule: PathRule;
  readonly globs: readonly CompiledGlob[];
}

/**
 * The ways a glob can be indexed. Each option is a set of keys such that a path the glob
 * matches (or a folder of it) has at least one of them: a literal segment every brace
 * alternative has (`s:api`), or the `.ext` suffixes of alternatives that all end in `*.ext`
 * (`x:.ts`, or `x:.ts` + `x:.tsx` for `*.{ts,tsx}`).
 */
function indexOptions(g: CompiledGlob): string[][] {
  const [first, ...rest] = g.alternatives.map(
    (alt) => new Set(alt.flatMap((seg) => (seg.literal === undefined ? [] : [`s:${seg.literal}`]))),
  );
  const options = [...(first ?? [])].filter((k) => rest.every((r) => r.has(k))).map((k) => [k]);
  const suffixes = g.alternatives.map((alt) => alt[alt.length - 1]?.suffix);
  if (suffixes.length > 0 && suffixes.every((x) => x?.startsWith('.') === true)) {
    options.push([...new Set(suffixes.map((x) => `x:${x}`))]);
  }
  return options;
}

/** Compiles rules into an engine. Bad globs are reported and match nothing. */
export function compilePathRules(rules: readonly PathRule[]): PathRuleEngine {
  const diagnostics: Diagnostic[] = [];
  const compiledRules: CompiledRule[] = [];
  const keyCount = new Map<string, number>();
  for (const [index, rule] of rules.entries()) {
    const { globs, problems } = compileGlobList(rule.globs);
    for (const problem of problems) {
      diagnostics.push(
        diagnostic(SKILL_CODES.badGlob, 'error', `${problem.message} (${problem.code})`, {
          file: rule.source,
        }),
      );
    }
    compiledRules.push({ index, rule, globs });
    for (const g of globs) {
      if (g.negated) continue;
      for (const k of new Set(indexOptions(g).flat())) keyCount.set(k, (keyCount.get(k) ?? 0) + 1);
    }
  }
  // Each positive glob is filed under its rarest key; a glob without any key is always tested.
  const byKey = new Map<string, CompiledRule[]>();
  const always: CompiledRule[] = [];
  for (const compiled of compiledRules) {
    const positives = compiled.globs.filter((g) => !g.negated);
    if (positives.length === 0) continue;
    const keys = new Set<string>();
    let unkeyed = false;
    const weight = (option: readonly string[]) =>
      option.reduce((n, k) => n + (keyCount.get(k) ?? 0), 0);
    for (const g of positives) {
      let best: string[] | undefined;
      for (const option of indexOptions(g)) {
        if (best === undefined || weight(option) < weight(best)) best = option;
      }
      if (best === undefined) unkeyed = true;
      else for (const k of best) keys.add(k);
    }
    if (unkeyed) always.push(compiled);
    else {
      for (const key of keys) {
        const list = byKey.get(key);
        if (list) list.push(compiled);
        else byKey.set(key, [compiled]);
      }
    }
  }
  return Object.freeze({
    size: rules.length,
    diagnostics: Object.freeze(diagnostics),
    match(path: string): readonly PathRuleMatch[] {
      const clean = path.replace(/^\.\/+/, '');
      if (clean === '' || clean.startsWith('/') || clean === '..' || clean.startsWith('../')) {
        return [];
      }
      const candidates = new Set<CompiledRule>(always);
      for (const seg of clean.split('/')) {
        for (const c of byKey.get(`s:${seg}`) ?? []) candidates.add(c);
        for (let dot = seg.indexOf('.'); dot >= 0; dot = seg.indexOf('.', dot + 1)) {
          for (const c of byKey.get(`x:${seg.slice(dot)}`) ?? []) candidates.add(c);
        }
      }
      const prepared = preparePath(clean);
      const hits: { index: number; match: PathRuleMatch }[] = [];
      for (const c of candidates) {
        const g = matchPrepared(c.globs, prepared);
        if (g !== undefined)
          hits.push({ index: c.index, match: { rule: c.rule, glob: g.source, path: clean } });
      }
      hits.sort((a, b) => a.index - b.index);
      return hits.map((h) => h.match);
    },
  });
}
