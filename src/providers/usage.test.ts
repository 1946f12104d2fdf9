import { describe, expect, it } from 'vitest';
import { CacheLedger } from './ledger.js';
import { normalizeUsage } from './usage.js';

describe('normalizeUsage', () => {
  it('reads Anthropic usage (input_tokens is only the part after the last breakpoint)', () => {
    const u = normalizeUsage('anthropic', {
      input_tokens: 50,
      cache_read_input_tokens: 900,
      cache_creation_input_tokens: 50,
      output_tokens: 7,
    });
    expect(u).toMatchObject({
      inputTotal: 1000,
      inputUncached: 50,
      cacheRead: 900,
      cacheWrite: 50,
      output: 7,
      hitRatio: 0.9,
    });
  });

  it('treats null cache fields (as the SDK types allow) as zero', () => {
    const u = normalizeUsage('anthropic', {
      input_tokens: 10,
      cache_read_input_tokens: null,
      cache_creation_input_tokens: null,
      output_tokens: 1,
    });
    expect(u.inputTotal).toBe(10);
  });

  it('reads OpenAI Chat Completions and Responses usage (totals include the cached part)', () => {
    const chat = normalizeUsage('openai', {
      prompt_tokens: 2048,
      completion_tokens: 10,
      prompt_tokens_details: { cached_tokens: 1920 },
    });
    expect(chat).toMatchObject({
      inputTotal: 2048,
      inputUncached: 128,
      cacheRead: 1920,
      cacheWrite: 0,
      output: 10,
    });
    const responses = normalizeUsage('openai', {
      input_tokens: 3000,
      output_tokens: 5,
      input_tokens_details: { cached_tokens: 1024 },
    });
    expect(responses).toMatchObject({ inputTotal: 3000, cacheRead: 1024, output: 5 });
  });

  it('reads AI SDK v6 and v5 usage', () => {
    const v6 = normalizeUsage('ai-sdk', {
      inputTokens: 1000,
      inputTokenDetails: { noCacheTokens: 100, cacheReadTokens: 800, cacheWriteTokens: 100 },
      outputTokens: 3,
      outputTokenDetails: { textTokens: 3, reasoningTokens: 0 },
      totalTokens: 1003,
    });
    expect(v6).toMatchObject({
      inputTotal: 1000,
      inputUncached: 100,
      cacheRead: 800,
      cacheWrite: 100,
    });
    const v5 = normalizeUsage('ai-sdk', {
      inputTokens: 1000,
      outputTokens: 3,
      totalTokens: 1003,
      cachedInputTokens: 600,
    });
    expect(v5).toMatchObject({ inputTotal: 1000, inputUncached: 400, cacheRead: 600 });
  });

  it('keeps the raw object and refuses nonsense with a typed error', () => {
    const raw = { input_tokens: 1 };
    expect(normalizeUsage('anthropic', raw).raw).toBe(raw);
    expect(() => normalizeUsage('anthropic', null)).toThrow(/usage must be an object/);
    expect(() => normalizeUsage('anthropic', { output_tokens: 1 })).toThrow(/no input_tokens/);
    expect(() => normalizeUsage('openai', { prompt_tokens: -1 })).toThrow(/non-negative/);
    expect(() =>
      normalizeUsage('openai', { prompt_tokens: 5, prompt_tokens_details: { cached_tokens: 9 } }),
    ).toThrow(/exceed/);
  });
});

describe('CacheLedger', () => {
  it('accumulates turns and prices input with read 0.1x and write 1.25x', () => {
    const ledger = new CacheLedger();
    ledger.record(
      normalizeUsage('anthropic', {
        input_tokens: 0,
        cache_creation_input_tokens: 1000,
        output_tokens: 1,
      }),
      'cold',
    );
    ledger.record(
      normalizeUsage('anthropic', {
        input_tokens: 0,
        cache_read_input_tokens: 1000,
        output_tokens: 1,
      }),
      'warm',
    );
    const t = ledger.totals();
    expect(t).toMatchObject({
      turns: 2,
      inputTotal: 2000,
      cacheRead: 1000,
      cacheWrite: 1000,
      hitRatio: 0.5,
    });
    expect(t.relativeInputCost).toBeCloseTo((1000 * 1.25 + 1000 * 0.1) / 2000, 10);
    expect(ledger.format()).toMatch(
      /total\s+2000\s+1000\s+1000\s+0\s+50\.0%\s+relative input cost 0\.675/,
    );
  });
});
