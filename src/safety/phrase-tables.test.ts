import { describe, expect, it } from 'vitest';
import { buildAutomatonSkeleton, compileWalkTables, PhraseAutomaton } from './aho-corasick.js';
import { buildPhraseIndex, type PhraseIndex } from './phrase-index.js';
import type { PhrasePattern } from './phrase-pattern.js';
import {
  phraseAutomaton,
  phraseIndex,
  phraseSkeleton,
  phraseTablesFile,
  precomputedIndexUses,
  precomputedSkeletonUses,
  precomputedWalkUses,
} from './phrase-tables.js';
import {
  decodePhraseIndex,
  decodeSkeleton,
  decodeTablesFile,
  decodeWalkTables,
  encodePhraseIndex,
  encodeSkeleton,
  encodeTablesFile,
  encodeWalkTables,
  phraseIndexKey,
} from './phrase-tables-codec.js';

const PHRASES = ['ignore', 'ignore all', 'previous', 'he', 'she', 'hers', '忽略', '忽略之前', 'é'];
const TEXT = 'She said: ignore all previous hers 忽略之前的 é ignorer';

/** Word units as the scanner's boundary table has them: ASCII letters and digits. */
const WORD = new Uint8Array(128);
for (let u = 0; u < 128; u++) WORD[u] = /[A-Za-z0-9]/.test(String.fromCharCode(u)) ? 1 : 0;
const BOUNDS = Uint8Array.from(PHRASES, (_, i) => i % 4);
const GAPS = Int32Array.from(PHRASES, (_, i) => (i === 3 ? 5 : -1));

function hits(a: PhraseAutomaton, text: string): number[] {
  return [...a.occurrences(text)];
}

