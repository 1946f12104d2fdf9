import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { createMemoryArtifactStore } from './artifact-store.js';
import { compactHistory } from './compact.js';
import type { Fact } from './facts.js';
import { splitLedger } from './ledger-overflow.js';
import type { History, Message } from './message.js';

const counter = estimateCounter;

function fact(kind: Fact['kind'], value: string, messageId: string): Fact {
  return { kind, value, messageId };
}

/** Every step adds an edited path, a task id, an error line and a hash. */
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
        { type: 'tool-call', id: `c${i}`, name: 'edit_file', input: { path } },
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

describe('splitLedger', () => {
  const ledger = [
    fact('goal', 'it must pass CI', 'u0'),
    ...Array.from({ length: 50 }, (_, i) =>
      fact('path', `src/a${i}/long-file-name-${i}.ts`, `m${i}`),
    ),
    fact('error', 'Error: old failure', 'm1'),
    fact('error', 'Error: newest failure', 'm60'),
  ];

  it('keeps the ledger whole when it fits', () => {
    const s = splitLedger(ledger, 100_000, counter);
    expect(s.overflow).toEqual([]);
    expect(s.artifact).toBeUndefined();
    expect(s.kept).toBe(ledger);
  });

  it('moves the oldest low-priority facts first, never goals or the latest failing check', () => {
    const s = splitLedger(ledger, 200, counter);
    expect(s.overflow.length).toBeGreaterThan(0);
    expect(s.kept.map((f) => f.value)).toContain('it must pass CI');
    expect(s.kept.map((f) => f.value)).toContain('Error: newest failure');
    // paths go before errors, and the oldest path first
    expect(s.overflow[0]!.value).toBe('src/a0/long-file-name-0.ts');
    const keptPaths = s.kept.filter((f) => f.kind === 'path');
    if (keptPaths.length > 0)
      expect(s.kept.some((f) => f.value === 'Error: old failure')).toBe(true);
    for (const f of s.overflow) expect(s.artifact!.content).toContain(f.value);
    expect(s.kept.length + s.overflow.length).toBe(ledger.length);
  });
});

describe('compaction with a ledger over the summary budget', () => {
  it('lands within target, the overflow in a stored artifact the summary names', async () => {
    const h = growth(1500);
    const store = createMemoryArtifactStore();
    const r = await compactHistory(h, {
      budget: { window: 40_000, target: 0.5, soft: 0.75, hard: 0.92 },
      tokenCounter: counter,
      store,
    });
    expect(r.status).toBe('compacted');
    expect(r.tokensAfter).toBeLessThanOrEqual(r.targetTokens);
    const info = r.diagnostics.find((d) => d.code === 'I_HISTORY_FACTS_IN_ARTIFACT');
    expect(info).toBeDefined();
    const overflowRef = /sha256:[0-9a-f]{64}/.exec(info!.message)![0];
    expect(r.summary!.text).toContain(overflowRef);
    expect(r.artifacts.some((a) => a.ref === overflowRef)).toBe(true);
    expect(await store.get(overflowRef as `sha256:${string}`)).toBeDefined();
    const report = r.factReport!;
    expect(report.dropped).toEqual([]);
    expect(report.inArtifacts.some((x) => x.ref === overflowRef)).toBe(true);
    // the newest failing check of the summarised range stays in the summary
    const last = r.record.summarized
      .filter((id) => id.startsWith('t'))
      .pop()!
      .slice(1);
    expect(r.summary!.text).toContain(`Error: case ${last} failed`);
    expect(r.factsSurvived).toBe(true);
  });
});
