import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { compactHistory } from './compact.js';
import type { CompactOptions } from './compaction-types.js';
import type { History, Message } from './message.js';
import { visibleText } from './reference-facts.js';
import { validateHistory } from './validate.js';

const counter = estimateCounter;
const SECRET = 'the staging database is db-7 on port 6543';

function listing(tag: string, n: number, extra = ''): string {
  const rows = Array.from({ length: n }, (_, i) => `${tag} row ${i} of a long listing`);
  if (extra !== '') rows.splice(Math.floor(n / 2), 0, extra);
  return rows.join('\n');
}

function history(): History {
  const h: Message[] = [{ id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Fix it.' }] }];
  for (let i = 0; i < 40; i++) {
    h.push({
      id: `a${i}`,
      role: 'assistant',
      parts: [
        { type: 'text', text: `step ${i}` },
        { type: 'tool-call', id: `c${i}`, name: 'read', input: { i } },
      ],
    });
    h.push({
      id: `t${i}`,
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: `c${i}`,
          content: listing(`r${i}`, 200, i === 5 ? SECRET : ''),
        },
      ],
    });
    if (i % 10 === 9)
      h.push({ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: 'go on' }] });
  }
  return h;
}

const options = (pins?: CompactOptions['pins']): CompactOptions => ({
  budget: { window: 20_000, target: 0.5, soft: 0.6, hard: 0.9 },
  tokenCounter: counter,
  minElideTokens: 100,
  summaryMaxTokens: 600,
  ...(pins === undefined ? {} : { pins }),
});

describe('compactHistory pins', () => {
  it('keeps a pinned message and its tool partner verbatim, never summarised or elided', async () => {
    const h = history();
    const unpinned = await compactHistory(h, options());
    expect(unpinned.record.summarized).toContain('a12');
    const r = await compactHistory(h, options([{ messageId: 'a12' }]));
    expect(r.status).not.toBe('no-legal-cut');
    expect(r.record.pinned).toEqual(['a12', 't12']);
    expect(r.record.summarized).not.toContain('a12');
    expect(r.record.elided.map((e) => e.messageId)).not.toContain('t12');
    const byId = new Map(r.history.map((m) => [m.id, m]));
    expect(byId.get('a12')).toEqual(h.find((m) => m.id === 'a12'));
    expect(byId.get('t12')).toEqual(h.find((m) => m.id === 't12'));
    expect(validateHistory(r.history)).toEqual([]);
  });

  it('keeps a pinned text from an old tool result word for word', async () => {
    const h = history();
    const unpinned = await compactHistory(h, options());
    expect(visibleText(unpinned.history)).not.toContain(SECRET);
    const r = await compactHistory(h, options([{ text: SECRET }]));
    expect(visibleText(r.history)).toContain(SECRET);
    expect(r.ledger.filter((f) => f.kind === 'pinned').map((f) => f.value)).toEqual([SECRET]);
    expect(r.factsSurvived).toBe(true);
  });

  it('over the pin budget, the oldest pins take the normal path and the warning names them', async () => {
    const h = history();
    const ids = Array.from({ length: 12 }, (_, i) => ({ messageId: `a${i + 2}` }));
    const r = await compactHistory(h, options(ids));
    const warning = r.diagnostics.find((d) => d.code === 'W_HISTORY_PINS_OVER_BUDGET');
    expect(warning).toBeDefined();
    expect(warning!.message).toContain('message a2');
    // the oldest pin is summarised like any message, the newest one stays verbatim
    expect(r.record.pinned).not.toContain('a2');
    expect(r.record.summarized).toContain('a2');
    expect(r.record.pinned).toContain('a13');
    expect(warning!.message).not.toContain('message a13');
    expect(validateHistory(r.history)).toEqual([]);
    // a larger pin budget keeps them all, without a warning
    const all = await compactHistory(h, { ...options(ids), pinBudgetTokens: 1_000_000 });
    expect(all.diagnostics.map((d) => d.code)).not.toContain('W_HISTORY_PINS_OVER_BUDGET');
    for (const { messageId } of ids) expect(all.record.pinned).toContain(messageId);
  });

  it('a text pin over the pin budget is not kept verbatim', async () => {
    const h = history();
    const r = await compactHistory(h, { ...options([{ text: SECRET }]), pinBudgetTokens: 1 });
    expect(r.diagnostics.map((d) => d.code)).toContain('W_HISTORY_PINS_OVER_BUDGET');
    expect(r.ledger.filter((f) => f.kind === 'pinned')).toEqual([]);
  });
});
