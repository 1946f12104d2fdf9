import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Skill } from '../types.js';

/** Creates a temporary folder tree from `{ 'a/b.md': 'text' }`; returns its root and a cleanup. */
export function tempTree(files: Readonly<Record<string, string>>): {
  root: string;
  cleanup: () => void;
} {
  const root = mkdtempSync(join(tmpdir(), 'ctxloom-skills-'));
  for (const [rel, text] of Object.entries(files)) {
    const path = join(root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A SKILL.md text with the given frontmatter lines and body. */
export function skillMd(frontmatter: string, body = '# Body\n\nDo the thing.\n'): string {
  return `---\n${frontmatter}\n---\n${body}`;
}

/** A loaded skill for tests. */
export function makeSkill(name: string, extra: Partial<Skill> = {}): Skill {
  return {
    name,
    description: `${name} description`,
    metadata: {},
    allowedTools: [],
    disableModelInvocation: false,
    inputs: [],
    commands: [],
    paths: [],
    userInvocable: true,
    extraKeys: [],
    body: `# ${name}\n\nDo ${name} things.`,
    bodyLine: 4,
    file: `.agents/skills/${name}/SKILL.md`,
    dir: `/work/proj/.agents/skills/${name}`,
    origin: 'project',
    resources: { scripts: [], references: [], assets: [] },
    ...extra,
  };
}
