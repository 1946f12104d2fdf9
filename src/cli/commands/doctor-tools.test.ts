import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../test/helpers/memory-io.js';
import { openContext } from '../../engine/index.js';
import type { ToolDefinition } from '../../tools/index.js';
import { EXIT } from '../command.js';

const DEMO = resolve('examples/demo-repo');
const NOW = ['--now', '2026-01-01T00:00:00Z'];
const tool = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
});

async function saveSession(repo: string, id: string, at: number, tools: ToolDefinition[]) {
  const cx = await openContext({
    cwd: repo,
    home: join(repo, '..', 'home'),
    model: 'claude-sonnet-4-6',
    provider: 'anthropic',
    window: 200_000,
    id,
    tools,
    clock: () => new Date(Date.UTC(2026, 0, 1, at)),
  });
  await cx.addUserMessage('hi');
  await cx.save();
}

describe('ctxloom doctor: tools across saved sessions', () => {
  it('reports a tool whose bytes changed between two sessions, and exits with findings', async () => {
    const repo = join(mkdtempSync(join(tmpdir(), 'ctxloom-doctor-tools-')), 'repo');
    cpSync(DEMO, repo, { recursive: true });
    await saveSession(repo, 's1', 1, [
      tool('github_search', 'Search GitHub.'),
      tool('old', 'Old.'),
    ]);
    const same = await runInProcess(['doctor', repo, ...NOW]);
    expect(same.stdout).toMatch(/ok {4}tools: 1 saved session with tool digests/);
    await saveSession(repo, 's2', 2, [
      tool('github_search', 'Search GitHub (v2).'),
      tool('new', 'New.'),
    ]);
    const r = await runInProcess(['doctor', repo, ...NOW]);
    expect(r.code).toBe(EXIT.findings);
    expect(r.stdout).toMatch(
      /FAIL {2}tools: "github_search" changed bytes between sessions s1 and s2/,
    );
    expect(r.stdout).toMatch(/note {2}tools: "new" added between sessions s1 and s2/);
    expect(r.stdout).toMatch(/note {2}tools: "old" removed/);
    expect(r.stdout).not.toMatch(/"read_artifact" changed/);
    const j = JSON.parse((await runInProcess(['doctor', repo, ...NOW, '--json'])).stdout);
    expect(j.stable).toBe(false);
    expect(j.tools.sessions).toBe(2);
    expect(
      j.tools.drift[0].changes.map((c: { name: string; kind: string }) => [c.name, c.kind]),
    ).toEqual([
      ['github_search', 'changed'],
      ['new', 'added'],
      ['old', 'removed'],
    ]);
  });
});
