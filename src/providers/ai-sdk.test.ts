import { describe, expect, it } from 'vitest';
import { importAnthropic } from '../history/index.js';
import { estimateCounter } from '../tokens/index.js';
import { toAiSdkCallOptions, toAiSdkPayload } from './ai-sdk.js';
import { toAnthropicRequest } from './anthropic.js';
import { requestToBlocks } from './blocks.js';

const big = (label: string, tokens: number) => `${label} ${'word '.repeat(tokens)}`.trim();
const tools = [
  { name: 'write', description: 'Write a file', inputSchema: { type: 'object' as const } },
  { name: 'read', description: 'Read a file', inputSchema: { type: 'object' as const } },
];
const history = importAnthropic([{ role: 'user', content: big('task', 50) }]).history;
const prompt = { static: big('static', 1500), dynamic: big('dynamic', 300) };

describe('toAiSdkPayload: the one breakpoint planner', () => {
  it('marks the last tool, both tiers and the latest message, and returns the decisions', () => {
    const { options, breakpoints } = toAiSdkPayload({
      prompt,
      tools,
      history,
      tokenCounter: estimateCounter,
      minCacheableTokens: 10,
    });
    expect(Object.keys(options.tools ?? {})).toEqual(['read', 'write']);
    expect(options.tools?.write?.providerOptions).toEqual({
      anthropic: { cacheControl: { type: 'ephemeral', ttl: '1h' } },
    });
    expect(options.tools?.read?.providerOptions).toBeUndefined();
    expect(options.system.map((s) => s.providerOptions?.anthropic?.cacheControl)).toEqual([
      { type: 'ephemeral', ttl: '1h' },
      { type: 'ephemeral' },
    ]);
    expect(options.messages.at(-1)?.providerOptions).toEqual({
      anthropic: { cacheControl: { type: 'ephemeral' } },
    });
    expect(breakpoints.map((b) => [b.slot, b.placed, b.ttl])).toEqual([
      ['tools', true, '1h'],
      ['static', true, '1h'],
      ['dynamic', true, '5m'],
      ['latest-message', true, '5m'],
    ]);
    // the same slots as the Anthropic builder decides for the same input
    const anthropic = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 100,
      prompt,
      tools,
      history,
      tokenCounter: estimateCounter,
      minCacheableTokens: 10,
    });
    expect(breakpoints.map((b) => b.placed)).toEqual(anthropic.breakpoints.map((b) => b.placed));
    // and the cache view reads the tool marker
    expect(requestToBlocks('ai-sdk', options).map((b) => b.breakpoint)).toEqual([
      undefined,
      '1h',
      '1h',
      '5m',
      '5m',
    ]);
  });

  it("places no marker on a prefix below the model's minimum (Haiku 4.5: 4096)", () => {
    const { options, breakpoints } = toAiSdkPayload({
      prompt: { static: big('static', 200), dynamic: big('dynamic', 100) },
      tools,
      history,
      model: 'anthropic/claude-haiku-4-5',
      tokenCounter: estimateCounter,
    });
    expect(JSON.stringify(options)).not.toMatch(/cacheControl/);
    expect(breakpoints.every((b) => !b.placed)).toBe(true);
    expect(breakpoints[1]?.note).toMatch(/below the model's minimum of 4096/);
  });

  it('anthropicCache: false places nothing; toAiSdkCallOptions is the payload without the decisions', () => {
    const off = toAiSdkPayload({ prompt, tools, history, anthropicCache: false });
    expect(JSON.stringify(off.options)).not.toMatch(/cacheControl/);
    expect(off.breakpoints.every((b) => !b.placed && b.note === 'empty')).toBe(true);
    expect(toAiSdkCallOptions({ prompt, tools, history })).toEqual(
      toAiSdkPayload({ prompt, tools, history }).options,
    );
  });

  it('context edits and OpenAI retention travel as call-level provider options', () => {
    const { options } = toAiSdkPayload({
      prompt,
      history,
      contextEdits: [
        { type: 'clear-tool-uses', trigger: { inputTokens: 30_000 }, keepToolUses: 2 },
        { type: 'compact', triggerTokens: 100_000 },
      ],
      promptCacheRetention: '24h',
    });
    expect(options.providerOptions).toEqual({
      openai: { promptCacheKey: expect.stringMatching(/^ctxloom-/), promptCacheRetention: '24h' },
      anthropic: {
        contextManagement: {
          edits: [
            {
              type: 'clear_tool_uses_20250919',
              trigger: { type: 'input_tokens', value: 30_000 },
              keep: { type: 'tool_uses', value: 2 },
            },
            { type: 'compact_20260112', trigger: { type: 'input_tokens', value: 100_000 } },
          ],
        },
      },
    });
  });
});
