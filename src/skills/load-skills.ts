/**
 * @module skills/load-skills
 * Discovery, parsing and precedence in one call: the entry point for `ctxloom build` and the CLI.
 */
import { compareCodeUnits } from '../_internal/compare.js';
import { deepFreeze } from '../_internal/freeze.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { discoverSkills } from './discover.js';
import { parseSkill } from './parse-skill.js';
import { type RankedSkill, resolvePrecedence } from './precedence.js';
import type { SkillRoot } from './roots.js';
import type { Skill } from './types.js';

/** Options of {@link loadSkills}. */
export interface LoadSkillsOptions {
  /** Refuse skills with any spec violation. Default false. */
  readonly strict?: boolean;
}

/** A skill that was found but is not in use. */
export interface SkippedSkill {
  /** Display path of its SKILL.md. */
  readonly file: string;
  /** `refused` (parse error, or strict mode) or `shadowed` (a higher-precedence skill has its name). */
  readonly status: 'refused' | 'shadowed';
  /** For shadowed skills: the file of the skill that wins. */
  readonly shadowedBy?: string;
  /** The skill's name, when it could be read. */
  readonly name?: string;
}

/** Everything loaded from a set of roots. */
export interface SkillSet {
  /** The skills in use, one per name, sorted by name. */
  readonly skills: readonly Skill[];
  /** Found but not used (refused or shadowed), sorted by file. */
  readonly skipped: readonly SkippedSkill[];
  /** Every diagnostic, sorted by file then line. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Finds, parses and resolves all skills under `roots`. One bad skill never stops the others. */
export async function loadSkills(
  roots: readonly SkillRoot[],
  options: LoadSkillsOptions = {},
): Promise<SkillSet> {
  const found = await discoverSkills(roots);
  const diagnostics: Diagnostic[] = [...found.diagnostics];
  const ranked: RankedSkill[] = [];
  const skipped: SkippedSkill[] = [];
  for (const d of found.skills) {
    const parsed = parseSkill(d.text, {
      file: d.file,
      folderName: d.folderName,
      strict: options.strict === true,
    });
    diagnostics.push(...parsed.diagnostics);
    if (parsed.manifest === undefined) {
      skipped.push({ file: d.file, status: 'refused' });
      continue;
    }
    const skill: Skill = {
      ...parsed.manifest,
      body: parsed.body,
      bodyLine: parsed.bodyLine,
      file: d.file,
      dir: d.dir,
      origin: d.origin,
      resources: d.resources,
    };
    ranked.push({ skill, rootIndex: d.rootIndex });
  }
  const resolved = resolvePrecedence(ranked);
  diagnostics.push(...resolved.diagnostics);
  for (const s of resolved.shadowed) {
    skipped.push({
      file: s.skill.file,
      status: 'shadowed',
      shadowedBy: s.by.file,
      name: s.skill.name,
    });
  }
  skipped.sort((a, b) => cmp(a.file, b.file));
  diagnostics.sort((a, b) => cmp(a.file ?? '', b.file ?? '') || (a.line ?? 0) - (b.line ?? 0));
  return deepFreeze({ skills: resolved.skills, skipped, diagnostics });
}

const cmp = compareCodeUnits;
