import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstNonEmptyLine, nonEmptyLines } from './patterns.js';

describe('firstNonEmptyLine', () => {
  it('is the first of nonEmptyLines (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\t', '\r', '\n'), maxLength: 30 });
    fc.assert(
      fc.property(text, (s) => {
        expect(firstNonEmptyLine(s)).toBe(nonEmptyLines(s)[0]);
      }),
      { numRuns: 1000 },
    );
  });
});
