import { describe, expect, it } from 'vitest';
import { createPresetRegistry, createPromptContext } from '../prompt/index.js';
import { estimateCounter } from '../tokens/index.js';
import { buildPayload } from './payload.js';

const prompt = createPresetRegistry().build(
  createPromptContext({
    model: 'claude-sonnet-4-6',
    memory: '- Money is integer cents; round half to even once, at the end.\n'.repeat(60),
    cwd: '/repo',
    now: '2026-01-05T09:00:30Z',
  }),
);

describe('buildPayload', () => {
  it("returns the AI SDK path's breakpoint decisions, as it does for Anthropic", () => {
    const input = {
      model: 'claude-sonnet-4-6',
      maxOutputTokens: 1024,
      prompt,
      history: [{ id: 'u', role: 'user' as const, parts: [{ type: 'text' as const, text: 'go' }] }],
      tools: [],
      tokenCounter: estimateCounter,
    };
    const ai = buildPayload({ ...input, provider: 'ai-sdk' });
    const anthropic = buildPayload({ ...input, provider: 'anthropic' });
    expect(ai.breakpoints.length).toBeGreaterThan(0);
    expect(ai.breakpoints.map((b) => [b.slot, b.placed])).toEqual(
      anthropic.breakpoints.map((b) => [b.slot, b.placed]),
    );
    expect(ai.blocks.filter((b) => b.breakpoint !== undefined).length).toBe(
      ai.breakpoints.filter((b) => b.placed).length,
    );
  });
});
