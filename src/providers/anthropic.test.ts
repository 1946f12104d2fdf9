import { describe, expect, it } from 'vitest';
import { importAnthropic } from '../history/index.js';
import { estimateCounter } from '../tokens/index.js';
import { type AnthropicMessage, toAnthropicRequest } from './anthropic.js';
import { planBreakpoints } from './breakpoints.js';

const big = (label: string, tokens: number) => `${label} ${'word '.repeat(tokens)}`.trim();
const tools = [
  { name: 'write', description: 'Write a file', inputSchema: { type: 'object' as const } },
  { name: 'read', description: 'Read a file', inputSchema: { type: 'object' as const } },
];
/** Anthropic-shaped messages as the neutral history. */
const h = (messages: readonly unknown[]) => importAnthropic(messages).history;

describe('toAnthropicRequest', () => {
  it('puts the static then the dynamic block in system, tools sorted, with breakpoints at the tier boundary', () => {
    const messages: AnthropicMessage[] = [{ role: 'user', content: big('task', 50) }];
    const { request, breakpoints } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 2000,
      prompt: { static: big('static', 1500), dynamic: big('dynamic', 300) },
      tools,
      history: h(messages),
      tokenCounter: estimateCounter,
      minCacheableTokens: 10,
    });
    expect(request.tools?.map((t) => t.name)).toEqual(['read', 'write']);
    expect(request.tools?.[1]?.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(request.system[0]?.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(request.system[1]?.cache_control).toEqual({ type: 'ephemeral' });
    const last = request.messages[0]?.content;
    expect(Array.isArray(last) && last[0]?.type === 'text' && last[0].cache_control).toEqual({
      type: 'ephemeral',
    });
    expect(breakpoints.filter((b) => b.placed)).toHaveLength(4);
    expect(messages[0]?.content).toBe(big('task', 50)); // the caller's history is not mutated
  });

  it('places no breakpoint on a prefix below the model minimum', () => {
    const { request, breakpoints } = toAnthropicRequest({
      model: 'claude-haiku-4-5',
      maxTokens: 10,
      prompt: { static: big('static', 200), dynamic: big('dynamic', 100) },
      tokenCounter: estimateCounter,
    });
    expect(request.system.every((b) => b.cache_control === undefined)).toBe(true);
    expect(breakpoints.find((b) => b.slot === 'static')?.note).toMatch(
      /below the model's minimum of 4096/,
    );
  });

  it('skips thinking blocks when placing the sliding breakpoint and drops stale history breakpoints', () => {
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 10,
      prompt: { static: big('s', 10), dynamic: null },
      minCacheableTokens: 1,
      history: h([
        {
          role: 'user',
          content: [{ type: 'text', text: 'old', cache_control: { type: 'ephemeral' } }],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'answer' },
            { type: 'thinking', thinking: 'hmm', signature: 'sig' },
          ],
        },
      ]),
    });
    const first = request.messages[0]?.content;
    expect(Array.isArray(first) && 'cache_control' in (first[0] ?? {})).toBe(false);
    const lastContent = request.messages[1]?.content;
    expect(
      Array.isArray(lastContent) && lastContent[0]?.type === 'text' && lastContent[0].cache_control,
    ).toEqual({ type: 'ephemeral' });
  });

  it('never places more than 4 breakpoints in all, whatever the history held', () => {
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 10,
      prompt: { static: 'a', dynamic: 'b' },
      tools,
      minCacheableTokens: 0,
      history: h(
        Array.from({ length: 6 }, (_, i) => ({
          role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
          content: [
            { type: 'text' as const, text: `m${i}`, cache_control: { type: 'ephemeral' as const } },
            // a block kind the history keeps opaque, its cache_control inside it
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: 'd' },
              cache_control: { type: 'ephemeral' },
            },
          ],
        })),
      ),
    });
    const count = JSON.stringify(request).match(/"cache_control"/g)?.length ?? 0;
    expect(count).toBe(4);
  });

  it('refuses a missing model or a bad maxTokens with a typed error', () => {
    expect(() =>
      toAnthropicRequest({ model: '', maxTokens: 1, prompt: { static: '', dynamic: null } }),
    ).toThrow(/model is required/);
    expect(() =>
      toAnthropicRequest({ model: 'm', maxTokens: 0, prompt: { static: '', dynamic: null } }),
    ).toThrow(/maxTokens/);
  });
});

describe('planBreakpoints', () => {
  it('keeps TTLs non-increasing along the prefix', () => {
    const d = planBreakpoints(
      [
        { slot: 'tools', prefixTokens: 2000, present: true, ttl: '5m' },
        { slot: 'static', prefixTokens: 3000, present: true, ttl: '1h' },
      ],
      1024,
    );
    expect(d[1]).toMatchObject({ placed: true, ttl: '5m' });
    expect(d[1]?.note).toMatch(/1h breakpoint may not follow a 5m one/);
  });

  it('does not spend a breakpoint on a slot whose prefix equals the next one', () => {
    const d = planBreakpoints(
      [
        { slot: 'static', prefixTokens: 2000, present: true, ttl: '1h' },
        { slot: 'dynamic', prefixTokens: 2000, present: true, ttl: '5m' },
      ],
      1024,
    );
    expect(d.map((x) => x.placed)).toEqual([false, true]);
  });
});
