/**
 * Issue 15, "Budgets and silent skips": budgets count what the prompt renders. Before, the
 * instruction budget counted file contents only: 3,000 one-byte rule files with 200-character
 * names rendered 404,072 tokens against a 16,000-token budget, with no diagnostic; and the plan
 * had no budget at all.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/memory-io.js';
import { type Entry, hostileTree } from './helpers.js';

const NOW = ['--now', '2026-01-01T00:00:00Z'];

interface BuildJson {
  readonly sections: { name: string; bytes: number; tokens: number }[];
  readonly sources: { path: string; status: string }[];
  readonly diagnostics: { code: string; file?: string; message: string }[];
  readonly dynamic: string;
}

async function build(dir: string): Promise<BuildJson> {
  const r = await runInProcess(['build', dir, ...NOW, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as BuildJson;
}

const section = (b: BuildJson, name: string) => b.sections.find((s) => s.name === name);

describe('hostile repository: budgets on rendered bytes', () => {
  it('3,000 one-byte rule files with 200-character names stay within the 16,000-token budget, one diagnostic per dropped file', async () => {
    const entries: Record<string, Entry> = { '.git/HEAD': 'ref: refs/heads/main\n' };
    // 1,000 per rules folder (its listing cap): three folders that always apply
    for (let i = 0; i < 1000; i++) {
      const stem = `${String(i).padStart(4, '0')}-${'r'.repeat(192)}`;
      entries[`.claude/rules/${stem}.md`] = 'x';
      entries[`.clinerules/${stem}.md`] = 'x';
      entries[`.cursor/rules/${stem}.mdc`] = '---\nalwaysApply: true\n---\nx';
    }
    const out = await build(hostileTree(entries));
    const repo = section(out, 'repository-context');
    expect(repo).toBeDefined();
    expect(repo!.tokens).toBeLessThanOrEqual(16_000);
    expect(repo!.bytes).toBeLessThanOrEqual(64 * 1024);
    const rendered = out.sources.filter((s) => s.status !== 'skipped').length;
    expect(rendered).toBeGreaterThan(0);
    const dropped = out.diagnostics.filter((d) => d.code === 'W_BUDGET_SKIPPED');
    // every rule file is either rendered or named by one diagnostic: none vanishes silently
    expect(rendered + dropped.length).toBe(3000);
    expect(new Set(dropped.map((d) => d.file)).size).toBe(dropped.length);
    // what is rendered is what the sources report says
    const shown = out.dynamic.match(/<instruction-file /g) ?? [];
    expect(shown.length).toBe(rendered);
  });

  it('a plan larger than its budget is cut with a visible marker and a diagnostic', async () => {
    const line = 'Step: refactor the parser module and keep the tests green.\n';
    const dir = hostileTree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.ctxloom/plan/PLAN.md': `# Plan\n${line.repeat(4000)}THE-LAST-LINE\n`,
    });
    const out = await build(dir);
    const plan = section(out, 'current-plan');
    expect(plan).toBeDefined();
    expect(plan!.tokens).toBeLessThanOrEqual(8_000);
    expect(out.dynamic).toMatch(/\[ctxloom: \d+ of \d+ bytes .*cut here to fit the plan budget/);
    expect(out.dynamic).toContain('THE-LAST-LINE');
    expect(out.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'W_PLAN_TRUNCATED', file: '.ctxloom/plan/PLAN.md' }),
    );
  });
});

describe('hostile repository: the skills catalog budget counts rendered lines', () => {
  it('400 skills with 64-character names and long descriptions stay within 4,000 tokens', async () => {
    const entries: Record<string, Entry> = { '.git/HEAD': 'ref: refs/heads/main\n' };
    for (let i = 0; i < 400; i++) {
      const name = `s${String(i).padStart(3, '0')}-${'n'.repeat(59)}`;
      entries[`.claude/skills/${name}/SKILL.md`] =
        `---\nname: ${name}\ndescription: ${'Handles one kind of task well. '.repeat(30)}\n---\nBody.\n`;
    }
    const out = await build(hostileTree(entries));
    const skills = section(out, 'available-skills');
    expect(skills).toBeDefined();
    expect(skills!.tokens).toBeLessThanOrEqual(4_000);
    // what the budget left out is said, in the catalog and as a diagnostic
    expect(out.diagnostics.some((d) => /catalog budget|fit its budget/.test(d.message))).toBe(true);
  });
});
