import { describe, expect, it } from 'vitest';
import { o200kCounter } from '../tokens/index.js';
import { compactHistory } from './compact.js';
import { elideToolResults } from './elide.js';
import { refreshMemos } from './memo-guard.js';
import type { Message } from './message.js';
import { historyTokens, messageTokens } from './token-count.js';

/** A session with large tool results (elided), errors, ids and paths, as objects a caller owns. */
function session(): Message[] {
  const h: Message[] = [
    { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Fix TASK-1; the build must pass.' }] },
  ];
  for (let i = 0; i < 30; i++) {
    const log = Array.from({ length: 120 }, (_, k) => `step ${i}.${k} src/m${i}/f${k}.ts ok`);
    log[60] = `error TS2304 in src/m${i}/f.ts: cannot find name x${i}`;
    h.push(
      {
        id: `a${i}`,
        role: 'assistant',
        parts: [
          { type: 'text', text: `Step ${i}: running the tests for TASK-${i + 2}.` },
          { type: 'tool-call', id: `c${i}`, name: 'bash', input: { command: `npm test ${i}` } },
        ],
      },
      {
        id: `t${i}`,
        role: 'tool',
        parts: [{ type: 'tool-result', toolCallId: `c${i}`, content: log.join('\n') }],
      },
    );
  }
  return h;
}

const options = {
  budget: { window: 60_000, target: 0.25, soft: 0.75, hard: 0.92 },
  tokenCounter: o200kCounter,
};

describe('refreshMemos', () => {
  it('gives an edited-in-place history the result a fresh copy of it gets', async () => {
    const live = session();
    await compactHistory(live, options);
    // edits a caller should not make: a new text, a replaced part, an added part
    (live[1]!.parts[0] as { text: string }).text = 'Step 0: now for PROJ-77 instead.';
    (live[2]!.parts as unknown[])[0] = {
      type: 'tool-result',
      toolCallId: 'c0',
      content: 'short now: error in src/new/path.ts',
    };
    (live[3]!.parts as unknown[]).push({ type: 'text', text: 'and one more for ISSUE-9' });
    const edited = await compactHistory(live, options);
    const fresh = await compactHistory(structuredClone(live), options);
    expect(edited).toEqual(fresh);
    expect(edited.tokensBefore).toBe(historyTokens(structuredClone(live), o200kCounter));
    expect(edited.ledger.map((f) => f.value)).toContain('PROJ-77');
  });

  it('counts the edited messages and leaves unedited ones alone', () => {
    const h = session();
    expect(refreshMemos(h)).toBe(0);
    expect(refreshMemos(h)).toBe(0);
    (h[0]!.parts[0] as { text: string }).text = 'changed';
    (h[4]!.parts as unknown[]).pop();
    expect(refreshMemos(h)).toBe(2);
    expect(refreshMemos(h)).toBe(0);
  });

  it('notices an edit made after a public count or elision but before the first compaction', async () => {
    const edits: ((h: Message[]) => unknown)[] = [
      (h) => historyTokens(h, o200kCounter),
      (h) => messageTokens(h[2]!, o200kCounter),
      (h) =>
        elideToolResults(h, {
          tokenCounter: o200kCounter,
          recentFrom: 1000,
          minTokens: 100,
          maxRecentTokens: 1e9,
        }),
    ];
    for (const before of edits) {
      const live = session();
      before(live);
      (live[2]!.parts[0] as { content: string }).content = 'short now: error in src/new/PROJ-98.ts';
      expect(messageTokens(live[2]!, o200kCounter)).toBe(
        messageTokens(structuredClone(live[2]!), o200kCounter),
      );
      const edited = await compactHistory(live, options);
      expect(edited).toEqual(await compactHistory(structuredClone(live), options));
      expect(edited.tokensBefore).toBe(historyTokens(structuredClone(live), o200kCounter));
    }
  });

  it('notices an edit to the text of a block inside a result content array', async () => {
    const live = session().map((m) =>
      m.role !== 'tool'
        ? m
        : {
            ...m,
            parts: m.parts.map((p) =>
              p.type === 'tool-result' && typeof p.content === 'string'
                ? { ...p, content: [{ type: 'text' as const, text: p.content }] }
                : p,
            ),
          },
    );
    const first = historyTokens(live, o200kCounter);
    await compactHistory(live, options);
    const block = (live[2]!.parts[0] as unknown as { content: { text: string }[] }).content[0]!;
    block.text = 'short now: error in src/new/PROJ-99.ts';
    expect(historyTokens(live, o200kCounter)).toBeLessThan(first);
    const edited = await compactHistory(live, options);
    expect(edited).toEqual(await compactHistory(structuredClone(live), options));
    expect(edited.ledger.map((f) => f.value).join(' ')).toContain('PROJ-99');
  });

  it('keeps the memos of frozen messages seen for the first time (a compaction result)', async () => {
    let calls = 0;
    const count = (t: string) => {
      calls++;
      return t.length;
    };
    const counter = { name: 'spy', exact: false, count };
    const r = await compactHistory(session(), { ...options, tokenCounter: counter });
    const created = r.history.filter((m) => Object.isFrozen(m));
    expect(created.length).toBeGreaterThan(0);
    calls = 0;
    historyTokens(r.history, counter);
    expect(calls).toBe(0);
  });
});
