import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { compactHistory } from './compact.js';
import type { History, Message } from './message.js';
import { historyTokens } from './token-count.js';

const counter = estimateCounter;

/** Every step adds an edited path, a task id, an error line and a hash (as bench/_util.mjs). */
function growth(steps: number): History {
  const h: Message[] = [
    { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Fix the build; it must pass CI.' }] },
  ];
  for (let i = 0; i < steps; i++) {
    const path = `src/mod${i}/file${i}.ts`;
    h.push({
      id: `a${i}`,
      role: 'assistant',
      parts: [
        { type: 'text', text: `Step ${i}: done editing ${path} for TASK-${i}` },
        {
          type: 'tool-call',
          id: `c${i}`,
          name: 'edit_file',
          input: { path, command: `npm test -- ${i}` },
        },
      ],
    });
    h.push({
      id: `t${i}`,
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: `c${i}`,
          content: `ok ${i}\nError: case ${i} failed at ${path}:3:4\ncommit ${(0xabc0000 + i).toString(16)}`,
        },
      ],
    });
  }
  return h;
}

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
 * CPU time of a compaction at 8x the steps over the time at `steps`: linear ~8 (6-9 measured); a
 * per-fact search of the output (a quadratic fact report) measured 23.
 */
async function ratio(steps: number): Promise<number> {
  const small = growth(steps);
  const large = growth(steps * 8);
  // warm up (JIT), then the best of three each; compactHistory is async but does no I/O here
  const time = async (h: History): Promise<number> => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const t0 = process.cpuUsage();
      await compactOnce(h);
      const d = process.cpuUsage(t0);
      best = Math.min(best, (d.user + d.system) / 1000);
    }
    return best;
  };
  await compactOnce(small);
  return (await time(large)) / Math.max(await time(small), 1);
}

describe('compaction grows linearly in the history', () => {
  it('8x the steps (every step adds four facts) costs under 16x the CPU time', async () => {
    const r = await ratio(400);
    if (process.env.CTXLOOM_PRINT_RATIO) console.log('compaction growth ratio', r);
    expect(r).toBeLessThan(16);
  }, 60_000);
});
