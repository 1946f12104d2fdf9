import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { automatonFirstOccurrences, firstOccurrences, occurrences } from './substring-set.js';

describe('occurrences', () => {
  it('agrees with includes for any text and needles', () => {
    const small = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '\n'), maxLength: 40 });
    fc.assert(
      fc.property(small, fc.array(small, { maxLength: 12 }), (text, needles) => {
        expect(occurrences(text, needles)).toEqual(needles.map((n) => text.includes(n)));
      }),
      { numRuns: 500 },
    );
  });

  it('finds overlapping and nested needles, and suffixes of other needles', () => {
    expect(occurrences('xabcdy', ['abcd', 'bc', 'cdy', 'abce', 'y', 'zz', ''])).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
      true,
    ]);
  });

  it('gives the same first positions by indexOf and by the automaton, for many needles', () => {
    const small = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '\n'), maxLength: 40 });
    fc.assert(
      fc.property(small, fc.array(small, { minLength: 25, maxLength: 60 }), (text, needles) => {
        const byIndexOf = needles.map((n) => text.indexOf(n));
        expect(automatonFirstOccurrences(text, needles)).toEqual(byIndexOf);
        expect(firstOccurrences(text, needles)).toEqual(byIndexOf);
      }),
      { numRuns: 300 },
    );
  });

  it('answers a repeated search of the same text from its memo, and a changed one afresh', () => {
    const text = 'abc '.repeat(50);
    const needles = Array.from(
      { length: 30 },
      (_, i) => `${'abc '.slice(i % 4)}${i % 3 === 0 ? 'x' : ''}`,
    );
    const expected = needles.map((n) => text.indexOf(n));
    expect(firstOccurrences(text, needles)).toEqual(expected);
    const again = firstOccurrences(text, needles);
    expect(again).toEqual(expected);
    again[0] = 99;
    expect(firstOccurrences(text, needles)).toEqual(expected);
    const changed = needles.map((n, i) => (i === 5 ? 'zz' : n));
    expect(firstOccurrences(text, changed)).toEqual(changed.map((n) => text.indexOf(n)));
  });
});
