import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import {
  catalogLine,
  createSearchToolsHandler,
  planToolBudget,
  SEARCH_TOOLS_TOOL_NAME,
} from './deferred.js';
import { toolBlockTokens } from './tool-cost.js';
import type { ToolDefinition } from './tool-definition.js';

const counter = estimateCounter;
const tool = (name: string, description: string, pad = 400): ToolDefinition => ({
  name,
  description,
  inputSchema: {
    type: 'object',
    properties: { arg: { type: 'string', description: 'x'.repeat(pad) } },
  },
});
const tools = [
  tool('read_file', 'Read a file. Returns its text.'),
  tool('github_search_issues', 'Search GitHub issues by query.\nLong details here.'),
  tool('github_create_pr', 'Open a pull request on GitHub.'),
  tool('slack_post', 'Post a message to a Slack channel.'),
  tool('jira_get_ticket', 'Fetch a Jira ticket by key.'),
];

describe('planToolBudget', () => {
  it('sends everything (and no search_tools) when all fit', () => {
    const p = planToolBudget(tools, { budgetTokens: 1e9, tokenCounter: counter });
    expect(p.sent).toEqual(tools);
    expect(p.deferred).toEqual([]);
    expect(p.searchTool).toBeUndefined();
  });

  it('keeps tools in declaration order while they fit, with search_tools listing the rest', () => {
    const all = toolBlockTokens(tools, counter);
    const p = planToolBudget(tools, { budgetTokens: Math.floor(all / 2), tokenCounter: counter });
    expect(p.sent.length).toBeGreaterThan(0);
    expect(p.sent.length).toBeLessThan(tools.length);
    expect([...p.sent, ...p.deferred]).toEqual(tools);
    expect(p.searchTool?.name).toBe(SEARCH_TOOLS_TOOL_NAME);
    for (const d of p.deferred) expect(p.searchTool?.description).toContain(catalogLine(d));
    expect(p.sentTokens).toBeLessThanOrEqual(Math.floor(all / 2));
    expect(p.sentTokens).toBe(toolBlockTokens([...p.sent, p.searchTool!], counter));
    expect(p.allTokens).toBe(all);
  });

  it('a budget below search_tools sends no caller tool at all', () => {
    const p = planToolBudget(tools, { budgetTokens: 1, tokenCounter: counter });
    expect(p.sent).toEqual([]);
    expect(p.deferred).toEqual(tools);
  });
});

describe('catalogLine', () => {
  it('is the first sentence of the first line, cut at 100 characters', () => {
    expect(catalogLine(tools[1]!)).toBe('- github_search_issues: Search GitHub issues by query.');
    expect(catalogLine(tool('t', 'y'.repeat(300))).length).toBeLessThan(110);
  });
});

describe('search_tools handler', () => {
  const search = createSearchToolsHandler(tools);
  it('finds by exact name first, then by words', () => {
    expect(search({ query: 'slack_post' }, new Set()).found.map((t) => t.name)).toEqual([
      'slack_post',
    ]);
    const r = search({ query: 'github issues' }, new Set());
    expect(r.found[0]?.name).toBe('github_search_issues');
    expect(r.found.map((t) => t.name)).toContain('github_create_pr');
    expect(r.text).toContain('"name":"github_search_issues"');
  });
  it('skips loaded tools, honours max_results, and reports bad input', () => {
    const r = search({ query: 'github', max_results: 1 }, new Set(['github_create_pr']));
    expect(r.found.map((t) => t.name)).toEqual(['github_search_issues']);
    expect(search({ query: 'zebra quokka' }, new Set()).found).toEqual([]);
    expect(search({}, new Set()).text).toMatch(/error/);
  });
});

describe('planToolBudget without a catalog (the provider searches)', () => {
  it('keeps tools in declaration order while the sent block fits, with no search_tools', () => {
    const two = toolBlockTokens(tools.slice(0, 2), counter);
    const plan = planToolBudget(tools, {
      budgetTokens: two,
      tokenCounter: counter,
      catalog: false,
    });
    expect(plan.sent.map((t) => t.name)).toEqual(['read_file', 'github_search_issues']);
    expect(plan.deferred.map((t) => t.name)).toEqual([
      'github_create_pr',
      'slack_post',
      'jira_get_ticket',
    ]);
    expect(plan.searchTool).toBeUndefined();
    expect(plan.sentTokens).toBe(two);
    // the same budget with a catalog sends fewer: search_tools takes its share
    expect(
      planToolBudget(tools, { budgetTokens: two, tokenCounter: counter }).sent.length,
    ).toBeLessThan(2);
    expect(
      planToolBudget(tools, { budgetTokens: 0, tokenCounter: counter, catalog: false }).sent,
    ).toEqual([]);
  });
});
