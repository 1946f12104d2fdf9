import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhraseAutomaton } from './aho-corasick.js';

function naive(phrases: string[], text: string): string[] {
  const out: string[] = [];
  phrases.forEach((p, id) => {
    if (p === '') return;
    for (let i = text.indexOf(p); i >= 0; i = text.indexOf(p, i + 1)) out.push(`${id}@${i}`);
  });
  return out.sort();
}

function viaAutomaton(phrases: string[], text: string): string[] {
  const out: string[] = [];
  new PhraseAutomaton(phrases).scan(text, (id, start) => out.push(`${id}@${start}`));
  return out.sort();
}

describe('PhraseAutomaton', () => {
  it('finds overlapping and nested phrases, ASCII and not', () => {
    const phrases = ['he', 'she', 'his', 'hers', '忽略', '忽略之前', '之前的'];
    const text = 'ushers 忽略之前的指示 she';
    expect(viaAutomaton(phrases, text)).toEqual(naive(phrases, text));
  });

  it('agrees with a naive search on random inputs', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', 'é', '忽', '略', ' ');
    const word = fc.array(alphabet, { minLength: 1, maxLength: 4 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 8 }),
        fc.array(alphabet, { maxLength: 60 }),
        (phrases, chars) => {
          const text = chars.join('');
          expect(viaAutomaton(phrases, text)).toEqual(naive(phrases, text));
        },
      ),
      { numRuns: 300 },
    );
  });
});
