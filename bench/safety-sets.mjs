// Shared by the safety benchmarks: the second collection (../shared/corpora/injection2/) and the
// fixed dev / check split.
//
// The split: an item goes to the DEV half when the first byte of SHA-256(its text, UTF-8) is below
// 128, else to the CHECK half. It depends on nothing but the bytes of the item, so it never
// changes between runs, machines or corpus orderings, and two copies of one text always land in the
// same half (a duplicate cannot leak from one half into the other). Rules are written against the
// dev half only (`node bench/safety-misses.mjs <source>` lists dev-half misses and never prints a
// check-half item); the check half is only counted.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `'dev'` or `'check'` for one item's text. */
export const halfOf = (text) =>
  createHash('sha256').update(text, 'utf8').digest()[0] < 128 ? 'dev' : 'check';

const readJsonl = (p) =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));

/**
 * The sources of injection2/, as `{ attacks: [{ name, texts }], benign: [{ name, texts }] }`.
 * Empty when the folder is missing.
 */
export function loadInjection2(corpora) {
  const dir = join(corpora, 'injection2');
  const attacks = [];
  const benign = [];
  if (!existsSync(dir)) return { attacks, benign };
  const rows = (f) => readJsonl(join(dir, f));
  const split = (list, name, f) => {
    const a = list.filter((r) => r.label === 'attack').map((r) => r.text);
    const b = list.filter((r) => r.label === 'benign').map((r) => r.text);
    if (a.length > 0) attacks.push({ name, texts: a, file: f });
    if (b.length > 0) benign.push({ name, texts: b, file: f });
  };
  split(rows('attack_deepset.jsonl'), 'deepset', 'attack_deepset.jsonl');
  split(rows('attack_tasktracker.jsonl'), 'TaskTracker triggers', 'attack_tasktracker.jsonl');
  split(rows('mixed_skillfortify.jsonl'), 'SkillFortifyBench skills', 'mixed_skillfortify.jsonl');
  split(rows('mixed_pint_example.jsonl'), 'PINT example set', 'mixed_pint_example.jsonl');
  split(rows('benign_deepset.jsonl'), 'deepset', 'benign_deepset.jsonl');
  split(rows('benign_instruction_files.jsonl'), 'instruction files (popular repos)', '');
  split(rows('benign_skill_files.jsonl'), 'skill files (popular repos)', '');
  return { attacks, benign };
}
