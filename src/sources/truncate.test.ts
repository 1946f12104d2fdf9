import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateCounter, o200kCounter } from '../tokens/index.js';
import { applyBudget } from './budget.js';
import { truncateText, utf8Length } from './truncate.js';

const label = { path: 'AGENTS.md', why: 'per-file cap', firstLine: 1 };

describe('truncateText', () => {
  it('keeps text that fits', () => {
    expect(
      truncateText('small', { maxBytes: 100, maxTokens: 100 }, o200kCounter, label),
    ).toMatchObject({
      outcome: 'kept',
      content: 'small',
      bytesCut: 0,
    });
  });

  it('keeps head and tail with a marker naming the cut, the lines and the file', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1} ${'x'.repeat(20)}`);
    const text = `${lines.join('\n')}\n`;
    const r = truncateText(text, { maxBytes: 1000, maxTokens: 10_000 }, o200kCounter, label);
    expect(r.outcome).toBe('truncated');
    expect(utf8Length(r.content)).toBeLessThanOrEqual(1000);
    expect(r.content.startsWith('line 1 ')).toBe(true);
    expect(r.content.endsWith('line 200 xxxxxxxxxxxxxxxxxxxx\n')).toBe(true);
    expect(r.content).toMatch(
      /\[ctxloom: \d+ of \d+ bytes \(lines \d+-\d+\) cut here to fit the per-file cap; the full text is in AGENTS\.md\]/,
    );
    expect(r.bytesKept + r.bytesCut).toBe(utf8Length(text));
    const m = /(\d+) of (\d+) bytes \(lines (\d+)-(\d+)\)/.exec(r.content)!;
    expect(Number(m[1])).toBe(r.bytesCut);
    // the marker's line range names exactly the lines that are missing
    const first = Number(m[3]);
    const last = Number(m[4]);
    expect(r.content).toContain(`line ${first - 1} `);
    expect(r.content).not.toContain(`line ${first} `);
    expect(r.content).not.toContain(`line ${last} `);
    expect(r.content).toContain(`line ${last + 1} `);
  });

  it('respects the token limit too', () => {
    const text = 'word '.repeat(5000);
    const r = truncateText(text, { maxBytes: 1_000_000, maxTokens: 300 }, o200kCounter, label);
    expect(r.outcome).toBe('truncated');
    expect(r.tokens).toBeLessThanOrEqual(300);
    expect(o200kCounter.count(r.content)).toBe(r.tokens);
  });

  it('skips when not even a marker fits', () => {
    expect(
      truncateText('a'.repeat(500), { maxBytes: 40, maxTokens: 1000 }, o200kCounter, label).outcome,
    ).toBe('skipped');
  });

  it('never splits a character and never exceeds the limits (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 0, maxLength: 3000 }),
        fc.integer({ min: 0, max: 4000 }),
        (text, maxBytes) => {
          const r = truncateText(text, { maxBytes, maxTokens: 1_000_000 }, estimateCounter, label);
          if (r.outcome === 'skipped') return r.content === '';
          expect(utf8Length(r.content)).toBeLessThanOrEqual(maxBytes);
          expect(r.content.includes('\uFFFD')).toBe(text.includes('\uFFFD'));
          if (r.outcome === 'kept') expect(r.content).toBe(text);
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('applyBudget', () => {
  const item = (name: string, bytes: number) => ({
    text: `${name}\n${'y'.repeat(bytes - name.length - 1)}`,
    label: { path: name },
  });
  const budget = {
    totalBytes: 2500,
    totalTokens: 1_000_000,
    perFileBytes: 2000,
    perFileTokens: 1_000_000,
  };

  it('serves the closest (last) file first and trims broader files', () => {
    const out = applyBudget(
      [item('root.md', 1500), item('mid.md', 1500), item('cwd.md', 1500)],
      budget,
      estimateCounter,
    );
    expect(out.map((o) => o.outcome)).toEqual(['skipped', 'truncated', 'kept']);
    expect(out[1]!.limitedBy).toBe('instruction budget');
    expect(out[0]!.limitedBy).toBe('instruction budget');
    expect(out.reduce((n, o) => n + utf8Length(o.content), 0)).toBeLessThanOrEqual(2500);
  });

  it('applies the per-file cap even with budget to spare', () => {
    const out = applyBudget(
      [item('big.md', 2500)],
      { ...budget, totalBytes: 100_000 },
      estimateCounter,
    );
    expect(out[0]).toMatchObject({ outcome: 'truncated', limitedBy: 'per-file cap' });
  });

  it('counts tokens against the total', () => {
    const words = (n: number) => ({ text: 'token '.repeat(n), label: { path: 'f.md' } });
    const out = applyBudget(
      [words(100), words(100)],
      { totalBytes: 1e6, totalTokens: 150, perFileBytes: 1e6, perFileTokens: 1e6 },
      o200kCounter,
    );
    expect(out[1]!.outcome).toBe('kept');
    expect(out[0]!.tokens + out[1]!.tokens).toBeLessThanOrEqual(150);
  });
});
