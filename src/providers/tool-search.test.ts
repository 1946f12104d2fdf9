import { describe, expect, it } from 'vitest';
import { toAnthropicRequest } from './anthropic.js';
import { prompt, tools } from './test-helpers/wire-fixtures.js';
import { applyAnthropicToolSearch, supportsAnthropicToolSearch } from './tool-search.js';

describe('Anthropic tool search', () => {
  it('the models of the compatibility table, with dates and vendor prefixes; older ones not', () => {
    for (const m of [
      'claude-sonnet-4-5-20250929',
      'claude-opus-4-5-20251101',
      'claude-haiku-4-5-20251001',
      'claude-opus-4-6',
      'claude-sonnet-4-6',
      'claude-opus-4-8',
      'claude-opus-5',
      'claude-sonnet-5-5',
      'anthropic.claude-sonnet-4-5-20250929-v1:0',
    ])
      expect(supportsAnthropicToolSearch(m), m).toBe(true);
    for (const m of [
      'claude-sonnet-4-0',
      'claude-opus-4-1',
      'claude-3-5-haiku',
      'claude-sonnet-4-50',
      'gpt-5',
    ])
      expect(supportsAnthropicToolSearch(m), m).toBe(false);
  });

  it('adds the search tool first and the deferred tools last, sorted, without touching the input', () => {
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 100,
      prompt,
      tools,
    });
    const before = JSON.stringify(request);
    const deferred = ['zz_tool', 'aa_tool'].map((name) => ({
      name,
      description: `${name}.`,
      inputSchema: { type: 'object' as const },
    }));
    const out = applyAnthropicToolSearch(request, { variant: 'regex', deferred });
    expect(JSON.stringify(request)).toBe(before);
    expect(out.tools?.map((t) => t.name)).toEqual([
      'tool_search_tool_regex',
      ...(request.tools ?? []).map((t) => t.name),
      'aa_tool',
      'zz_tool',
    ]);
    expect(out.tools?.[0]).toEqual({
      type: 'tool_search_tool_regex_20251119',
      name: 'tool_search_tool_regex',
    });
    expect(out.tools?.at(-1)).toMatchObject({ defer_loading: true });
    expect(applyAnthropicToolSearch(request, { variant: 'bm25', deferred: [] })).toBe(request);
  });
});
