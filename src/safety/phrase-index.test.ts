import { describe, expect, it } from 'vitest';
import { NEEDS_END_BOUNDARY, NEEDS_START_BOUNDARY } from './aho-corasick.js';
import { buildPhraseIndex, refTables } from './phrase-index.js';
import type { PhrasePattern } from './phrase-pattern.js';

const PATTERNS: PhrasePattern[] = [
  // the same phrase in two spellings of one group, and again in a later group
  {
    rule: 'a',
    lang: 'en',
    groups: [
      ['Ignore', 'IGNORE', 'ignor*'],
      ['rules', 'ignore'],
    ],
  },
  { rule: 'b', lang: 'de', groups: [['*modus'], ['.env', '忽略']], gaps: [40], sameLine: false },
  { rule: 'a', lang: 'en', groups: [['all'], ['rules'], ['now']], gaps: [5, 7] },
];

function refsOf(index: ReturnType<typeof buildPhraseIndex>, text: string): [number, number][] {
  const id = index.texts.indexOf(text);
  const out: [number, number][] = [];
  for (let r = index.refFrom[id]!; r < index.refFrom[id + 1]!; r++)
    out.push([index.refPattern[r]!, index.refGroup[r]!]);
  return out;
}

describe('buildPhraseIndex', () => {
  const index = buildPhraseIndex(PATTERNS, new Map([['.env', true]]));

  it('folds each spelling once and keeps each distinct phrase once', () => {
    // 'Ignore' and 'IGNORE' fold alike; the stem 'ignor*' is another phrase
    expect(index.texts).toEqual([
      'ignore',
      'ignor',
      'rules',
      'modus',
      '.env',
      '忽略',
      'all',
      'now',
    ]);
  });

  it('gives boundary bits from the stem and suffix marks and the script', () => {
    const bits = (t: string) => index.bounds[index.texts.indexOf(t)];
    expect(bits('ignore')).toBe(NEEDS_START_BOUNDARY | NEEDS_END_BOUNDARY);
    expect(bits('ignor')).toBe(NEEDS_START_BOUNDARY); // a stem may continue
    expect(bits('modus')).toBe(NEEDS_END_BOUNDARY); // a suffix may end a longer word
    expect(bits('.env')).toBe(NEEDS_END_BOUNDARY); // starts with a non-word unit
    expect(bits('忽略')).toBe(0); // a script written without spaces
  });

  it('lists each (pattern, group) once per phrase, later groups first', () => {
    expect(refsOf(index, 'ignore')).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect(refsOf(index, 'rules')).toEqual([
      [0, 1],
      [2, 1],
    ]);
  });

  it('gives the only-later gap of phrases that never start a chain', () => {
    const gap = (t: string) => index.maxGapIfOnlyLater[index.texts.indexOf(t)];
    expect(gap('ignore')).toBe(-1); // starts pattern 0
    expect(gap('rules')).toBe(24); // the default gap of pattern 0 beats pattern 2's 5
    expect(gap('.env')).toBe(40);
    expect(gap('now')).toBe(7);
  });

  it('names the guard of the spelling that made the phrase', () => {
    expect([...index.guardIds]).toEqual([index.texts.indexOf('.env')]);
    expect(index.guardRaws).toEqual(['.env']);
    expect(buildPhraseIndex(PATTERNS).guardIds.length).toBe(0);
  });

  it('derives slots, rules, gaps and same-line bits per ref', () => {
    const t = refTables(index, PATTERNS);
    expect([...t.offsets]).toEqual([0, 2, 4]);
    expect(t.slots).toBe(7);
    expect([...t.ruleOf]).toEqual([0, 1, 0]);
    expect(t.rules).toBe(2);
    const r = index.refFrom[index.texts.indexOf('now')]!;
    expect([t.slot[r], t.rule[r], t.gap[r], t.sameLine[r], t.last[r]]).toEqual([6, 0, 7, 1, 1]);
    const e = index.refFrom[index.texts.indexOf('.env')]!;
    expect([t.slot[e], t.rule[e], t.gap[e], t.sameLine[e], t.last[e]]).toEqual([3, 1, 40, 0, 1]);
  });
});
