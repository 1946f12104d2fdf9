import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../test/helpers/memory-io.js';

const DEMO = resolve('examples/demo-repo');
const NOW = ['--now', '2026-01-01T00:00:00Z'];
const tool = (name: string, words: number) => ({
  name,
  description: `${name} does things. ${'word '.repeat(words)}`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
});

function repoWithTools(): string {
  const repo = join(mkdtempSync(join(tmpdir(), 'ctxloom-build-tools-')), 'repo');
  cpSync(DEMO, repo, { recursive: true });
  mkdirSync(join(repo, '.ctxloom'), { recursive: true });
  writeFileSync(join(repo, '.ctxloom/config.yaml'), 'tools:\n  files: [tools/mcp.json]\n');
  mkdirSync(join(repo, 'tools'));
  // an MCP tools/list dump
  writeFileSync(
    join(repo, 'tools/mcp.json'),
    JSON.stringify({ tools: [tool('zeta_search', 40), tool('alpha_get', 5)] }),
  );
  writeFileSync(join(repo, 'extra.json'), JSON.stringify([tool('mid_tool', 10)]));
  return repo;
}

describe('ctxloom build: tool costs', () => {
  it('--json lists each tool of the config and of --tools with its tokens, and the block total', async () => {
    const repo = repoWithTools();
    const r = await runInProcess(['build', '.', ...NOW, '--json', '--tools', 'extra.json'], {
      cwd: repo,
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.tools.tools.map((t: { name: string }) => t.name)).toEqual([
      'alpha_get',
      'mid_tool',
      'zeta_search',
    ]);
    const [a, m, z] = out.tools.tools;
    expect(a.origin).toBe('tools/mcp.json');
    expect(m.origin).toBe('extra.json');
    expect(z.tokens).toBeGreaterThan(m.tokens);
    expect(m.tokens).toBeGreaterThan(a.tokens);
    // the block as sent: about the sum of the tools (brackets and commas aside)
    const sum = a.tokens + m.tokens + z.tokens;
    expect(out.tools.tokens).toBeGreaterThanOrEqual(sum - 3);
    expect(out.tools.tokens).toBeLessThanOrEqual(sum + 3);
  });

  it('text output: a table on stderr with a row per tool and the total', async () => {
    const repo = repoWithTools();
    const r = await runInProcess(['build', '.', ...NOW], { cwd: repo });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^alpha_get\s+\d+\s+[\d,]+\s+tools\/mcp\.json$/m);
    expect(r.stderr).toMatch(/^total \(2 tools, as sent\)\s+\d+/m);
  });

  it('no tools configured: no tools field; a malformed tool is reported and left out', async () => {
    const plain = await runInProcess(['build', DEMO, ...NOW, '--json']);
    expect(JSON.parse(plain.stdout).tools).toBeUndefined();
    const repo = repoWithTools();
    writeFileSync(join(repo, 'bad.json'), JSON.stringify([{ name: 'no schema' }]));
    const r = await runInProcess(['build', '.', ...NOW, '--json', '--tools', 'bad.json'], {
      cwd: repo,
    });
    const out = JSON.parse(r.stdout);
    expect(out.tools.tools).toHaveLength(2);
    expect(out.diagnostics.map((d: { code: string }) => d.code)).toContain('E_TOOL_INVALID');
  });
});

describe('ctxloom payload: configured tools', () => {
  it('sends tools.files and an MCP tools/list dump given to --tools, once per name', async () => {
    const repo = repoWithTools();
    writeFileSync(
      join(repo, 'dump.json'),
      JSON.stringify({ tools: [tool('mid_tool', 3), tool('alpha_get', 1)] }),
    );
    const r = await runInProcess(['payload', '.', ...NOW, '--tools', 'dump.json'], { cwd: repo });
    expect(r.code).toBe(0);
    const names = JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(['alpha_get', 'mid_tool', 'zeta_search']);
    expect(r.stderr).toMatch(/E_TOOL_DUPLICATE.*alpha_get/);
  });
});
