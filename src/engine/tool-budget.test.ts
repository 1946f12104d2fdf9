import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../tools/index.js';
import { openContext, resumeContext } from './context-engine.js';
import type { OpenContextOptions } from './types.js';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples/demo-repo');

const tool = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  inputSchema: {
    type: 'object',
    properties: { arg: { type: 'string', description: `${description} `.repeat(40) } },
  },
});
const tools = [
  tool('read_file', 'Read a file.'),
  tool('github_search_issues', 'Search GitHub issues.'),
  tool('slack_post', 'Post to a Slack channel.'),
  tool('jira_get_ticket', 'Fetch a Jira ticket.'),
];

let repo: string;
beforeEach(() => {
  repo = join(mkdtempSync(join(tmpdir(), 'ctxloom-toolbudget-')), 'repo');
  cpSync(DEMO, repo, { recursive: true });
});

function options(
  extra: Partial<OpenContextOptions<'anthropic'>> = {},
): OpenContextOptions<'anthropic'> {
  return {
    cwd: repo,
    home: join(repo, '..', 'home'),
    model: 'claude-sonnet-4-5',
    provider: 'anthropic',
    window: 200_000,
    clock: () => new Date(Date.UTC(2026, 0, 1)),
    id: 'sess-tools',
    tools,
    toolBudgetTokens: 900,
    ...extra,
  };
}

const call = (id: string, name: string, input: object) => ({
  content: [{ type: 'tool_use', id, name, input }],
  stop_reason: 'tool_use',
  usage: { input_tokens: 10, output_tokens: 5 },
});

describe('toolBudgetTokens', () => {
  it('holds tools back, sends search_tools, and appends a found tool at the end from the next request on', async () => {
    const cx = await openContext(options());
    await cx.addUserMessage('Look at the Jira ticket.');
    const first = (await cx.prepare()).request;
    const names1 = first.tools?.map((t) => t.name) ?? [];
    expect(names1).toContain('search_tools');
    expect(names1).toContain('read_file');
    expect(names1).not.toContain('jira_get_ticket');
    // sorted by name, it would land before read_file and change the bytes after it
    expect(names1).toContain('read_file');
    const search = first.tools?.find((t) => t.name === 'search_tools');
    expect(search && 'description' in search && search.description).toContain(
      '- slack_post: Post to a Slack channel.',
    );

    const r = cx.recordResponse(call('c1', 'search_tools', { query: 'jira ticket' }));
    expect(cx.handles(r.toolCalls[0]!)).toBe(true);
    const out = await cx.runBuiltin(r.toolCalls[0]!);
    expect(out).toContain('"name":"jira_get_ticket"');
    await cx.addToolResult(r.toolCalls[0]!, { output: out });

    const second = (await cx.prepare()).request;
    const names2 = second.tools?.map((t) => t.name) ?? [];
    // found tools come last: every tool sent before keeps its bytes (only the breakpoint moves)
    expect(names2.at(-1)).toBe('jira_get_ticket');
    const strip = (t: object) => JSON.stringify({ ...t, cache_control: undefined });
    expect(second.tools?.slice(0, names1.length).map(strip)).toEqual(first.tools?.map(strip));
    expect(cx.tools.map((t) => t.name).at(-1)).toBe('jira_get_ticket');

    // a resumed engine finds the same tools again from the history
    await cx.save();
    const again = await resumeContext({ ...options(), id: 'sess-tools' });
    expect((await again.prepare()).request.tools?.map((t) => t.name)).toEqual(names2);
  });

  it('sends every tool and no search_tools when they fit', async () => {
    const cx = await openContext(options({ toolBudgetTokens: 1_000_000 }));
    await cx.addUserMessage('hi');
    const names = (await cx.prepare()).request.tools?.map((t) => t.name) ?? [];
    expect(names).not.toContain('search_tools');
    for (const t of tools) expect(names).toContain(t.name);
    expect(cx.handles({ name: 'search_tools' })).toBe(false);
  });
});
