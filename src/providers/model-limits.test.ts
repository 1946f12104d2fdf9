import { describe, expect, it } from 'vitest';
import { minCacheableTokens } from './model-limits.js';

describe('minCacheableTokens', () => {
  it('gives the documented minimum per current model id, overridable', () => {
    expect(
      [
        'claude-sonnet-4-6',
        'anthropic/claude-sonnet-4-6',
        'claude-sonnet-4-5-20250929',
        'claude-opus-4-6',
        'claude-opus-4-5-20251101',
        'claude-opus-4-7',
        'claude-opus-4-8',
        'claude-opus-5',
        'claude-sonnet-5',
        'claude-haiku-4-5',
        'claude-3-5-haiku-20241022',
        'some-local-model',
      ].map((m) => minCacheableTokens(m)),
    ).toEqual([1024, 1024, 1024, 4096, 4096, 2048, 1024, 512, 1024, 4096, 2048, 1024]);
    expect(minCacheableTokens('claude-sonnet-4-6', { 'claude-sonnet-4-6': 2048 })).toBe(2048);
  });
});
