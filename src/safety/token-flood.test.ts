import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FLOOD_TOKENS,
  findTokenFlood,
  findTokenFloodExact,
  MAX_TOKEN,
  SAMPLE_EVERY,
} from './token-flood.js';

/**
 * The definition, written plainly: tokens from a regular expression, each compared with the
 * 1-3 tokens before it as strings; one report per flood, re-armed when its run breaks.
 */
function reference(text: string): { start: number; end: number }[] {
  const tokens = [...text.matchAll(/[^\0-\x20]+/g)].map((m) => ({
    s: m.index,
    e: m.index + m[0].length,
    t: m[0],
  }));
  const out: { start: number; end: number }[] = [];
  const run = [0, 0, 0, 0];
  const runStart = [0, 0, 0, 0];
  let reportedUntil = -1;
  tokens.forEach((tok, j) => {
    for (let k = 1; k <= 3; k++) {
      const prev = tokens[j - k];
      if (prev !== undefined && tok.t.length <= MAX_TOKEN && prev.t === tok.t) {
        if (run[k] === 0) runStart[k] = prev.s;
        run[k]!++;
        if (run[k]! + k >= FLOOD_TOKENS && runStart[k]! > reportedUntil) {
          if (!/^[-=_*#~|:+.\s`>]+$/.test(tok.t)) out.push({ start: runStart[k]!, end: tok.e });
          reportedUntil = text.length;
        }
      } else {
        if (run[k]! > 0 && reportedUntil === text.length) reportedUntil = tok.s;
        run[k] = 0;
      }
    }
  });
  return out;
}

const spans = (found: readonly { start: number; end: number }[]) =>
  found.map(({ start, end }) => ({ start, end }));

/** Text made of a few short tokens, long repeated stretches and odd separators. */
const floodish = fc
  .array(
    fc.oneof(
      // a repeated cycle of 1-3 tokens, long enough (or nearly) to be a flood
      fc
        .tuple(
          fc.array(fc.constantFrom('ö', 'ab', ')', 'x', '---', 'a'.repeat(MAX_TOKEN)), {
            minLength: 1,
            maxLength: 3,
          }),
          fc.integer({ min: 10, max: 60 }),
          fc.constantFrom(' ', '\n', '  ', '\t', ' '.repeat(100)),
        )
        .map(([cycle, times, sep]) =>
          Array.from({ length: times }, () => cycle)
            .flat()
            .join(sep),
        ),
      // ordinary words and long tokens in between
      fc.constantFrom(
        'the quick brown fox ',
        'x'.repeat(MAX_TOKEN + 1),
        '\n\n',
        ' '.repeat(600),
        'a b ',
      ),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(' '));

describe('findTokenFlood', () => {
  it('reports a flood with its start', () => {
    const text = `intro text here ${'ö '.repeat(60)}end`;
    const found = findTokenFlood(text);
    expect(found).toHaveLength(1);
    expect(found[0]!.start).toBe(text.indexOf('ö'));
  });

  it('does not report decoration or short repetitions', () => {
    expect(findTokenFlood('| --- | --- |\n'.repeat(60))).toEqual([]);
    expect(findTokenFlood('ö '.repeat(FLOOD_TOKENS - 2))).toEqual([]);
  });

  it('finds floods whose tokens are farther apart than a sample', () => {
    const text = `start ${`ab${' '.repeat(SAMPLE_EVERY * 2)}`.repeat(60)}`;
    expect(findTokenFloodExact(text)).toHaveLength(1);
    expect(findTokenFlood(text)).toEqual(findTokenFloodExact(text));
  });

  it('the exact scan agrees with the plain definition', () => {
    fc.assert(
      fc.property(floodish, (text) => {
        expect(spans(findTokenFloodExact(text))).toEqual(reference(text));
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with the exact token-by-token scan on flood-shaped text', () => {
    fc.assert(
      fc.property(floodish, (text) => {
        expect(findTokenFlood(text)).toEqual(findTokenFloodExact(text));
      }),
      { numRuns: 600 },
    );
  });

  it('agrees with the exact scan where floods sit between tokens longer than MAX_TOKEN', () => {
    // a sample looks back past at most one long token: floods right after, right before and
    // between long tokens, with a token 1-3 places back that equals the sample across one
    const long = fc.constantFrom(
      'x'.repeat(MAX_TOKEN + 1),
      'y'.repeat(MAX_TOKEN + 30),
      'z'.repeat(300),
      `${'w'.repeat(MAX_TOKEN + 2)}\u0001ab`,
    );
    const piece = fc.oneof(
      long,
      fc.constantFrom('ö', 'ab', 'ab ab', ')'),
      fc
        .tuple(fc.constantFrom('ö', 'ab', ') ]'), fc.integer({ min: 40, max: 70 }))
        .map(([t, times]) => Array(times).fill(t).join(' ')),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(piece, fc.constantFrom(' ', '\n', '   ', '\u0001', '\u0000')), {
          maxLength: 30,
        }),
        (parts) => {
          const text = parts.map(([p, sep]) => p + sep).join('');
          expect(findTokenFlood(text)).toEqual(findTokenFloodExact(text));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('agrees with the exact scan on random short-token text', () => {
    const unit = fc.constantFrom('a', 'b', ' ', ' ', '\n', 'ö');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 2000 }), (units) => {
        const text = units.join('');
        expect(findTokenFlood(text)).toEqual(findTokenFloodExact(text));
        expect(spans(findTokenFloodExact(text))).toEqual(reference(text));
      }),
      { numRuns: 300 },
    );
  });

  it('treats two tokens as repeats exactly when they are equal', () => {
    // an irregular sequence of two tokens floods only if the two are one token
    const order = Array.from({ length: 120 }, (_, k) => (k * k + (k >> 2)) % 3 === 0);
    const token = fc
      .string({
        unit: fc.constantFrom('A', 'B', '~', '>', '!', 'ö', '\u{1F600}'),
        minLength: 1,
        maxLength: MAX_TOKEN,
      })
      .filter((t) => t.length <= MAX_TOKEN); // in UTF-16 units, as the scanner counts
    const floods = (a: string, b: string) =>
      findTokenFlood(order.map((first) => (first ? a : b)).join(' ')).length > 0;
    fc.assert(
      fc.property(token, token, (a, b) => {
        // a flood of decoration (`~>` and the like) is not reported
        expect(floods(a, b)).toBe(a === b && !/^[~>]+$/.test(a));
      }),
      { numRuns: 500 },
    );
    // pairs that a numeric key with too small a base would confuse
    for (const [a, b] of [
      ['AAA~', 'AAB>'],
      ['~~~~~~~', '~~~~~~\x7f'],
      ['\u{1F600}\u00f6', '\u{1F601}\u00f6'],
    ] as const)
      expect(floods(a, b)).toBe(false);
  });
});
