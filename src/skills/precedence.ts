/**
 * @module skills/precedence
 * Resolves skills that share a name: project over user over built-in; within one origin the
 * earlier root wins, then the shorter (shallower) file path. The losers are reported, never
 * silently dropped. Pure.
 */
import { compareCodeUnits } from '../_internal/compare.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { SKILL_CODES } from './codes.js';
import { ORIGIN_RANK, type Skill } from './types.js';

/** A skill plus the root index it was found through. */
export interface RankedSkill {
  readonly skill: Skill;
  readonly rootIndex: number;
}

/** The winners (sorted by name) and who shadowed whom. */
export interface PrecedenceResult {
  readonly skills: readonly Skill[];
  readonly shadowed: readonly { readonly skill: Skill; readonly by: Skill }[];
  readonly diagnostics: readonly Diagnostic[];
}

function compareRank(a: RankedSkill, b: RankedSkill): number {
  return (
    ORIGIN_RANK[a.skill.origin] - ORIGIN_RANK[b.skill.origin] ||
    a.rootIndex - b.rootIndex ||
    a.skill.file.length - b.skill.file.length ||
    compareCodeUnits(a.skill.file, b.skill.file)
  );
}

/** Keeps one skill per name and reports each shadowed one. */
export function resolvePrecedence(candidates: readonly RankedSkill[]): PrecedenceResult {
  const byName = new Map<string, RankedSkill[]>();
  for (const c of candidates) {
    const list = byName.get(c.skill.name);
    if (list) list.push(c);
    else byName.set(c.skill.name, [c]);
  }
  const skills: Skill[] = [];
  const shadowed: { skill: Skill; by: Skill }[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of [...byName.keys()].sort()) {
    const list = [...(byName.get(name) ?? [])].sort(compareRank);
    const [winner, ...losers] = list;
    if (winner === undefined) continue;
    skills.push(winner.skill);
    for (const loser of losers) {
      shadowed.push({ skill: loser.skill, by: winner.skill });
      diagnostics.push(
        diagnostic(
          SKILL_CODES.shadowed,
          'warning',
          `skill "${name}" (${loser.skill.origin}) is shadowed by ${winner.skill.file} (${winner.skill.origin})`,
          { file: loser.skill.file },
        ),
      );
    }
  }
  return { skills, shadowed, diagnostics };
}
