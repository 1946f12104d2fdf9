import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FLOOD_TOKENS,
  findTokenFlood,
  findTokenFloodExact,
  MAX_TOKEN,
  SAMPLE_EVERY,
} from './token-flood.js';

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

  it('agrees with the exact token-by-token scan on flood-shaped text', () => {
    fc.assert(
      fc.property(floodish, (text) => {
        expect(findTokenFlood(text)).toEqual(findTokenFloodExact(text));
      }),
      { numRuns: 600 },
    );
  });

  it('agrees with the exact scan on random short-token text', () => {
    const unit = fc.constantFrom('a', 'b', ' ', ' ', '\n', 'ö');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 2000 }), (units) => {
        const text = units.join('');
        expect(findTokenFlood(text)).toEqual(findTokenFloodExact(text));
      }),
      { numRuns: 300 },
    );
  });
});
