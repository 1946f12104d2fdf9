// Anthropic's server-side tool search (`toolSearch: 'anthropic'`) through the real
// `@anthropic-ai/sdk` client with a recording fetch: the request `client.messages.create` takes
// with no cast, the exact tools bytes sent (search tool first, loaded tools, deferred tools last
// with `defer_loading: true`), a response carrying `server_tool_use` / `tool_search_tool_result`
// blocks accepted by recordResponse, and those blocks sent back as they came with the tools
// bytes unchanged.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { createMemoryArtifactStore, readArtifactTool } from '../history/index.js';
import { recorder } from '../providers/test-helpers/wire-fixtures.js';
import { INVOKE_SKILL_TOOL } from '../skills/index.js';
import { o200kCounter } from '../tokens/index.js';
import { type ToolDefinition, toolBlockTokens, toolTokens } from '../tools/index.js';
import { openContext } from './context-engine.js';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples/demo-repo');
const tool = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } },
});
const tools = [tool('read_file', 'Read a file.'), tool('jira_get_ticket', 'Fetch a Jira ticket.')];

const searchReply = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-6',
  content: [
    { type: 'text', text: 'Searching for a Jira tool.' },
    {
      type: 'server_tool_use',
      id: 'srvtoolu_01',
      name: 'tool_search_tool_bm25',
      input: { query: 'jira ticket' },
      caller: { type: 'direct' },
    },
    {
      type: 'tool_search_tool_result',
      tool_use_id: 'srvtoolu_01',
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: [{ type: 'tool_reference', tool_name: 'jira_get_ticket' }],
      },
    },
    { type: 'tool_use', id: 'toolu_01', name: 'jira_get_ticket', input: { q: 'PROJ-1' } },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: {
    input_tokens: 90,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 30,
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
  },
};

async function engine(extra: { toolBudgetTokens?: number; model?: string } = {}) {
  const repo = join(mkdtempSync(join(tmpdir(), 'ctxloom-toolsearch-')), 'repo');
  cpSync(DEMO, repo, { recursive: true });
  return openContext({
    cwd: repo,
    home: join(repo, '..', 'home'),
    model: extra.model ?? 'claude-sonnet-4-6',
    provider: 'anthropic',
    window: 200_000,
    tools,
    toolSearch: 'anthropic',
    ...(extra.toolBudgetTokens === undefined ? {} : { toolBudgetTokens: extra.toolBudgetTokens }),
    artifacts: createMemoryArtifactStore(),
    clock: () => new Date(Date.UTC(2026, 0, 1)),
  });
}

describe("toolSearch: 'anthropic' through the real SDK", () => {
  it('sends the search tool and deferred tools, replays the search blocks, keeps the tools bytes', async () => {
    const cx = await engine();
    await cx.addUserMessage('Look at PROJ-1.');
    const rec = recorder(searchReply);
    const client = new Anthropic({ apiKey: 'test', fetch: rec.fetch, maxRetries: 0 });
    const { request, betas } = await cx.prepare();
    expect(betas).toEqual([]); // GA: no beta header
    const response = await client.messages.create(request);
    expect(rec.calls[0]?.headers.get('anthropic-beta')).toBeNull();
    const sentTools = JSON.stringify(rec.bodies[0]?.tools);
    // search tool first, ctxloom's own tool loaded (with the tools breakpoint), every caller tool deferred
    expect(sentTools).toBe(
      JSON.stringify([
        { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
        ...(request.tools ?? []).slice(1, -2),
        {
          name: 'jira_get_ticket',
          description: 'Fetch a Jira ticket.',
          input_schema: { properties: { q: { type: 'string' } }, required: ['q'], type: 'object' },
          defer_loading: true,
        },
        {
          name: 'read_file',
          description: 'Read a file.',
          input_schema: { properties: { q: { type: 'string' } }, required: ['q'], type: 'object' },
          defer_loading: true,
        },
      ]),
    );
    const loaded = (request.tools ?? []).slice(1, -2);
    expect(loaded.map((t) => t.name)).toEqual(['invoke_skill', 'read_artifact']);
    // a breakpoint is only ever on the last loaded tool: the deferred ones are not in the prefix
    const marked = (request.tools ?? []).filter((t) => t.cache_control != null).map((t) => t.name);
    expect(marked.every((n) => n === 'read_artifact')).toBe(true);

    const r = cx.recordResponse(response);
    expect(r.toolCalls).toEqual([
      { id: 'toolu_01', name: 'jira_get_ticket', input: { q: 'PROJ-1' } },
    ]);
    expect(cx.handles(r.toolCalls[0]!)).toBe(false);
    await cx.addToolResult(r.toolCalls[0]!, { output: 'PROJ-1: fix the login page' });
    const next = await cx.prepare();
    await client.messages.create(next.request);
    const body = rec.bodies[1] as unknown as Anthropic.MessageCreateParams;
    expect(JSON.stringify(body.tools)).toBe(sentTools);
    const assistant = body.messages[1];
    expect(assistant?.role).toBe('assistant');
    const blocks = assistant?.content as unknown as Record<string, unknown>[];
    expect(blocks.map((b) => b.type)).toEqual([
      'text',
      'server_tool_use',
      'tool_search_tool_result',
      'tool_use',
    ]);
    expect(blocks[1]).toEqual(searchReply.content[1]);
    expect(blocks[2]).toEqual(searchReply.content[2]);
  });

  it('a budget keeps tools loaded while they fit; an unsupported model falls back to search_tools', async () => {
    // ctxloom's own tools count against the budget; read_file (declared first) fits, jira does not
    const budget =
      toolBlockTokens([readArtifactTool, INVOKE_SKILL_TOOL], o200kCounter) +
      toolTokens(tools[0]!, o200kCounter) +
      2;
    const cx = await engine({ toolBudgetTokens: budget });
    const names = ((await cx.prepare()).request.tools ?? []).map((t) => [
      t.name,
      'defer_loading' in t ? t.defer_loading : false,
    ]);
    expect(names).toEqual([
      ['tool_search_tool_bm25', false],
      ['invoke_skill', false],
      ['read_artifact', false],
      ['read_file', false],
      ['jira_get_ticket', true],
    ]);
    const old = await engine({ toolBudgetTokens: budget, model: 'claude-sonnet-4-0' });
    expect(old.diagnostics.map((d) => d.code)).toContain('W_TOOL_SEARCH_FALLBACK');
    const oldNames = ((await old.prepare()).request.tools ?? []).map((t) => t.name);
    expect(oldNames).toContain('search_tools');
    expect(oldNames).not.toContain('tool_search_tool_bm25');
  });

  it('recordResponse takes a tool search error result: no tool call, the block kept for the next request', async () => {
    const cx = await engine();
    await cx.addUserMessage('Find a tool.');
    const error = {
      type: 'tool_search_tool_result',
      tool_use_id: 'srvtoolu_02',
      content: {
        type: 'tool_search_tool_result_error',
        error_code: 'unavailable',
        error_message: null,
      },
    };
    const r = cx.recordResponse({
      ...searchReply,
      content: [searchReply.content[1], error, { type: 'text', text: 'Search is down.' }],
      stop_reason: 'end_turn',
    });
    expect(r.toolCalls).toEqual([]);
    await cx.addUserMessage('Try again.');
    const { request } = await cx.prepare();
    const assistant = request.messages[1]?.content as unknown as Record<string, unknown>[];
    expect(assistant[1]).toEqual(error);
  });
});