describe('phrase tables', () => {
  it('a decoded skeleton equals the fresh build and walks the same', () => {
    const fresh = buildAutomatonSkeleton(PHRASES);
    const decoded = decodeSkeleton(encodeSkeleton(fresh));
    expect(decoded).toBeDefined();
    for (const key of ['classOf', 'fail', 'edgeStart', 'edgeKey', 'outStart', 'outIds'] as const)
      expect([...decoded![key]]).toEqual([...fresh[key]]);
    expect(decoded!.classes).toBe(fresh.classes);
    const a = new PhraseAutomaton(PHRASES);
    const b = new PhraseAutomaton(PHRASES, undefined, undefined, decoded);
    expect(hits(b, TEXT)).toEqual(hits(a, TEXT));
    expect(hits(a, TEXT).length).toBeGreaterThan(10);
  });

  it('refuses a skeleton whose parts do not have their sizes', () => {
    const good = encodeSkeleton(buildAutomatonSkeleton(PHRASES));
    expect(decodeSkeleton(good.slice(0, 40))).toBeUndefined();
    expect(decodeSkeleton(good.slice(0, good.length - 4))).toBeUndefined();
    const bytes = Buffer.from(good);
    bytes.writeInt32LE(7, 0); // magic
    expect(decodeSkeleton(bytes)).toBeUndefined();
    // a view at an odd offset decodes like the aligned bytes
    const odd = new Uint8Array(good.length + 1);
    odd.set(good, 1);
    expect(decodeSkeleton(odd.subarray(1))?.fail.length).toBe(decodeSkeleton(good)?.fail.length);
  });

  it('decoded walk tables walk as a fresh compile, and only for exactly their inputs', () => {
    const skeleton = buildAutomatonSkeleton(PHRASES);
    const inputs = { bounds: BOUNDS, wordUnit: WORD, gaps: GAPS };
    const fresh = compileWalkTables(PHRASES, BOUNDS, WORD, skeleton, GAPS);
    const stored = encodeWalkTables(fresh, inputs);
    const decoded = decodeWalkTables(stored, PHRASES.length, inputs);
    expect(decoded).toBeDefined();
    const plainTables = (t: object) =>
      JSON.stringify(t, (_, v) => (ArrayBuffer.isView(v) ? [...(v as Uint8Array)] : v));
    expect(plainTables(decoded!)).toBe(plainTables(fresh));
    const a = new PhraseAutomaton(PHRASES, BOUNDS, WORD, undefined, GAPS);
    const b = PhraseAutomaton.fromWalkTables(decoded!, WORD);
    expect(hits(b, TEXT)).toEqual(hits(a, TEXT));
    expect(hits(a, TEXT).length).toBeGreaterThan(4);
    // any other input than the ones compiled from: refused
    const otherBounds = BOUNDS.slice();
    otherBounds[1] = otherBounds[1]! ^ 1;
    expect(
      decodeWalkTables(stored, PHRASES.length, { ...inputs, bounds: otherBounds }),
    ).toBeUndefined();
    expect(
      decodeWalkTables(stored, PHRASES.length, { ...inputs, gaps: undefined }),
    ).toBeUndefined();
    const otherGaps = GAPS.slice();
    otherGaps[1] = 3;
    expect(
      decodeWalkTables(stored, PHRASES.length, { ...inputs, gaps: otherGaps }),
    ).toBeUndefined();
    expect(
      decodeWalkTables(stored, PHRASES.length, { ...inputs, wordUnit: WORD.subarray(0, 64) }),
    ).toBeUndefined();
    expect(decodeWalkTables(stored, PHRASES.length + 1, inputs)).toBeUndefined();
  });

  it('refuses truncated walk tables or a header that does not fit them', () => {
    const inputs = { bounds: BOUNDS, wordUnit: WORD, gaps: GAPS };
    const good = encodeWalkTables(
      compileWalkTables(PHRASES, BOUNDS, WORD, buildAutomatonSkeleton(PHRASES), GAPS),
      inputs,
    );
    expect(
      decodeWalkTables(good.subarray(0, good.length - 1), PHRASES.length, inputs),
    ).toBeUndefined();
    const states = new Int32Array(good.buffer, 0, 10)[2]!;
    const bad = Buffer.from(good);
    bad.writeInt32LE(states + 1, 8); // one state more than the parts hold
    expect(decodeWalkTables(bad, PHRASES.length, inputs)).toBeUndefined();
    const outBase = Buffer.from(good);
    outBase.writeInt32LE(states + 1, 4 * 7); // the first reporting state past the last one
    expect(decodeWalkTables(outBase, PHRASES.length, inputs)).toBeUndefined();
    const magic = Buffer.from(good);
    magic.writeInt32LE(7, 0);
    expect(decodeWalkTables(magic, PHRASES.length, inputs)).toBeUndefined();
    // a view at an odd offset decodes like the aligned bytes
    const odd = new Uint8Array(good.length + 1);
    odd.set(good, 1);
    expect(decodeWalkTables(odd.subarray(1), PHRASES.length, inputs)?.fail.length).toBe(states);
  });

  it('phraseAutomaton uses stored walk tables for exactly their phrases and inputs, and records fresh ones', () => {
    const mine = ['walk-tables-test-only', 'walk', 'tables'];
    const bounds = new Uint8Array(mine.length).fill(3);
    const before = precomputedWalkUses();
    const fresh = phraseAutomaton(mine, bounds, WORD, undefined, []);
    expect(precomputedWalkUses()).toBe(before);
    const file = decodeTablesFile(phraseTablesFile());
    const entry = file?.skeletons.find((e) => e.phrases === mine.join('\u0000'));
    expect(entry?.walk.length).toBeGreaterThan(0);
    const text = 'the walk-tables-test-only walk, tables';
    const stored = phraseAutomaton(mine, bounds, WORD, undefined, [entry!]);
    expect(precomputedWalkUses()).toBe(before + 1);
    expect(hits(stored, text)).toEqual(hits(fresh, text));
    expect(hits(fresh, text).length).toBe(10); // five (phrase, end) pairs
    // other bounds: compiled afresh, not taken from the entry
    phraseAutomaton(mine, new Uint8Array(mine.length), WORD, undefined, [entry!]);
    expect(precomputedWalkUses()).toBe(before + 1);
  });

  it('uses a stored skeleton only for exactly its phrases', () => {
    const stored = [
      {
        phrases: PHRASES.join('\u0000'),
        tables: encodeSkeleton(buildAutomatonSkeleton(PHRASES)),
        walk: new Uint8Array(0),
      },
    ];
    const before = precomputedSkeletonUses();
    phraseSkeleton(PHRASES, stored);
    expect(precomputedSkeletonUses()).toBe(before + 1);
    const other = [...PHRASES.slice(0, -1), 'è'];
    const s = phraseSkeleton(other, stored);
    expect(precomputedSkeletonUses()).toBe(before + 1);
    expect([...s.outIds]).toEqual([...buildAutomatonSkeleton(other).outIds]);
  });

  it('the generated file holds the fresh builds of this process', () => {
    const mine = ['phrase-tables-test-only', 'another'];
    phraseSkeleton(mine, []);
    const file = decodeTablesFile(phraseTablesFile());
    const entry = file?.skeletons.find((s) => s.phrases === mine.join('\u0000'));
    expect(entry).toBeDefined();
    expect(encodeSkeleton(decodeSkeleton(entry!.tables)!)).toEqual(
      encodeSkeleton(buildAutomatonSkeleton(mine)),
    );
  });
});

