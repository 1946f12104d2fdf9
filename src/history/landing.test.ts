import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { compactHistory } from './compact.js';
import type { History, Message } from './message.js';
import { toolResultText } from './message.js';

const counter = estimateCounter;

function lines(tag: string, n: number): string {
  return Array.from({ length: n }, (_, i) => `${tag} line ${i} of a long listing`).join('\n');
}

function step(i: number, result: string, calls = 1): Message[] {
  const ids = Array.from({ length: calls }, (_, k) => `c${i}-${k}`);
  return [
    {
      id: `a${i}`,
      role: 'assistant',
      parts: [
        { type: 'text', text: `step ${i}` },
        ...ids.map((id) => ({ type: 'tool-call' as const, id, name: 'read', input: { n: i } })),
      ],
    },
    {
      id: `t${i}`,
      role: 'tool',
      parts: ids.map((id) => ({
        type: 'tool-result' as const,
        toolCallId: id,
        content: `${result} ${id}`,
      })),
    },
  ];
}

const user = (id: string, text: string): Message => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});

function resultOf(h: History, callId: string): string | undefined {
  for (const m of h)
    for (const p of m.parts)
      if (p.type === 'tool-result' && p.toolCallId === callId) return toolResultText(p);
  return undefined;
}

describe('compactHistory lands close to its target', () => {
  it('puts the newest elided results back whole when elision alone lands far under', async () => {
    const h: Message[] = [user('u0', 'Fix the parser.')];
    for (let i = 0; i < 10; i++) h.push(...step(i, lines(`r${i}`, 300)));
    h.push(user('u1', 'now run the tests'), ...step(98, 'ok'));
    h.push(user('u2', 'and commit'), ...step(99, 'ok'));
    const total = h.reduce((n, m) => n + counter.count(JSON.stringify(m)), 0);
    const r = await compactHistory(h, {
      budget: { window: Math.floor(total / 0.7), target: 0.5, soft: 0.6, hard: 0.9 },
      tokenCounter: counter,
      minElideTokens: 100,
    });
    expect(r.status).toBe('compacted');
    expect(r.stages).toEqual(['elide']);
    expect(r.tokensAfter).toBeLessThanOrEqual(r.targetTokens);
    expect(r.tokensAfter).toBeGreaterThanOrEqual(Math.floor(r.targetTokens * 0.9));
    // newest first: the last old result is whole, the first one elided
    expect(resultOf(r.history, 'c9-0')).toBe(`${lines('r9', 300)} c9-0`);
    expect(resultOf(r.history, 'c0-0')).not.toBe(`${lines('r0', 300)} c0-0`);
    expect(r.record.elided.map((e) => e.toolCallId)).toContain('c0-0');
    expect(r.record.elided.map((e) => e.toolCallId)).not.toContain('c9-0');
    expect(r.artifacts.length).toBe(r.record.elided.length);
  });

  it('elides the large recent results of the turn before the cut so the tail can take it', async () => {
    const h: Message[] = [user('u0', 'Fix the parser.')];
    for (let i = 0; i < 30; i++) h.push(...step(i, lines(`old${i}`, 8)));
    h.push(user('u1', 'read both files and finish'));
    // one step with two large parallel reads (recent, each under the recent cap), then small steps
    h.push(...step(50, lines('big', 120), 2));
    for (let i = 51; i < 56; i++) h.push(...step(i, 'done'));
    const r = await compactHistory(h, {
      budget: { window: 8000, target: 0.25, soft: 0.6, hard: 0.9 },
      tokenCounter: counter,
      minElideTokens: 100,
      maxRecentResultTokens: 2000,
      summaryMaxTokens: 400,
    });
    expect(r.status).toBe('compacted');
    expect(r.tokensAfter).toBeLessThanOrEqual(r.targetTokens);
    expect(r.tokensAfter).toBeGreaterThanOrEqual(Math.floor(r.targetTokens * 0.9));
    // the step with the big reads is kept, its results elided (reachable through artifacts)
    expect(r.record.kept).toContain('a50');
    expect(r.record.elided.map((e) => e.toolCallId)).toEqual(
      expect.arrayContaining(['c50-0', 'c50-1']),
    );
    expect(r.diagnostics.filter((d) => d.message.includes('c50-0')).length).toBe(1);
  });
});
