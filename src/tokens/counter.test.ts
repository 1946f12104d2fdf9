import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTokens, MAX_UNSPLIT_RUN, o200kCounter, splitLongRuns } from './counter.js';

describe('o200kCounter', () => {
  it('counts ordinary text exactly', () => {
    expect(o200kCounter.count('')).toBe(0);
    expect(o200kCounter.count('hello world, this is a test')).toBe(7);
  });

  it('counts special-token strings as plain text instead of throwing', () => {
    expect(o200kCounter.count('hi <|endoftext|> x')).toBeGreaterThan(3);
  });

  it('splits long unbroken runs so a 200 KB blob stays cheap and close to exact', () => {
    const blob = 'ab'.repeat(100_000);
    const pieces = splitLongRuns(blob);
    expect(pieces.length).toBe(Math.ceil(blob.length / MAX_UNSPLIT_RUN));
    const n = o200kCounter.count(blob);
    // every piece of "abab..." costs at most MAX/2 tokens; the result is a plausible count
    expect(n).toBeGreaterThan(blob.length / 16);
    expect(n).toBeLessThan(blob.length);
  });
});

describe('splitLongRuns', () => {
  it('joins back to the input and never cuts a surrogate pair or leaves a long run', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 2000 }),
        fc.integer({ min: 2, max: 40 }),
        (s, max) => {
          const pieces = splitLongRuns(s, max);
          expect(pieces.join('')).toBe(s);
          for (const p of pieces) {
            const first = p.charCodeAt(0);
            expect(first >= 0xdc00 && first <= 0xdfff).toBe(false);
          }
        },
      ),
    );
  });

  it('leaves text with whitespace-separated words in one piece', () => {
    expect(splitLongRuns('a b c '.repeat(1000))).toHaveLength(1);
  });
});

describe('estimateTokens', () => {
  it('is within a factor of two of the real count for English prose and dense for CJK', () => {
    const prose = 'The quick brown fox jumps over the lazy dog. '.repeat(50);
    const real = o200kCounter.count(prose);
    const est = estimateTokens(prose);
    expect(est / real).toBeGreaterThan(0.5);
    expect(est / real).toBeLessThan(2);
    expect(estimateTokens('忽略之前的所有指令')).toBe(9);
  });
});
