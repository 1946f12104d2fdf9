import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSkills } from './load-skills.js';
import { defaultSkillRoots } from './roots.js';
import { skillMd, tempTree } from './test-helpers/temp-tree.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function tree(files: Record<string, string>) {
  const t = tempTree(files);
  cleanups.push(t.cleanup);
  return t.root;
}

describe('loadSkills', () => {
  it('finds project and user skills, applies precedence and reports the shadowed one', async () => {
    const root = tree({
      'proj/.agents/skills/deploy/SKILL.md': skillMd('name: deploy\ndescription: project deploy'),
      'proj/.claude/skills/deploy/SKILL.md': skillMd('name: deploy\ndescription: claude deploy'),
      'proj/.codex/skills/lint/SKILL.md': skillMd('name: lint\ndescription: lint it'),
      'home/.config/ctxloom/skills/deploy/SKILL.md': skillMd(
        'name: deploy\ndescription: user deploy',
      ),
      'home/.config/ctxloom/skills/notes/SKILL.md': skillMd('name: notes\ndescription: user notes'),
      'builtin/lint/SKILL.md': skillMd('name: lint\ndescription: builtin lint'),
    });
    const roots = defaultSkillRoots({
      projectDir: join(root, 'proj'),
      homeDir: join(root, 'home'),
      builtinDirs: [join(root, 'builtin')],
    });
    const set = await loadSkills(roots);
    expect(set.skills.map((s) => [s.name, s.origin, s.description])).toEqual([
      ['deploy', 'project', 'project deploy'],
      ['lint', 'project', 'lint it'],
      ['notes', 'user', 'user notes'],
    ]);
    expect(set.skills[0]?.file).toBe('.agents/skills/deploy/SKILL.md');
    expect(set.skills[2]?.file).toBe('~/.config/ctxloom/skills/notes/SKILL.md');
    expect(set.skipped).toEqual([
      {
        file: '.claude/skills/deploy/SKILL.md',
        status: 'shadowed',
        shadowedBy: '.agents/skills/deploy/SKILL.md',
        name: 'deploy',
      },
      {
        file: expect.stringMatching(/lint\/SKILL\.md$/),
        status: 'shadowed',
        shadowedBy: '.codex/skills/lint/SKILL.md',
        name: 'lint',
      },
      {
        file: '~/.config/ctxloom/skills/deploy/SKILL.md',
        status: 'shadowed',
        shadowedBy: '.agents/skills/deploy/SKILL.md',
        name: 'deploy',
      },
    ]);
    const shadowDiags = set.diagnostics.filter((d) => d.code === 'W_SKILL_SHADOWED');
    expect(shadowDiags).toHaveLength(3);
    expect(Object.isFrozen(set.skills[0])).toBe(true);
  });

  it('loads nested sub-skills and records resources', async () => {
    const root = tree({
      'p/.agents/skills/qdrant/SKILL.md': skillMd('name: qdrant\ndescription: top'),
      'p/.agents/skills/qdrant/scaling/SKILL.md': skillMd('name: scaling\ndescription: nested'),
      'p/.agents/skills/qdrant/scripts/run.sh': 'echo hi',
      'p/.agents/skills/qdrant/references/a/b.md': 'ref',
      'p/.agents/skills/qdrant/assets/t.txt': 'asset',
      'p/.agents/skills/qdrant/references/SKILL.md': skillMd(
        'name: not-a-skill\ndescription: inside references',
      ),
    });
    const set = await loadSkills(defaultSkillRoots({ projectDir: join(root, 'p') }));
    expect(set.skills.map((s) => s.name)).toEqual(['qdrant', 'scaling']);
    expect(set.skills[0]?.resources).toEqual({
      scripts: ['scripts/run.sh'],
      references: ['references/SKILL.md', 'references/a/b.md'],
      assets: ['assets/t.txt'],
    });
    expect(set.skills[1]?.dir).toBe(join(root, 'p/.agents/skills/qdrant/scaling'));
  });

  it('one bad skill never stops the others; strict mode refuses violations', async () => {
    const root = tree({
      'p/.agents/skills/good/SKILL.md': skillMd('name: good\ndescription: fine'),
      'p/.agents/skills/broken/SKILL.md': skillMd('name: broken', ''),
      'p/.agents/skills/loose/SKILL.md': '# Loose\n\nNo frontmatter here.\n',
    });
    const roots = defaultSkillRoots({ projectDir: join(root, 'p') });
    const lenient = await loadSkills(roots);
    expect(lenient.skills.map((s) => s.name)).toEqual(['good', 'loose']);
    expect(lenient.skipped).toEqual([
      { file: '.agents/skills/broken/SKILL.md', status: 'refused' },
    ]);
    const strict = await loadSkills(roots, { strict: true });
    expect(strict.skills.map((s) => s.name)).toEqual(['good']);
    expect(strict.diagnostics.find((d) => d.code === 'E_SKILL_NO_FRONTMATTER')).toMatchObject({
      severity: 'error',
      file: '.agents/skills/loose/SKILL.md',
      line: 1,
    });
  });

  it('skips an oversized SKILL.md with a diagnostic', async () => {
    const root = tree({ 'p/.agents/skills/big/SKILL.md': skillMd('name: big\ndescription: x') });
    writeFileSync(
      join(root, 'p/.agents/skills/big/SKILL.md'),
      `---\nname: big\ndescription: x\n---\n${'y'.repeat(300_000)}`,
    );
    const set = await loadSkills(defaultSkillRoots({ projectDir: join(root, 'p') }));
    expect(set.skills).toEqual([]);
    expect(set.diagnostics.map((d) => d.code)).toContain('E_SKILL_TOO_LARGE');
  });

  it('does not load the same folder twice through a symlinked root', async () => {
    const root = tree({ 'p/.agents/skills/one/SKILL.md': skillMd('name: one\ndescription: x') });
    symlinkSync(join(root, 'p/.agents/skills'), join(root, 'p/.claude-skills-link'));
    const set = await loadSkills([
      { dir: join(root, 'p/.agents/skills'), origin: 'project', label: '.agents/skills' },
      { dir: join(root, 'p/.claude-skills-link'), origin: 'project', label: '.claude/skills' },
    ]);
    expect(set.skills.map((s) => s.name)).toEqual(['one']);
    expect(set.skipped).toEqual([]);
  });
});
