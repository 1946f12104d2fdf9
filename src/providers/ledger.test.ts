import { describe, expect, it } from 'vitest';
import { importAnthropic, readArtifactTool } from '../history/index.js';
import { createPresetRegistry, createPromptContext } from '../prompt/index.js';
import { INVOKE_SKILL_TOOL } from '../skills/index.js';
import { toAnthropicRequest } from './anthropic.js';
import { requestToBlocks } from './blocks.js';
import { CACHE_PRICES, CacheLedger, cachePricingFor } from './ledger.js';
import { simulateCache } from './simulate.js';
import { normalizeUsage, simulatedUsage } from './usage.js';

describe('CacheLedger pricing per TTL', () => {
  it('turn 1 of the default layout (tools and static tier 1h, the rest 5m) reports the true cost', () => {
    const prompt = createPresetRegistry().build(
      createPromptContext({
        model: 'claude-sonnet-4-6',
        tools: ['invoke_skill', 'read_artifact'],
        memory: '- Money is integer cents; round half to even once, at the end.\n'.repeat(40),
        cwd: '/repo',
        now: '2026-01-05T09:00:00Z',
      }),
    );
    const { request, breakpoints } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 1024,
      prompt,
      tools: [readArtifactTool, INVOKE_SKILL_TOOL],
      history: importAnthropic([{ role: 'user', content: 'Fix the rounding bug.' }]).history,
    });
    expect(breakpoints.filter((b) => b.placed).map((b) => `${b.slot}:${b.ttl}`)).toEqual([
      'static:1h',
      'dynamic:5m',
      'latest-message:5m',
    ]);
    const [turn] = simulateCache([{ blocks: requestToBlocks('anthropic', request) }], {
      kind: 'anthropic',
      minTokens: 1024,
    }).turns;
    if (turn === undefined) throw new Error('no turn');
    expect(turn.cacheWrite1h).toBeGreaterThan(1000);
    expect(turn.cacheWrite).toBeGreaterThan(turn.cacheWrite1h);
    // the usage Anthropic reports for that request
    const usage = normalizeUsage('anthropic', {
      input_tokens: turn.uncached,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: turn.cacheWrite,
      cache_creation: {
        ephemeral_5m_input_tokens: turn.cacheWrite - turn.cacheWrite1h,
        ephemeral_1h_input_tokens: turn.cacheWrite1h,
      },
      output_tokens: 20,
    });
    const reported = new CacheLedger({ model: 'claude-sonnet-4-6' });
    reported.record(usage);
    const predicted = new CacheLedger({ model: 'claude-sonnet-4-6' });
    predicted.record(simulatedUsage(turn));
    const trueCost =
      (turn.uncached + 1.25 * (turn.cacheWrite - turn.cacheWrite1h) + 2 * turn.cacheWrite1h) /
      turn.inputTokens;
    const flat = (turn.uncached + 1.25 * turn.cacheWrite) / turn.inputTokens;
    console.log(
      `turn 1: ${turn.inputTokens} tokens, ${turn.cacheWrite1h} written 1h, ${turn.cacheWrite - turn.cacheWrite1h} written 5m: true relative cost ${trueCost.toFixed(3)}, every write at 1.25x ${flat.toFixed(3)}`,
    );
    expect(reported.totals().relativeInputCost).toBeCloseTo(trueCost, 10);
    expect(predicted.totals().relativeInputCost).toBeCloseTo(trueCost, 10);
    expect(trueCost - flat).toBeGreaterThan(0.2);
  });

  it('prices by model family, and a caller table or explicit pricing overrides it', () => {
    expect(cachePricingFor('claude-opus-4-5')).toEqual({ read: 0.1, write5m: 1.25, write1h: 2 });
    expect(cachePricingFor('gpt-4.1-mini').read).toBe(0.25);
    expect(cachePricingFor('gpt-4o').read).toBe(0.5);
    expect(cachePricingFor('gpt-5.1-codex').read).toBe(0.1);
    expect(cachePricingFor('o4-mini').read).toBe(0.25);
    const mine = { read: 0.2, write5m: 1.1, write1h: 1.5 };
    const table = [{ family: 'local', pattern: /^qwen/, pricing: mine }, ...CACHE_PRICES];
    expect(new CacheLedger({ model: 'qwen3-coder', priceTable: table }).pricing).toBe(mine);
    expect(new CacheLedger({ model: 'gpt-5', pricing: mine }).pricing).toBe(mine);
    const openai = new CacheLedger({ model: 'gpt-4.1' });
    openai.record(
      normalizeUsage('openai', {
        prompt_tokens: 2000,
        prompt_tokens_details: { cached_tokens: 1000 },
      }),
    );
    expect(openai.totals().relativeInputCost).toBeCloseTo((1000 + 1000 * 0.25) / 2000, 10);
  });

  it('refuses a TTL split larger than the total', () => {
    expect(() =>
      normalizeUsage('anthropic', {
        input_tokens: 1,
        cache_creation_input_tokens: 10,
        cache_creation: { ephemeral_5m_input_tokens: 8, ephemeral_1h_input_tokens: 8 },
      }),
    ).toThrow(expect.objectContaining({ code: 'E_USAGE_INVALID' }));
  });
});
