import { describe, expect, it } from 'vitest';
import { importAnthropic, readArtifactTool } from '../history/index.js';
import { createPresetRegistry, createPromptContext } from '../prompt/index.js';
import { INVOKE_SKILL_TOOL } from '../skills/index.js';
import { toAnthropicRequest } from './anthropic.js';
import { requestToBlocks } from './blocks.js';
import { cacheExpiries, keepWarmCost, keepWarmRequest } from './keep-warm.js';
import { CacheLedger } from './ledger.js';
import { simulateCache } from './simulate.js';
import { normalizeUsage } from './usage.js';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const prompt = createPresetRegistry().build(
  createPromptContext({
    model: 'claude-sonnet-4-6',
    tools: ['invoke_skill', 'read_artifact'],
    memory: '- Money is integer cents; round half to even once, at the end.\n'.repeat(40),
    cwd: '/repo',
    now: new Date(T0),
  }),
);
const payload = toAnthropicRequest({
  model: 'claude-sonnet-4-6',
  maxTokens: 4096,
  prompt,
  tools: [readArtifactTool, INVOKE_SKILL_TOOL],
  history: importAnthropic([{ role: 'user', content: 'Fix the rounding bug in invoices.' }])
    .history,
});

describe('keep-warm', () => {
  it('says when each entry expires, soonest first', () => {
    const e = cacheExpiries(payload.breakpoints, T0);
    expect(e.map((x) => [x.slot, (x.expiresAt - T0) / 60_000])).toEqual([
      ['dynamic', 5],
      ['latest-message', 5],
      ['static', 60],
    ]);
  });

  it('the refresh request keeps the prefix up to the last breakpoint, drops the clock, max_tokens 1', () => {
    const ping = keepWarmRequest(payload.request);
    expect(ping.max_tokens).toBe(1);
    expect(ping.system).toEqual(payload.request.system);
    const last = ping.messages.at(-1)?.content;
    expect(Array.isArray(last) && last.map((b) => b.type)).toEqual(['text']);
    expect(JSON.stringify(ping)).not.toMatch(/Current date and time/);
    // simulated: a ping 4.5 min later reads the whole prefix and keeps it alive for the next turn
    const blocks = (r: unknown) => requestToBlocks('anthropic', r);
    const rules = { kind: 'anthropic' as const, minTokens: 1024 };
    const warm = simulateCache(
      [
        { blocks: blocks(payload.request), at: T0 },
        { blocks: blocks(ping), at: T0 + 4.5 * 60_000 },
        { blocks: blocks(payload.request), at: T0 + 9 * 60_000 },
      ],
      rules,
    ).turns;
    const cold = simulateCache(
      [
        { blocks: blocks(payload.request), at: T0 },
        { blocks: blocks(payload.request), at: T0 + 9 * 60_000 },
      ],
      rules,
    ).turns;
    expect(warm[1]?.uncached).toBe(0);
    expect(warm[2]?.cacheRead).toBe(warm[1]?.inputTokens);
    expect(cold[1]?.cacheRead).toBeLessThan(warm[2]?.cacheRead ?? 0);
    // no breakpoint in the messages: tools + system and a stand-in user message
    const bare = keepWarmRequest({
      ...payload.request,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(bare.messages).toEqual([{ role: 'user', content: '.' }]);
  });

  it('the cost model: pings pay up to the break-even gap, not beyond', () => {
    const at = (idleMinutes: number, ttl: '5m' | '1h') =>
      keepWarmCost({ prefixTokens: 20_000, idleMinutes, ttl });
    expect(at(4, '5m')).toMatchObject({ pings: 0, pays: true, warmCost: 2_000, coldCost: 25_000 });
    const v = at(30, '5m');
    expect(v.pings).toBe(Math.ceil(25 / 4.5));
    expect(v.warmCost).toBeCloseTo(6 * (2_000 + 5) + 2_000, 10);
    expect(v.pays).toBe(true);
    expect(at(30, '5m').breakEvenMinutes).toBeCloseTo(54.5, 10);
    expect(at(54.5, '5m').pays).toBe(true);
    expect(at(55, '5m').pays).toBe(false);
    expect(at(120, '1h')).toMatchObject({ pings: 2, pays: true, coldCost: 40_000 });
    // from the ledger: the last turn's cached prefix and the ledger's prices
    const ledger = new CacheLedger({ model: 'claude-sonnet-4-6' });
    ledger.record(
      normalizeUsage('anthropic', {
        input_tokens: 10,
        cache_read_input_tokens: 15_000,
        cache_creation_input_tokens: 5_000,
      }),
    );
    expect(keepWarmCost({ ledger, idleMinutes: 30, ttl: '5m' })).toEqual(v);
    expect(() => keepWarmCost({ prefixTokens: 1, idleMinutes: -1, ttl: '5m' })).toThrow(
      expect.objectContaining({ code: 'E_PAYLOAD_INVALID' }),
    );
  });
});
