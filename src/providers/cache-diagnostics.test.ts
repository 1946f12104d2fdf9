import { describe, expect, it } from 'vitest';
import { requestToBlocks } from './blocks.js';
import {
  predictedCacheMiss,
  readCacheDiagnostics,
  readClearedContext,
} from './cache-diagnostics.js';
import { explainCacheMiss } from './explain.js';
import { CacheLedger } from './ledger.js';
import { normalizeUsage } from './usage.js';

const body = (system: string, user: string) => ({
  system: [{ type: 'text', text: system }],
  messages: [{ role: 'user', content: user }],
});

describe('provider cache diagnostics next to the prediction', () => {
  it('reads Anthropic cache_miss_reason and OpenAI prompt_cache_diagnostics into one shape', () => {
    expect(
      readCacheDiagnostics('anthropic', {
        diagnostics: {
          cache_miss_reason: { type: 'system_changed', cache_missed_input_tokens: 4200 },
        },
      }),
    ).toEqual({
      source: 'anthropic',
      status: 'miss',
      cause: 'system',
      reason: 'system_changed',
      missedTokens: 4200,
    });
    expect(readCacheDiagnostics('anthropic', { diagnostics: { cache_miss_reason: null } })).toEqual(
      { source: 'anthropic', status: 'pending' },
    );
    expect(readCacheDiagnostics('anthropic', { id: 'msg' })).toBeUndefined();
    expect(
      readCacheDiagnostics('openai', {
        prompt_cache_diagnostics: {
          type: 'cache_miss',
          reason: 'input_changed',
          cache_missed_tokens: 900,
        },
      }),
    ).toMatchObject({ status: 'miss', cause: 'messages', missedTokens: 900 });
    expect(
      readCacheDiagnostics('openai', { prompt_cache_diagnostics: { type: 'cache_hit' } }),
    ).toEqual({ source: 'openai', status: 'hit' });
    expect(() =>
      readCacheDiagnostics('anthropic', {
        diagnostics: {
          cache_miss_reason: { type: 'tools_changed', cache_missed_input_tokens: -1 },
        },
      }),
    ).toThrow(expect.objectContaining({ code: 'E_USAGE_INVALID' }));
  });

  it('the ledger shows predicted vs reported misses side by side, and what context editing cleared', () => {
    const a = { blocks: requestToBlocks('anthropic', body('You are terse. Date: Monday', 'hi')) };
    const b = { blocks: requestToBlocks('anthropic', body('You are terse. Date: Tuesday', 'hi')) };
    const predicted = predictedCacheMiss(explainCacheMiss(a, b));
    expect(predicted).toMatchObject({ source: 'ctxloom', status: 'miss', cause: 'system' });
    expect(predictedCacheMiss(explainCacheMiss(a, a))).toEqual({
      source: 'ctxloom',
      status: 'hit',
    });
    const response = {
      usage: { input_tokens: 30, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      diagnostics: { cache_miss_reason: { type: 'system_changed', cache_missed_input_tokens: 12 } },
      context_management: {
        applied_edits: [
          { type: 'clear_tool_uses_20250919', cleared_tool_uses: 4, cleared_input_tokens: 8000 },
          { type: 'clear_thinking_20251015', cleared_thinking_turns: 2, cleared_input_tokens: 500 },
        ],
      },
    };
    const ledger = new CacheLedger({ model: 'claude-sonnet-4-6' });
    ledger.record(normalizeUsage('anthropic', response.usage), 'turn 2', {
      predictedMiss: predicted,
      reportedMiss: readCacheDiagnostics('anthropic', response),
      cleared: readClearedContext(response),
    });
    expect(ledger.misses()).toEqual([
      expect.objectContaining({
        turn: 1,
        agree: true,
        reported: expect.objectContaining({ missedTokens: 12 }),
      }),
    ]);
    expect(ledger.totals().clearedInputTokens).toBe(8500);
    expect(ledger.format()).toMatch(/predicted miss:system:\d+ \/ reported miss:system:12/);
    // a disagreement is visible as such
    const other = new CacheLedger();
    other.record(normalizeUsage('anthropic', response.usage), undefined, {
      predictedMiss: predictedCacheMiss(explainCacheMiss(a, a)),
      reportedMiss: readCacheDiagnostics('anthropic', response),
    });
    expect(other.misses()[0]?.agree).toBe(false);
  });

  it('counts compaction iterations (left out of the top-level usage) in the ledger', () => {
    const usage = normalizeUsage('anthropic', {
      input_tokens: 23_000,
      output_tokens: 1_000,
      iterations: [
        {
          type: 'compaction',
          input_tokens: 80_000,
          output_tokens: 3_500,
          cache_read_input_tokens: 100_000,
          cache_creation_input_tokens: 0,
        },
        {
          type: 'message',
          input_tokens: 23_000,
          output_tokens: 1_000,
          cache_read_input_tokens: 0,
          cache_creation_input_tokens: 0,
        },
      ],
    });
    expect(usage.inputTotal).toBe(23_000);
    expect(usage.compaction).toMatchObject({ iterations: 1, inputTotal: 180_000, output: 3_500 });
    const ledger = new CacheLedger({ model: 'claude-opus-4-6' });
    ledger.record(usage);
    expect(ledger.totals()).toMatchObject({ compactionInput: 180_000, compactionOutput: 3_500 });
    // 23 000 + 80 000 uncached, 100 000 read at 0.1x, over 203 000 billed input tokens
    expect(ledger.totals().relativeInputCost).toBeCloseTo((23_000 + 80_000 + 10_000) / 203_000, 10);
  });
});
