/**
 * @module skills/types
 * The data shapes of the skills capability: a parsed skill, where it came from, and how it is
 * listed. Everything here is plain, JSON-serialisable data.
 */

/** Where a skill was found. Precedence: `project` over `user` over `builtin`. */
export type SkillOrigin = 'project' | 'user' | 'builtin';

/** Precedence rank of each origin (lower wins). */
export const ORIGIN_RANK: Readonly<Record<SkillOrigin, number>> = Object.freeze({
  project: 0,
  user: 1,
  builtin: 2,
});

/**
 * How a skill shows up in the catalog.
 * - `auto`: listed; its description may be shortened by the budget.
 * - `pinned`: listed with its full description (only the per-skill cap is lifted too).
 * - `name-only`: listed without a description.
 * - `manual`: not listed, but invocable through `invoke_skill` or `/name`.
 * - `disabled`: neither listed, invocable nor triggered.
 */
export type SkillVisibility = 'auto' | 'pinned' | 'name-only' | 'manual' | 'disabled';

/** Keyword triggers of a skill. */
export interface SkillKeywordTriggers {
  /** Keywords or phrases, as written (matching is case-insensitive, whole tokens). */
  readonly keywords: readonly string[];
  /** How many distinct keywords must appear before the skill fires (at least 1). */
  readonly minMatches: number;
}

/** One declared `${var}` input of a task skill. */
export interface SkillInput {
  /** Placeholder name, as in `${name}`. */
  readonly name: string;
  /** What the input is for, if declared. */
  readonly description?: string;
  /** Whether the caller must give it (true unless a default is declared or `required: false`). */
  readonly required: boolean;
  /** Value used when the caller gives none. */
  readonly default?: string;
}

/** Files a skill ships next to its SKILL.md, relative to the skill folder, `/`-separated, sorted. */
export interface SkillResources {
  readonly scripts: readonly string[];
  readonly references: readonly string[];
  readonly assets: readonly string[];
}

/** The frontmatter fields of a SKILL.md after validation. */
export interface SkillManifest {
  /** The skill's name (1-64 chars, lowercase letters, digits, single hyphens). */
  readonly name: string;
  /** What the skill does and when to use it (1-1024 chars). */
  readonly description: string;
  readonly license?: string;
  readonly compatibility?: string;
  /** Free-form string map. */
  readonly metadata: Readonly<Record<string, string>>;
  /** Tools the skill may use, as written. */
  readonly allowedTools: readonly string[];
  /** True: the model may not invoke it; only the user (`/name`) can. */
  readonly disableModelInvocation: boolean;
  /** Keyword triggers, if declared. */
  readonly triggers?: SkillKeywordTriggers;
  /**
   * Declared task triggers: more `/command` names that start the skill as `/name` does (written
   * `triggers: { commands: [release, notes] }`; a leading `/` is optional), sorted, without the slash.
   */
  readonly commands: readonly string[];
  /** Declared `${var}` inputs (a task skill). */
  readonly inputs: readonly SkillInput[];
  /** Path globs: a skill with `paths` is a path-scoped rule, injected when a matching file is touched. */
  readonly paths: readonly string[];
  /** `argument-hint`, if given. */
  readonly argumentHint?: string;
  /** `user-invocable: false` hides it from `/name`. Default true. */
  readonly userInvocable: boolean;
  /** Frontmatter keys that ctxloom does not know, sorted. */
  readonly extraKeys: readonly string[];
}

/** A fully loaded skill. */
export interface Skill extends SkillManifest {
  /** The Markdown body after the frontmatter. */
  readonly body: string;
  /** 1-based line of the body's first line in SKILL.md. */
  readonly bodyLine: number;
  /** Display path of the SKILL.md (project-relative, or `~/...`), `/`-separated. */
  readonly file: string;
  /** Absolute folder of the skill: relative references resolve against it. */
  readonly dir: string;
  /** Where it was found. */
  readonly origin: SkillOrigin;
  /** Scripts, references and assets it ships. */
  readonly resources: SkillResources;
}

/** What kind of skill it is, derived from its manifest. */
export type SkillKind = 'path-rule' | 'task' | 'skill';

/** The kind of a skill: `paths` makes it a path rule, `inputs` a task skill. */
export function skillKind(skill: Pick<SkillManifest, 'paths' | 'inputs'>): SkillKind {
  if (skill.paths.length > 0) return 'path-rule';
  if (skill.inputs.length > 0) return 'task';
  return 'skill';
}

/** True when the model may invoke the skill through `invoke_skill` and see it in the catalog. */
export function isModelInvocable(skill: Pick<SkillManifest, 'paths' | 'disableModelInvocation'>) {
  return skill.paths.length === 0 && !skill.disableModelInvocation;
}

/**
 * Generic path rule: a skill's `paths`, or an instruction file's `.mdc` globs / `applyTo` /
 * folder scope, as the instruction loader gives them.
 */
export interface PathRule {
  /** A short name of the rule (a skill's name, a rule file's name). */
  readonly name: string;
  /** gitignore-style globs, in order; `!glob` excludes again. */
  readonly globs: readonly string[];
  /** The text to inject when a touched file matches. */
  readonly body: string;
  /** Where the rule comes from, a display path such as `.cursor/rules/api.mdc`. */
  readonly source: string;
  /** How far its text may be trusted (default `untrusted`: repository rules). */
  readonly trust?: 'trusted' | 'untrusted';
}
