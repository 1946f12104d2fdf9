/**
 * Secrets reach the prompt: links to /proc/self/environ and to a fake HOME's ~/.ssh, a hard-linked
 * private key, AWS keys in a memory file, and the secret names the list used to miss, via @import.
 * Every case is refused with a diagnostic that names the file and never the value.
 */
import { linkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectFile } from '../../src/files/index.js';
import { loadConfirmedPlan, planPaths } from '../../src/session/index.js';
import { defaultSkillRoots, loadSkills } from '../../src/skills/index.js';
import { loadInstructionSources } from '../../src/sources/index.js';
import { runInProcess } from '../helpers/memory-io.js';
import { FAKE, hostileTree, plant } from './helpers.js';

/** A fake HOME with the files a repository would like to steal. */
function fakeHome(): string {
  return hostileTree(
    {
      '.ssh/id_ed25519': FAKE.pem,
      '.ssh/config': `Host prod\n  IdentityFile ~/.ssh/id_ed25519\n  # ${FAKE.github}\n`,
      '.config/gh/hosts.yml': `github.com:\n  oauth_token: ${FAKE.github}\n`,
      '.kube/config': `users:\n- name: admin\n  token: ${FAKE.github}\n`,
      '.config/ctxloom/memory/MEMORY.md': 'user memory\n',
    },
    'ctxloom-home-',
  );
}

/** What the lead's memory loader will call: the project and ~/.config/ctxloom as roots. */
const memoryRead = (root: string, home: string, rel: string) =>
  readProjectFile(join(root, rel), {
    roots: [root, join(home, '.config', 'ctxloom')],
    maxBytes: 256 * 1024,
    display: rel,
    kind: 'memory file',
  });

const leaks = (value: unknown) =>
  [FAKE.github, FAKE.awsId, FAKE.awsSecret, 'b3BlbnNzaC1rZXktdjEA', 'PATH='].filter((s) =>
    JSON.stringify(value).includes(s),
  );

describe('secrets never reach loaded text', () => {
  it('MEMORY.md linked to /proc/self/environ or ~/.ssh/config is refused', () => {
    const home = fakeHome();
    const root = hostileTree({
      '.git/HEAD': 'ref: x',
      '.ctxloom/memory/MEMORY.md': { link: '/proc/self/environ' },
      '.ctxloom/memory/SSH.md': { link: join(home, '.ssh/config') },
    });
    const environ = memoryRead(root, home, '.ctxloom/memory/MEMORY.md');
    expect(environ).toMatchObject({ ok: false, diagnostic: { code: 'E_SYMLINK_OUTSIDE_ROOT' } });
    const ssh = memoryRead(root, home, '.ctxloom/memory/SSH.md');
    expect(ssh).toMatchObject({ ok: false });
    expect(leaks([environ, ssh])).toEqual([]);
  });

  it('even with HOME allowed as a root, ~/.ssh, gh and kube files are refused by name', () => {
    const home = fakeHome();
    for (const rel of ['.ssh/config', '.config/gh/hosts.yml', '.kube/config']) {
      const r = readProjectFile(join(home, rel), { roots: [home], maxBytes: 1 << 20 });
      expect(r, rel).toMatchObject({ ok: false, diagnostic: { code: 'E_SECRET_FILE' } });
    }
  });

  it('AGENTS.md hard-linked to a private key does not load (the content is a key)', async () => {
    const home = fakeHome();
    const root = hostileTree({ '.git/HEAD': 'ref: x' });
    linkSync(join(home, '.ssh/id_ed25519'), join(root, 'AGENTS.md'));
    const r = await loadInstructionSources({ cwd: root, home });
    expect(r.sources.find((s) => s.path === 'AGENTS.md')?.status).toBe('skipped');
    expect(r.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'E_SECRET_CONTENT', file: 'AGENTS.md', line: 1 }),
    );
    expect(leaks(r)).toEqual([]);
  });

  it('a MEMORY.md holding AWS keys is refused, naming the kind and the line only', () => {
    const home = fakeHome();
    const root = hostileTree({
      '.ctxloom/memory/MEMORY.md': `# deploy notes\naws_access_key_id = ${FAKE.awsId}\naws_secret_access_key = ${FAKE.awsSecret}\n`,
    });
    const r = memoryRead(root, home, '.ctxloom/memory/MEMORY.md');
    expect(r).toMatchObject({
      ok: false,
      diagnostic: { code: 'E_SECRET_CONTENT', line: 2, file: '.ctxloom/memory/MEMORY.md' },
    });
    expect(leaks(r)).toEqual([]);
  });

  it('PLAN.md linked to ~/.ssh/config is skipped with a diagnostic', () => {
    const home = fakeHome();
    const root = hostileTree({ '.ctxloom/plan/PLAN.md': { link: join(home, '.ssh/config') } });
    const r = loadConfirmedPlan(planPaths(root));
    expect(r.plan).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(['E_SYMLINK_OUTSIDE_ROOT']);
    expect(leaks(r)).toEqual([]);
  });

  it('SKILL.md linked to gh hosts.yml or kube config, references/ linked to ~/.ssh: refused', async () => {
    const home = fakeHome();
    const root = hostileTree({
      '.agents/skills/gh/SKILL.md': { link: join(home, '.config/gh/hosts.yml') },
      '.agents/skills/kube/SKILL.md': { link: join(home, '.kube/config') },
      '.agents/skills/ok/SKILL.md': '---\nname: ok\ndescription: fine\n---\nbody\n',
      '.agents/skills/ok/references': { link: join(home, '.ssh') },
    });
    const set = await loadSkills(defaultSkillRoots({ projectDir: root, homeDir: home }));
    expect(set.skills.map((s) => s.name)).toEqual(['ok']);
    expect(set.skills[0]?.resources.references).toEqual([]);
    expect(JSON.stringify(set)).not.toContain('id_ed25519');
    expect(leaks(set)).toEqual([]);
    const show = await runInProcess(['skills', root, '--json'], { home });
    expect(show.stdout).toContain('"ok"');
    expect(leaks(show.stdout + show.stderr)).toEqual([]);
  });

  it.each([
    '.dev.vars',
    '.pgpass',
    'terraform.tfvars',
    'local.settings.json',
    '.env-local',
    'prod.env',
  ])('@%s is refused as a secrets file', async (name) => {
    const root = hostileTree({
      '.git/HEAD': 'ref: x',
      'CLAUDE.md': `# Project\n@${name}\n`,
      [name]: `TOKEN=${FAKE.github.slice(0, 10)}-local-only\n`,
    });
    const r = await loadInstructionSources({ cwd: root });
    expect(r.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'E_IMPORT_SECRET', file: 'CLAUDE.md', line: 2 }),
    );
    expect(JSON.stringify(r.sources)).not.toContain('-local-only');
  });

  it('a secret planted anywhere in a repository never appears in build output', async () => {
    const home = fakeHome();
    const root = hostileTree({ '.git/HEAD': 'ref: x', 'AGENTS.md': 'Be nice.\n' });
    plant(root, {
      'docs/keys.md': `token ${FAKE.github}\n`,
      'CLAUDE.md': '@docs/keys.md\n',
      '.cursor/rules/k.mdc': `---\nalwaysApply: true\n---\n${FAKE.awsId}\n`,
    });
    const r = await runInProcess(['build', root, '--now', '2026-01-01T00:00:00Z', '--json'], {
      home,
    });
    expect(leaks(r.stdout + r.stderr)).toEqual([]);
    expect(r.stdout).toContain('E_SECRET_CONTENT');
  });
});
