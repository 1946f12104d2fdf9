import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverSkills, MAX_SKILL_DEPTH } from './discover.js';
import { defaultSkillRoots } from './roots.js';
import { skillMd, tempTree } from './test-helpers/temp-tree.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function project(files: Record<string, string>) {
  const t = tempTree(files);
  cleanups.push(t.cleanup);
  const root = realpathSync(t.root);
  return { root, proj: join(root, 'proj'), skills: join(root, 'proj/.agents/skills') };
}

const md = (name: string) => skillMd(`name: ${name}\ndescription: ${name} things`);
const found = async (proj: string) => {
  const r = await discoverSkills(defaultSkillRoots({ projectDir: proj }));
  return {
    names: r.skills.map((s) => s.folderName),
    diags: r.diagnostics.filter((d) => d.code !== 'I_SKILL_ROOT_MISSING'),
    skills: r.skills,
  };
};

describe('discoverSkills: nothing vanishes', () => {
  it('a FIFO SKILL.md is reported without hanging', async () => {
    const { proj, skills } = project({ 'proj/.agents/skills/ok/SKILL.md': md('ok') });
    mkdirSync(join(skills, 'pipe'));
    execFileSync('mkfifo', [join(skills, 'pipe/SKILL.md')]);
    const r = await found(proj);
    expect(r.names).toEqual(['ok']);
    expect(r.diags).toEqual([
      expect.objectContaining({
        code: 'E_SKILL_READ',
        file: '.agents/skills/pipe/SKILL.md',
        message: expect.stringContaining('a FIFO'),
      }),
    ]);
  });

  it('a SKILL.md that is a folder is reported', async () => {
    const { proj, skills } = project({ 'proj/.agents/skills/ok/SKILL.md': md('ok') });
    mkdirSync(join(skills, 'odd/SKILL.md'), { recursive: true });
    const r = await found(proj);
    expect(r.diags.map((d) => [d.code, d.file])).toEqual([
      ['E_SKILL_READ', '.agents/skills/odd/SKILL.md'],
    ]);
  });

  it('skills too deep, under dot folders and under scripts/ are reported', async () => {
    const deep = `${Array.from({ length: MAX_SKILL_DEPTH + 1 }, (_, i) => `d${i}`).join('/')}/x`;
    const { proj } = project({
      [`proj/.agents/skills/${deep}/SKILL.md`]: md('x'),
      'proj/.agents/skills/.hidden/h/SKILL.md': md('h'),
      'proj/.agents/skills/tool/SKILL.md': md('tool'),
      'proj/.agents/skills/tool/scripts/inner/SKILL.md': md('inner'),
    });
    const r = await found(proj);
    expect(r.names).toEqual(['tool']);
    expect(r.diags.map((d) => [d.code, d.file]).sort()).toEqual([
      ['W_SKILL_IGNORED', '.agents/skills/.hidden/h/SKILL.md'],
      ['W_SKILL_IGNORED', '.agents/skills/tool/scripts/inner/SKILL.md'],
      ['W_SKILL_TOO_DEEP', `.agents/skills/${deep}/SKILL.md`],
    ]);
  });

  it('a SKILL.md linked out of the project, or to a credentials file, is refused', async () => {
    const { root, proj, skills } = project({
      'proj/.agents/skills/ok/SKILL.md': md('ok'),
      'home/.config/gh/hosts.yml': 'github.com:\n  oauth_token: not-a-real-token\n',
      'proj/docs/hosts.yml': 'x',
    });
    mkdirSync(join(skills, 'gh'));
    symlinkSync(join(root, 'home/.config/gh/hosts.yml'), join(skills, 'gh/SKILL.md'));
    const r = await found(proj);
    expect(r.names).toEqual(['ok']);
    expect(r.diags).toEqual([
      expect.objectContaining({ code: 'E_SKILL_READ', file: '.agents/skills/gh/SKILL.md' }),
    ]);
    expect(JSON.stringify(r)).not.toContain('not-a-real-token');
  });

  it('resources linked out of the project, FIFOs and key names are not listed', async () => {
    const { root, proj, skills } = project({
      'proj/.agents/skills/ok/SKILL.md': md('ok'),
      'proj/.agents/skills/ok/scripts/run.sh': 'echo',
      'proj/.agents/skills/ok/assets/id_ed25519': 'key',
      'home/.ssh/id_ed25519': 'key',
    });
    symlinkSync(join(root, 'home/.ssh'), join(skills, 'ok/references'));
    execFileSync('mkfifo', [join(skills, 'ok/scripts/pipe')]);
    const r = await found(proj);
    expect(r.skills[0]?.resources).toEqual({
      scripts: ['scripts/run.sh'],
      references: [],
      assets: [],
    });
    expect(r.diags.map((d) => d.message).sort()).toEqual([
      expect.stringMatching(/^resource assets\/id_ed25519 looks like a secrets file/),
      expect.stringMatching(/^resource references resolves to .*\.ssh, outside/),
      expect.stringMatching(/^resource scripts\/pipe is a FIFO/),
    ]);
  });

  it('a SKILL.md with an API key in it is refused, the key never shown', async () => {
    const token = `${'sk-ant-'}api03-${'Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7'.repeat(3)}`;
    const { proj } = project({
      'proj/.agents/skills/leak/SKILL.md': `${md('leak')}\nkey: ${token}\n`,
    });
    const r = await found(proj);
    expect(r.names).toEqual([]);
    expect(r.diags).toEqual([expect.objectContaining({ code: 'E_SKILL_SECRET_FILE' })]);
    expect(JSON.stringify(r)).not.toContain(token);
  });
});
