import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JoinedTexts } from './joined-texts.js';

/** The text index each needle's first occurrence in the joined text starts in, or -1. */
function reference(texts: readonly string[], sep: string, needles: readonly string[]): number[] {
  const joined = texts.join(sep);
  return needles.map((n) => {
    const p = joined.indexOf(n);
    if (p < 0) return -1;
    let at = 0;
    let i = 0;
    while (i + 1 < texts.length && at + texts[i]!.length + sep.length <= p) {
      at += texts[i]!.length + sep.length;
      i++;
    }
    return i;
  });
}

describe('JoinedTexts', () => {
  const unit = fc.constantFrom('a', 'b', '\n', 'ab');
  const text = fc.array(unit, { maxLength: 6 }).map((u) => u.join(''));

  it('finds what a search of the joined text finds, in the text it starts in (property)', () => {
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 5 }),
        fc.array(text, { minLength: 1, maxLength: 30 }),
        (texts, needles) => {
          const j = new JoinedTexts(texts, '\n');
          const joined = texts.join('\n');
          expect(j.holds(needles)).toEqual(needles.map((n) => joined.includes(n)));
          if (texts.length > 0)
            expect(j.firstHolders(needles)).toEqual(reference(texts, '\n', needles));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds a few needles text by text, the empty one always', () => {
    const j = new JoinedTexts(['error: a', 'ok'], '\u0000');
    expect(j.firstHolders(['ok', 'a', 'zz'])).toEqual([1, 0, -1]);
    expect(j.holds(['', 'rr'])).toEqual([true, true]);
  });
});
