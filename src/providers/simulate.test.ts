import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import type { CacheBlock, CacheRequest } from './blocks.js';
import { explainCacheMiss } from './explain.js';
import { simulateCache } from './simulate.js';

const words = (label: string, n: number) => `${label}${' word'.repeat(n)}`;
const block = (id: string, text: string, breakpoint?: '5m' | '1h'): CacheBlock =>
  breakpoint ? { id, text, breakpoint } : { id, text };

describe('simulateCache, anthropic rules', () => {
  const staticBlock = block('system[0]', words('static', 2000), '1h');
  it('writes on the first request and reads the static prefix on the next', () => {
    const requests: CacheRequest[] = [
      { blocks: [staticBlock, block('system[1]', 'turn 1', '5m')] },
      { blocks: [staticBlock, block('system[1]', 'turn 2', '5m')] },
    ];
    const sim = simulateCache(requests, { kind: 'anthropic', minTokens: 1024 }, estimateCounter);
    const [first, second] = sim.turns;
    expect(first?.cacheRead).toBe(0);
    expect(first?.cacheWrite).toBe(first?.inputTokens);
    expect(second?.cacheRead).toBe(estimateCounter.count(staticBlock.text));
    expect(second?.cacheWrite).toBe(estimateCounter.count('turn 2'));
  });

  it('expires a 5-minute entry after 5 minutes of no use', () => {
    const b = block('system[0]', words('s', 3000), '5m');
    const sim = simulateCache(
      [
        { blocks: [b], at: 0 },
        { blocks: [b], at: 4 * 60_000 },
        { blocks: [b], at: 10 * 60_000 },
      ],
      { kind: 'anthropic', minTokens: 1024 },
      estimateCounter,
    );
    expect(sim.turns.map((t) => t.cacheRead > 0)).toEqual([false, true, false]);
  });

  it('finds an earlier entry only within the 20-block lookback of a breakpoint', () => {
    const head = block('h', words('head', 2000), '5m');
    const tail = (n: number) => Array.from({ length: n }, (_, i) => block(`m${i}`, `message ${i}`));
    const run = (n: number) => {
      const last = tail(n);
      last[last.length - 1] = { ...(last.at(-1) as CacheBlock), breakpoint: '5m' };
      return simulateCache(
        [{ blocks: [head] }, { blocks: [block('h', head.text), ...last] }],
        { kind: 'anthropic', minTokens: 1024 },
        estimateCounter,
      ).turns[1]?.cacheRead;
    };
    expect(run(19)).toBeGreaterThan(0);
    expect(run(25)).toBe(0);
  });

  it('caches nothing below the minimum length', () => {
    const b = block('s', 'short', '5m');
    const sim = simulateCache(
      [{ blocks: [b] }, { blocks: [b] }],
      { kind: 'anthropic', minTokens: 1024 },
      estimateCounter,
    );
    expect(sim.totals.cacheRead + sim.totals.cacheWrite).toBe(0);
  });
});

describe('simulateCache, openai and kv rules', () => {
  it('openai: from 1024 tokens, in 128-token steps', () => {
    const shared = block('a', words('x', 1500));
    const sim = simulateCache(
      [{ blocks: [shared, block('b', 'one')] }, { blocks: [shared, block('b', 'two')] }],
      { kind: 'openai' },
      estimateCounter,
    );
    const read = sim.turns[1]?.cacheRead ?? 0;
    expect(read).toBeGreaterThanOrEqual(1024);
    expect((read - 1024) % 128).toBe(0);
    expect(read).toBeLessThanOrEqual(estimateCounter.count(shared.text));
  });

  it('kv: whole blocks of the shared prefix', () => {
    const shared = block('a', words('x', 100));
    const sim = simulateCache(
      [{ blocks: [shared] }, { blocks: [shared, block('b', 'more')] }],
      { kind: 'kv', blockSize: 16 },
      estimateCounter,
    );
    expect(sim.turns[1]?.cacheRead).toBe(Math.floor(estimateCounter.count(shared.text) / 16) * 16);
  });
});

describe('explainCacheMiss', () => {
  it('names the section where two requests diverge and the tokens lost', () => {
    const staticText = 'identity\n\nrules';
    const a: CacheRequest = {
      blocks: [
        {
          id: 'system[0]',
          text: staticText,
          spans: [
            { name: 'identity', start: 0, end: 8 },
            { name: 'rules', start: 10, end: 15 },
          ],
        },
        block('system[1]', 'dyn'),
      ],
    };
    const b: CacheRequest = {
      blocks: [
        { ...a.blocks[0], id: 'system[0]', text: 'identity\n\nRULES' } as CacheBlock,
        block('system[1]', 'dyn'),
      ],
    };
    const why = explainCacheMiss(a, b, estimateCounter);
    expect(why).toMatchObject({
      identicalPrefix: false,
      blockIndex: 0,
      blockId: 'system[0]',
      section: 'rules',
      offsetInBlock: 10,
      byteOffset: 10,
    });
    expect(why.lostTokens).toBe(estimateCounter.count('RULES') + estimateCounter.count('dyn'));
  });

  it('reports a pure extension as no miss', () => {
    const a: CacheRequest = { blocks: [block('x', 'a')] };
    const b: CacheRequest = { blocks: [block('x', 'a'), block('y', 'b')] };
    expect(explainCacheMiss(a, b).identicalPrefix).toBe(true);
  });
});
