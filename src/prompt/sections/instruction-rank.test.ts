import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../project/index.js';
import { DEFAULT_FILES } from '../../sources/index.js';
import { createPromptContext } from '../context.js';
import { INSTRUCTION_RANK_RULE, instructionRankSentence } from './instruction-rank.js';
import { repositoryContextSection } from './repository-context.js';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'ctxloom-rank-'));
  mkdirSync(join(root, '.git'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the rank of same-folder instruction files', () => {
  it('follows the loader: .cursorrules below CLAUDE.md below AGENTS.md, whatever the write order', async () => {
    const root = project({
      '.cursorrules': 'Use tabs.\n',
      'CLAUDE.md': 'Use spaces.\n',
      'AGENTS.md': 'Use two spaces.\n',
    });
    const p = await loadProject({ cwd: root, userGlobal: false, now: new Date(0) });
    const text = repositoryContextSection.render(p.context) ?? '';
    expect(text).toContain(
      `${INSTRUCTION_RANK_RULE} (here: AGENTS.md above CLAUDE.md above .cursorrules).`,
    );
    // the example is the loader's own file-name order, not a copy of it
    const loaderOrder = DEFAULT_FILES.map((f) => f.name).filter((n) =>
      ['AGENTS.md', 'CLAUDE.md', '.cursorrules'].includes(n),
    );
    expect(text).toContain(`(here: ${loaderOrder.join(' above ')})`);
    // and the files themselves appear in that order
    const at = (s: string) => text.indexOf(`path="${s}"`);
    expect(at('AGENTS.md')).toBeLessThan(at('CLAUDE.md'));
    expect(at('CLAUDE.md')).toBeLessThan(at('.cursorrules'));
  });

  it('a subfolder with two files gives its own example; one file per folder gives the rule alone', () => {
    const entry = (path: string, scope: 'project' | 'directory' | 'global' | 'rule') => ({
      path,
      kind: 'agents-md',
      scope,
      trust: 'untrusted' as const,
      status: 'loaded' as const,
      content: 'x',
    });
    expect(
      instructionRankSentence([entry('AGENTS.md', 'project'), entry('src/AGENTS.md', 'directory')]),
    ).toBe(`${INSTRUCTION_RANK_RULE}.`);
    expect(
      instructionRankSentence([
        entry('~/.config/ctxloom/AGENTS.md', 'global'),
        entry('AGENTS.md', 'project'),
        entry('.cursor/rules/a.mdc', 'rule'),
        entry('src/AGENTS.md', 'directory'),
        entry('src/CLAUDE.md', 'directory'),
      ]),
    ).toBe(`${INSTRUCTION_RANK_RULE} (here: src/AGENTS.md above src/CLAUDE.md).`);
    const ctx = createPromptContext({ instructions: [entry('AGENTS.md', 'project')] });
    expect(repositoryContextSection.render(ctx)).toContain(`${INSTRUCTION_RANK_RULE}.\n\n`);
  });
});
