import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildAutomatonSkeleton,
  NEEDS_END_BOUNDARY,
  NEEDS_START_BOUNDARY,
  PhraseAutomaton,
} from './aho-corasick.js';

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

  it('agrees with a naive search when phrases use more ASCII characters than the table has columns', () => {
    // every printable ASCII character and DEL: the rarest ones take the hash-table step
    const ascii = Array.from({ length: 96 }, (_, i) => String.fromCharCode(32 + i));
    const alphabet = fc.constantFrom(...ascii, 'é', '忽');
    const word = fc.array(alphabet, { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 12 }),
        fc.array(fc.constantFrom('~', '|', '^', 'a', 'é', ' '), { maxLength: 40 }),
        (phrases, chars) => {
          // all ASCII characters in the set, so the demoted ones are really in use
          const all = [...phrases, ...ascii.map((c) => `${c}~`)];
          const text = chars.join('');
          expect(viaAutomaton(all, text)).toEqual(naive(all, text));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('occurrences() keeps exactly the hits whose word boundaries hold', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', '.', 'é', '忽');
    const word = fc.array(alphabet, { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
    // word units: the ASCII letters and é (units past the table's end never are)
    const wordUnit = new Uint8Array(0x100);
    for (const c of 'abé') wordUnit[c.charCodeAt(0)] = 1;
    const isWord = (u: number) => u < wordUnit.length && wordUnit[u] === 1;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, fc.integer({ min: 0, max: 3 })), { maxLength: 6 }),
        fc.array(alphabet, { maxLength: 50 }),
        (specs, chars) => {
          const phrases = specs.map(([p]) => p);
          const bounds = Uint8Array.from(specs, ([, b]) => b);
          const text = chars.join('');
          const automaton = new PhraseAutomaton(phrases, bounds, wordUnit);
          const expected: string[] = [];
          automaton.scan(text, (id, start, end) => {
            const b = bounds[id]!;
            if (b & NEEDS_START_BOUNDARY && start > 0 && isWord(text.charCodeAt(start - 1))) return;
            if (b & NEEDS_END_BOUNDARY && end < text.length && isWord(text.charCodeAt(end))) return;
            expected.push(`${id}@${end}`);
          });
          const got: string[] = [];
          const pairs = automaton.occurrences(text);
          for (let k = 0; k < pairs.length; k += 2) got.push(`${pairs[k]}@${pairs[k + 1]}`);
          expect(got).toEqual(expected);
          expect(expected.length).toBeLessThanOrEqual(naive(phrases, text).length);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('occurrences() skips a phrase inside a longer word', () => {
    const wordUnit = Uint8Array.from({ length: 128 }, (_, u) => (u >= 97 && u <= 122 ? 1 : 0));
    const automaton = new PhraseAutomaton(
      ['at', 'cat'],
      Uint8Array.of(NEEDS_START_BOUNDARY | NEEDS_END_BOUNDARY, 0),
      wordUnit,
    );
    expect([...automaton.occurrences('that cat at')]).toEqual([1, 8, 0, 11]);
  });

  it('occurrenceEntries() writes the pairs of occurrences() to hitBuffer', () => {
    const automaton = new PhraseAutomaton(['ab', 'b']);
    const text = 'ab'.repeat(200); // 400 pairs: the buffer grows past its first size
    const entries = automaton.occurrenceEntries(text);
    expect(entries).toBe(800);
    expect([...automaton.hitBuffer.subarray(0, entries)]).toEqual([...automaton.occurrences(text)]);
    expect(automaton.occurrenceEntries('xyz')).toBe(0);
  });

  it('occurrences() leaves out a later-only phrase that starts too far after the last hit it reported', () => {
    // ':' only continues chains, within 3 units of an earlier hit; 'system' may start one
    const gaps = Int32Array.of(-1, 3);
    const automaton = new PhraseAutomaton(
      ['system', ':'],
      new Uint8Array(2),
      new Uint8Array(0),
      undefined,
      gaps,
    );
    const text = ': system :    :system      :';
    // kept: 'system' (twice) and the ':' one unit after the first; left out: the ':' before any
    // hit, the one 4 units after the last kept hit, the one 6 units after the second 'system'
    const pairs = [...automaton.occurrences(text)];
    const kept = [];
    for (let k = 0; k < pairs.length; k += 2) kept.push(`${pairs[k]}@${pairs[k + 1]}`);
    expect(kept).toEqual(['0@8', '1@10', '0@21']);
    // without the gaps, every occurrence is reported
    expect(new PhraseAutomaton(['system', ':']).occurrences(text).length / 2).toBe(6);
  });

  it('agrees with a naive search when one automaton is reused on many texts (its wide-step memo filled and overwritten)', () => {
    // thousands of states on non-ASCII units: nearly every step is a wide step, the memo's slots
    // are shared by many (state, unit) pairs, and what one text left in them is read by the next
    // units 4096 apart (U+5FFD / U+6FFD, U+7565 / U+6565) and states 4096 apart share memo slots
    const units = ['\u5ffd', '\u6ffd', '\u7565', '\u6565', '之', 'ж', 'é', 'a', ' '];
    let seed = 7;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const phrases = Array.from({ length: 4000 }, () =>
      Array.from({ length: 2 + next(6) }, () => units[next(6)]).join(''),
    );
    expect(buildAutomatonSkeleton(phrases).fail.length).toBeGreaterThan(4096 + 1000);
    const automaton = new PhraseAutomaton(phrases);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...units.slice(0, 6), ' '), { minLength: 200, maxLength: 600 }),
        (chars) => {
          const text = chars.join('');
          const out: string[] = [];
          automaton.scan(text, (id, start) => out.push(`${id}@${start}`));
          expect(out.sort()).toEqual(naive(phrases, text));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the same answers whatever the walk table computed before (entries are filled on first read)', () => {
    // one automaton per phrase set, reused on texts in a random order: each text's answer must
    // equal a fresh automaton's, so no entry computed for an earlier text (along a failure chain,
    // on another column) can be wrong for a later one
    const alphabet = fc.constantFrom('a', 'b', 'c', 'd', 'é', '忽', ' ');
    const word = fc.array(alphabet, { minLength: 1, maxLength: 5 }).map((a) => a.join(''));
    const text = fc.array(alphabet, { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 12 }),
        fc.array(text, { minLength: 2, maxLength: 6 }),
        (phrases, texts) => {
          const reused = new PhraseAutomaton(phrases);
          for (const t of texts) {
            const a: string[] = [];
            reused.scan(t, (id, start) => a.push(`${id}@${start}`));
            expect(a.sort()).toEqual(naive(phrases, t));
            expect([...reused.occurrences(t)]).toEqual([
              ...new PhraseAutomaton(phrases).occurrences(t),
            ]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees with a naive search with 16-bit walk tables past 32,767 states and 32-bit ones past 65,535', () => {
    // the walk numbers reporting states last and tests a step against the first of them; a table
    // of up to 65,535 states has 16-bit entries, a larger one 32-bit entries
    let seed = 11;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const units = 'abcdefgh é忽';
    const phrase = () =>
      Array.from({ length: 4 + next(9) }, () => units[next(units.length)]).join('');
    for (const [n, min, max] of [
      [8_000, 0x8000, 0xffff],
      [16_000, 0x10000, Number.POSITIVE_INFINITY],
    ] as const) {
      const phrases = Array.from({ length: n }, phrase);
      const states = buildAutomatonSkeleton(phrases).fail.length;
      expect(states).toBeGreaterThan(min);
      expect(states).toBeLessThanOrEqual(max);
      const automaton = new PhraseAutomaton(phrases);
      for (let t = 0; t < 20; t++) {
        // planted phrases among random units, so deep states and outputs are both reached
        const text = Array.from({ length: 40 }, () =>
          next(3) === 0 ? phrases[next(n)] : units[next(units.length)],
        ).join('');
        const viaScan: string[] = [];
        automaton.scan(text, (id, start) => viaScan.push(`${id}@${start}`));
        const pairs = automaton.occurrences(text);
        const viaWalk: string[] = [];
        for (let k = 0; k < pairs.length; k += 2)
          viaWalk.push(`${pairs[k]}@${pairs[k + 1]! - phrases[pairs[k]!]!.length}`);
        const expected = naive(phrases, text);
        expect(expected.length).toBeGreaterThan(5);
        expect(viaScan.sort()).toEqual(expected);
        expect(viaWalk.sort()).toEqual(expected);
      }
    }
  });
});
