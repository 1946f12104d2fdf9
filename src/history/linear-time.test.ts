import { describe, expect, it } from 'vitest';
import { growthHistory as growth } from '../../bench/_util.mjs';
import { cpuMsAsync } from '../_internal/test-helpers/cpu-time.js';
import { estimateCounter } from '../tokens/index.js';
import { compactHistory } from './compact.js';
import type { History } from './message.js';
import { historyTokens } from './token-count.js';

const counter = estimateCounter;

/**
 * One compaction of a growth history with the window scaled to it (92% full, target 50%): the
 * ledger, the summary and the output all grow with the history, so a fact search over the
 * output per fact, or a sort or scan per fact, shows as a ratio far over 8.
 */
async function compactOnce(h: History): Promise<void> {
  const window = Math.ceil(historyTokens(h, counter) / 0.92);
  const r = await compactHistory(structuredClone(h) as History, {
    budget: { window, target: 0.5, soft: 0.75, hard: 0.92 },
    tokenCounter: counter,
  });
  expect(r.status).toBe('compacted');
  expect(r.factsSurvived).toBe(true);
}

/**
 * CPU time of a compaction at 8x the steps over the time at `steps` (best of five each): linear ~8 (6-9 measured); a
 * per-fact search of the output (a quadratic fact report) measured 23.
 */
async function ratio(steps: number): Promise<number> {
  const small = growth(steps);
  const large = growth(steps * 8);
  // warm up (JIT), then the best of five each, the sizes alternated so both see the same load
  // (a parallel test run once pushed the back-to-back ratio to 16.4); no I/O in compactHistory
  await compactOnce(small);
  let a = Number.POSITIVE_INFINITY;
  let b = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    a = Math.min(a, await cpuMsAsync(() => compactOnce(small), 1));
    b = Math.min(b, await cpuMsAsync(() => compactOnce(large), 1));
  }
  return b / Math.max(a, 1);
}

describe('compaction grows linearly in the history', () => {
  it('8x the steps (every step adds four facts) costs under 16x the CPU time', async () => {
    const r = await ratio(400);
    if (process.env.CTXLOOM_PRINT_RATIO) console.log('compaction growth ratio', r);
    expect(r).toBeLessThan(16);
  }, 60_000);
});
