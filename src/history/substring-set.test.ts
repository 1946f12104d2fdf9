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
});
