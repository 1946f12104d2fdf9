// Issue 15: the glob `*e*e*e*e*e*e*e*e*e*e*Q` against a 46-character file name took 27 s in
// `ctxloom skills match --path` and 199 s in `ctxloom sources --for` (picomatch backtracking).
// Both commands run here in-process on a project whose rule and skill carry that glob. The
// assertion is a ratio: the 10-star glob may cost little more than a 2-star one (exponential
// backtracking made it ~10,000x); the only absolute bound is the test timeout, a safety net.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/memory-io.js';

const HOSTILE = '*e*e*e*e*e*e*e*e*e*e*Q';
const MILD = '*e*Q';
const MISS = `${'e'.repeat(45)}x`; // 46 characters, does not end in Q: the slow case
const HIT = `${'e'.repeat(45)}Q`;

function project(glob: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ctxloom-glob-time-'));
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, '.cursor', 'rules'), { recursive: true });
  writeFileSync(
    join(dir, '.cursor', 'rules', 'stars.mdc'),
    `---\ndescription: stars\nglobs: "${glob}"\nalwaysApply: false\n---\nThe stars rule.\n`,
  );
  mkdirSync(join(dir, '.agents', 'skills', 'stars'), { recursive: true });
  writeFileSync(
    join(dir, '.agents', 'skills', 'stars', 'SKILL.md'),
    `---\nname: stars\ndescription: A path skill for star files.\npaths: "${glob}"\n---\nThe stars skill.\n`,
  );
  writeFileSync(join(dir, MISS), '');
  writeFileSync(join(dir, HIT), '');
  return dir;
}

/** What each command says applies to `file`, and the CPU time both took. */
async function run(dir: string, file: string) {
  const t0 = process.cpuUsage();
  const sources = await runInProcess(['sources', dir, '--for', join(dir, file), '--json']);
  const skills = await runInProcess(['skills', 'match', dir, '--path', join(dir, file), '--json']);
  const d = process.cpuUsage(t0);
  expect(sources.code).toBe(0);
  expect(skills.code).toBe(0);
  const fromSources = JSON.parse(sources.stdout).for.rules.map((r: { path: string }) => r.path);
  const fromSkills = JSON.parse(skills.stdout).fired.map((b: { key: string }) => b.key);
  return { fromSources, fromSkills, ms: (d.user + d.system) / 1000 };
}

describe('a pathological glob through sources --for and skills match --path', () => {
  it('completes with the right result, at the cost of a mild glob', {
    timeout: 60_000,
  }, async () => {
    const hostile = project(HOSTILE);
    const mild = project(MILD);
    await run(mild, MISS); // warm up
    const miss = await run(hostile, MISS);
    expect(miss.fromSources).toEqual([]);
    expect(miss.fromSkills).toEqual([]);
    const hit = await run(hostile, HIT);
    expect(hit.fromSources).toEqual(['.cursor/rules/stars.mdc']);
    expect(hit.fromSkills).toEqual([
      'rule:.agents/skills/stars/SKILL.md#stars',
      'rule:.cursor/rules/stars.mdc#stars',
    ]);
    const base = Math.max((await run(mild, MISS)).ms, (await run(mild, MISS)).ms, 1);
    expect(miss.ms / base).toBeLessThan(10);
  });
});
