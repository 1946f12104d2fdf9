import { describe, expect, it } from 'vitest';
import { o200kCounter } from '../tokens/index.js';
import { applyBudget, fitRendered } from './budget.js';
import { utf8Length } from './truncate.js';

const wrap = (path: string) => (content: string, cut: boolean) =>
  `<file path="${path}"${cut ? ' status="truncated"' : ''}>\n${content}\n</file>\n\n`;

describe('applyBudget on rendered text', () => {
  it('counts each wrapper and the frame against the total, not only the contents', () => {
    // 200 one-byte files with 200-character names: contents 200 bytes, rendered about 45 KB
    const items = Array.from({ length: 200 }, (_, i) => {
      const path = `${i}-${'n'.repeat(200)}.md`;
      return { text: 'x', label: { path }, render: wrap(path) };
    });
    const frame = '<files>\nnotice\n\n</files>';
    const budget = { totalBytes: 10_000, totalTokens: 1e6, perFileBytes: 1e6, perFileTokens: 1e6 };
    const out = applyBudget(items, budget, o200kCounter, frame);
    const rendered = out.reduce((n, o) => n + o.renderedBytes, 0) + utf8Length(frame);
    expect(rendered).toBeLessThanOrEqual(10_000);
    const kept = out.filter((o) => o.outcome !== 'skipped');
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(200);
    // the closest files are the ones kept
    expect(out[199]!.outcome).toBe('kept');
    expect(out[0]).toMatchObject({ outcome: 'skipped', limitedBy: 'instruction budget' });
  });

  it('a body that grows when rendered (escaped tags) still fits', () => {
    const grow = (content: string) => content.replaceAll('<', '&lt;');
    const out = applyBudget(
      [{ text: '<'.repeat(3000), label: { path: 'a.md' }, render: grow }],
      { totalBytes: 2000, totalTokens: 1e6, perFileBytes: 1e6, perFileTokens: 1e6 },
      o200kCounter,
    );
    expect(out[0]!.renderedBytes).toBeLessThanOrEqual(2000);
    expect(out[0]!.outcome).toBe('truncated');
  });
});

describe('fitRendered', () => {
  it('cuts a text so that its rendered form (wrapper included) fits, with a marker', () => {
    const text = 'Step one of the plan.\n'.repeat(2000);
    const r = fitRendered(text, wrap('PLAN.md'), { bytes: 4096, tokens: 500 }, o200kCounter, {
      path: 'PLAN.md',
      why: 'plan budget',
    });
    expect(r.outcome).toBe('truncated');
    expect(r.renderedTokens).toBeLessThanOrEqual(500);
    expect(r.renderedBytes).toBeLessThanOrEqual(4096);
    expect(r.content).toMatch(/cut here to fit the plan budget; the full text is in PLAN\.md/);
  });
});
