import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhraseMatcher } from './phrase-matcher.js';
import type { PhrasePattern } from './phrase-pattern.js';

const PATTERNS: PhrasePattern[] = [
  { rule: 'test.two', lang: 'en', groups: [['ignore'], ['previous']] },
  { rule: 'test.three', lang: 'en', groups: [['ignore'], ['previous'], ['instructions']] },
  // a later-only phrase (":") that extends only chains of the three-group pattern
  { rule: 'test.colon', lang: 'en', groups: [['system'], [':'], ['override']], gaps: [2, 4] },
];

function matches(text: string): string[] {
  return new PhraseMatcher(PATTERNS).match(text, 5).map((m) => `${m.rule}@${m.start}-${m.end}`);
}

describe('PhraseMatcher on texts with many hits', () => {
  // 1200 repetitions: past the hit count from which patterns that cannot complete are left out
  const filler = 'ignore previous '.repeat(1200);

  it('reports the patterns that complete, up to the cap, and none of those that cannot', () => {
    const found = matches(filler);
    expect(found).toEqual([0, 16, 32, 48, 64].map((s) => `test.two@${s}-${s + 15}`));
  });

  it('still completes a pattern whose last group comes once, at the very end', () => {
    const text = `${filler}ignore previous instructions system: override`;
    const found = matches(text);
    const at = filler.length;
    expect(found).toContain(`test.three@${at}-${at + 28}`);
    expect(found).toContain(`test.colon@${at + 29}-${at + 45}`);
  });

  it('gives a matcher reused over many texts the matches of a fresh one (its scratch is reset)', () => {
    const shared = new PhraseMatcher(PATTERNS);
    const words = ['ignore ', 'previous ', 'instructions ', 'system', ': ', 'override ', 'x '];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(1, 40, 700),
        fc.array(fc.constantFrom(...words), { maxLength: 6 }),
        (unit, times, tail) => {
          const text = unit.join('').repeat(times) + tail.join('');
          const got = shared.match(text, 5);
          expect(got).toEqual(new PhraseMatcher(PATTERNS).match(text, 5));
        },
      ),
      { numRuns: 150 },
    );
  });
});
