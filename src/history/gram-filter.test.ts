import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { possibleNeedles } from './gram-filter.js';

describe('possibleNeedles', () => {
  it('never leaves out a needle the text holds', () => {
    const unit = fc.constantFrom('a', 'b', 'c', 'é', '\n', '日');
    const small = fc.string({ unit, maxLength: 60 });
    fc.assert(
      fc.property(
        small,
        fc.array(fc.string({ unit, maxLength: 14 }), { maxLength: 40 }),
        (text, needles) => {
          const kept = new Set(possibleNeedles(text, needles));
          needles.forEach((n, i) => {
            if (text.includes(n)) expect(kept.has(i)).toBe(true);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves out needles with a substring the text lacks, at any length', () => {
    const text = 'Error: case 7 failed at src/mod7/file7.ts:3:4 TASK-7 abc0007';
    const needles = [
      'TASK-7',
      'TASK-8',
      'src/mod7/file7.ts',
      'src/mod8/file8.ts',
      'Error: case 7 failed',
      'Error: case 9 failed',
      '',
      'q',
      `${text}!`,
    ];
    expect(possibleNeedles(text, needles)).toEqual([0, 2, 4, 6]);
  });
});
