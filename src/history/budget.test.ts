import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { planCompaction, resolveBudget } from './budget.js';
import type { Message } from './message.js';
import { historyTokens } from './token-count.js';

const counter = estimateCounter;
const text = (id: string, role: 'user' | 'assistant', n: number): Message => ({
  id,
  role,
  parts: [{ type: 'text', text: 'abcd'.repeat(n) }],
});
const loop: Message[] = [
  text('u', 'user', 100),
  {
    id: 'a',
    role: 'assistant',
    parts: [{ type: 'tool-call', id: 'c', name: 'bash', input: { command: 'ls' } }],
  },
  { id: 't', role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c', content: 'x' }] },
];

describe('planCompaction', () => {
  it('compacts at the soft threshold only at a natural boundary', () => {
    const ended = [...loop, text('r', 'assistant', 10)];
    const used = historyTokens(ended, counter);
    const window = Math.ceil(used / 0.8);
    expect(planCompaction(ended, { window }, { tokenCounter: counter })).toMatchObject({
      compact: true,
      reason: 'soft-at-boundary',
      boundary: 'turn-end',
    });
    const used2 = historyTokens(loop, counter);
    const w2 = Math.ceil(used2 / 0.8);
    expect(planCompaction(loop, { window: w2 }, { tokenCounter: counter })).toMatchObject({
      compact: false,
      reason: 'soft-in-tool-loop',
      boundary: 'tool-loop',
    });
    expect(
      planCompaction(loop, { window: w2 }, { tokenCounter: counter, planStepEnded: true }),
    ).toMatchObject({
      compact: true,
      boundary: 'plan-step',
    });
  });

  it('compacts at the hard threshold even inside a tool loop, and not below soft', () => {
    const used = historyTokens(loop, counter);
    expect(planCompaction(loop, { window: used }, { tokenCounter: counter })).toMatchObject({
      compact: true,
      reason: 'hard-threshold',
    });
    expect(planCompaction(loop, { window: used * 10 }, { tokenCounter: counter })).toMatchObject({
      compact: false,
      reason: 'below-soft',
    });
  });

  it('counts reserved tokens and uses configurable thresholds', () => {
    const used = historyTokens(loop, counter);
    const p = planCompaction(
      loop,
      { window: 1000, soft: 0.5, hard: 0.55, target: 0.5, reserved: 450 },
      { tokenCounter: counter },
    );
    expect(p.usedTokens).toBe(used + 450);
    expect(p).toMatchObject({ compact: true, reason: 'hard-threshold' });
    expect(p.budget).toMatchObject({ softTokens: 500, hardTokens: 550, targetTokens: 50 });
  });

  it('refuses nonsense budgets with a stable code', () => {
    expect(() => resolveBudget({ window: 0 })).toThrow(
      expect.objectContaining({ code: 'E_BUDGET_INVALID' }),
    );
    expect(() => resolveBudget({ window: 100, soft: 0.9, hard: 0.8 })).toThrow(
      /invalid history budget/,
    );
  });
});