const PATTERNS: PhrasePattern[] = [
  {
    rule: 'a',
    lang: 'en',
    groups: [
      ['ignore', 'disregard*'],
      ['rules', 'règles'],
    ],
  },
  { rule: 'b', lang: 'zh', groups: [['忽略'], ['.env', '指令']], gaps: [12] },
];
const GUARDS = new Map([['.env', true]]);

function entryOf(patterns: readonly PhrasePattern[], index: PhraseIndex) {
  return {
    key: phraseIndexKey(patterns, GUARDS),
    texts: index.texts.join('\u0000'),
    guards: index.guardRaws.join('\u0000'),
    tables: encodePhraseIndex(index),
  };
}

function plain(index: PhraseIndex): unknown {
  return Object.fromEntries(
    Object.entries(index).map(([k, v]) => [k, ArrayBuffer.isView(v) ? [...(v as Int32Array)] : v]),
  );
}

describe('stored phrase indexes', () => {
  it('a decoded index equals the fresh build', () => {
    const fresh = buildPhraseIndex(PATTERNS, GUARDS);
    const decoded = decodePhraseIndex(entryOf(PATTERNS, fresh));
    expect(decoded).toBeDefined();
    expect(plain(decoded!)).toEqual(plain(fresh));
  });

  it('refuses an index whose parts do not have their sizes', () => {
    const entry = entryOf(PATTERNS, buildPhraseIndex(PATTERNS, GUARDS));
    expect(decodePhraseIndex({ ...entry, tables: entry.tables.slice(0, 12) })).toBeUndefined();
    expect(decodePhraseIndex({ ...entry, tables: entry.tables.slice(0, -4) })).toBeUndefined();
    const bad = Buffer.from(entry.tables);
    const phrases = bad.readInt32LE(4);
    bad.writeInt32LE(99, 4 * (4 + 2 * phrases)); // refFrom[0] (after the header, bounds and gaps)
    expect(decodePhraseIndex({ ...entry, tables: bad })).toBeUndefined();
    expect(decodePhraseIndex({ ...entry, texts: 'one' })).toBeUndefined();
  });

  it('uses a stored index only for exactly its patterns and guard names', () => {
    const stored = [entryOf(PATTERNS, buildPhraseIndex(PATTERNS, GUARDS))];
    const before = precomputedIndexUses();
    phraseIndex(PATTERNS, GUARDS, stored);
    expect(precomputedIndexUses()).toBe(before + 1);
    phraseIndex(PATTERNS, new Map(), stored); // other guard names
    const gaps = [PATTERNS[0]!, { ...PATTERNS[1]!, gaps: [13] }];
    const other = phraseIndex(gaps, GUARDS, stored);
    expect(precomputedIndexUses()).toBe(before + 1);
    expect(plain(other)).toEqual(plain(buildPhraseIndex(gaps, GUARDS)));
  });

  it('the generated file holds the fresh indexes of this process', () => {
    const mine: PhrasePattern[] = [
      { rule: 'x', lang: 'fr', groups: [['phrase-index-test-only é']] },
    ];
    phraseIndex(mine, new Map(), []);
    const file = decodeTablesFile(phraseTablesFile());
    const entry = file?.indexes.find((i) => i.key === phraseIndexKey(mine, new Map()));
    expect(entry?.texts).toBe('phrase-index-test-only e'); // folded
    expect(plain(decodePhraseIndex(entry!)!)).toEqual(plain(buildPhraseIndex(mine)));
  });

  it('a tables file round-trips, and a truncated or foreign one is refused', () => {
    const tables = {
      skeletons: [
        {
          phrases: 'a\u0000bé',
          tables: encodeSkeleton(buildAutomatonSkeleton(['a', 'bé'])),
          walk: encodeWalkTables(
            compileWalkTables(
              ['a', 'bé'],
              new Uint8Array(2),
              WORD,
              buildAutomatonSkeleton(['a', 'bé']),
            ),
            { bounds: new Uint8Array(2), wordUnit: WORD, gaps: undefined },
          ),
        },
      ],
      indexes: [entryOf(PATTERNS, buildPhraseIndex(PATTERNS, GUARDS))],
    };
    const file = encodeTablesFile(tables);
    expect(decodeTablesFile(file)).toEqual(tables);
    expect(decodeTablesFile(file.subarray(0, file.length - 8))).toBeUndefined();
    // any byte changed, in a part or in the counts: the digest no longer matches
    for (const at of [40, 60, file.length - 5, Math.floor(file.length / 2)]) {
      const damaged = file.slice();
      damaged[at] = damaged[at]! ^ 0x10;
      expect(decodeTablesFile(damaged)).toBeUndefined();
    }
    expect(decodeTablesFile(new Uint8Array(16))).toBeUndefined();
    expect(decodeTablesFile(new Uint8Array(3))).toBeUndefined();
  });
});
