import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSkills } from './load-skills.js';
import { parseSkill } from './parse-skill.js';

// ../shared/corpora relative to the repository root; the tests skip when it is absent.
const corpus = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../shared/corpora/benign/skills',
);
const present = existsSync(corpus);

function findSkillFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findSkillFiles(p, out);
    else if (name === 'SKILL.md') out.push(p);
  }
  return out;
}

/** The corpus flattens `owner/repo/skills/x` into `owner__repo__skills__x`: the real folder name is the last part. */
function realFolderName(skillDir: string): string {
  const rel = relative(corpus, skillDir);
  return rel.includes('/') ? basename(skillDir) : (rel.split('__').pop() ?? rel);
}

describe.skipIf(!present)('the real skill corpus (../shared/corpora/benign/skills)', () => {
  it('parses all 471 SKILL.md without a crash; every problem is a typed, located diagnostic', () => {
    const files = findSkillFiles(corpus);
    expect(files).toHaveLength(471);
    let clean = 0;
    let refused = 0;
    const codes = new Map<string, number>();
    for (const f of files) {
      const r = parseSkill(readFileSync(f, 'utf8'), {
        file: relative(corpus, f),
        folderName: realFolderName(dirname(f)),
      });
      if (r.manifest === undefined) refused++;
      if (r.diagnostics.every((d) => d.severity === 'info')) clean++;
      for (const d of r.diagnostics) {
        expect(d.file).toBe(relative(corpus, f));
        expect(d.line).toBeGreaterThanOrEqual(1);
        codes.set(d.code, (codes.get(d.code) ?? 0) + 1);
      }
    }
    // the one file without frontmatter (OpenHands greeting-helper) is reported and still loads
    expect(codes.get('E_SKILL_NO_FRONTMATTER')).toBe(1);
    expect(refused).toBe(0);
    expect(clean).toBeGreaterThan(440);
    // the rest are counted per code by bench/skills.bench.mjs
  });

  it('reads block-scalar descriptions as text, not as ">" or "|"', () => {
    const files = findSkillFiles(corpus).filter((f) =>
      /^description:\s*[>|][+-]?\s*$/m.test(readFileSync(f, 'utf8')),
    );
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const f of files) {
      const r = parseSkill(readFileSync(f, 'utf8'), {
        file: f,
        folderName: realFolderName(dirname(f)),
      });
      expect(r.manifest?.description.length).toBeGreaterThan(20);
    }
  });

  it('loads the whole corpus as one root, nested sub-skills included', async () => {
    const set = await loadSkills([{ dir: corpus, origin: 'project', label: 'corpus' }]);
    const found = set.skills.length + set.skipped.length;
    expect(found).toBe(471);
    expect(set.skills.some((s) => s.file.includes('qdrant-scaling/scaling-data-volume/'))).toBe(
      true,
    );
    expect(set.skills.some((s) => s.resources.references.length > 0)).toBe(true);
  });
});
