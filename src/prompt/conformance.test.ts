import { describe, expect, it } from 'vitest';
import { CONFORMANCE_PROVIDERS, firstDifference, parseConformanceInput } from './conformance.js';

const base = { format: 1, preset: 'default', mode: 'full', context: {} };
const request = (extra: Record<string, unknown>) => ({
  ...base,
  request: { provider: 'ai-sdk', model: 'claude-sonnet-4-6', maxTokens: 1, messages: [], ...extra },
});

describe('parseConformanceInput', () => {
  it('takes a request for every provider, Responses and the AI SDK included', () => {
    expect(CONFORMANCE_PROVIDERS).toEqual([
      'anthropic',
      'openai-chat',
      'openai-responses',
      'ai-sdk',
    ]);
    for (const provider of CONFORMANCE_PROVIDERS)
      expect(parseConformanceInput(request({ provider })).request?.provider).toBe(provider);
  });

  it('refuses an unknown provider with E_CONFORMANCE_INPUT naming the four', () => {
    expect(() => parseConformanceInput(request({ provider: 'gemini' }))).toThrow(
      /"openai-responses" \| "ai-sdk"/,
    );
    expect(() => parseConformanceInput(request({ provider: 'gemini' }))).toThrow(
      expect.objectContaining({ code: 'E_CONFORMANCE_INPUT' }),
    );
  });

  it('keeps request tools as given and refuses a malformed one', () => {
    const tool = { name: 'bash', description: 'Run.', inputSchema: { type: 'object' } };
    expect(parseConformanceInput(request({ tools: [tool] })).request?.tools).toEqual([tool]);
    expect(parseConformanceInput(request({})).request?.tools).toBeUndefined();
    for (const tools of [
      {},
      [{ name: 'bash', description: 'Run.' }],
      [{ ...tool, inputSchema: { type: 'string' } }],
      [{ ...tool, name: 1 }],
    ])
      expect(() => parseConformanceInput(request({ tools }))).toThrow(/"request\.tools" must be/);
  });
});

describe('firstDifference', () => {
  it('is the first differing byte, the shorter length on a prefix, -1 when equal', () => {
    const b = (s: string) => Buffer.from(s, 'utf8');
    expect(firstDifference(b('abc'), b('abc'))).toBe(-1);
    expect(firstDifference(b('abc'), b('abd'))).toBe(2);
    expect(firstDifference(b('ab'), b('abc'))).toBe(2);
  });
});
