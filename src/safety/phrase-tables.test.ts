import { describe, expect, it } from 'vitest';
import { buildAutomatonSkeleton, PhraseAutomaton } from './aho-corasick.js';
import { buildPhraseIndex, type PhraseIndex } from './phrase-index.js';
import type { PhrasePattern } from './phrase-pattern.js';
import {
  phraseIndex,
  phraseSkeleton,
  phraseTablesFile,
  precomputedIndexUses,
  precomputedSkeletonUses,
} from './phrase-tables.js';
import {
  decodePhraseIndex,
  decodeSkeleton,
  decodeTablesFile,
  encodePhraseIndex,
  encodeSkeleton,
  encodeTablesFile,
  phraseIndexKey,
} from './phrase-tables-codec.js';

const PHRASES = ['ignore', 'ignore all', 'previous', 'he', 'she', 'hers', '忽略', '忽略之前', 'é'];
const TEXT = 'She said: ignore all previous hers 忽略之前的 é ignorer';

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

  it('rejects a corrupted or truncated table', () => {
    const good = encodeSkeleton(buildAutomatonSkeleton(PHRASES));
    expect(decodeSkeleton(good.slice(0, 40))).toBeUndefined();
    const bytes = Buffer.from(good);
    bytes.writeInt32LE(7, 0); // magic
    expect(decodeSkeleton(bytes)).toBeUndefined();
    const bad = Buffer.from(good);
    bad.writeInt32LE(1_000_000, 4 * (5 + 32 + 1)); // a failure link past its state
    expect(decodeSkeleton(bad)).toBeUndefined();
    // a view at an odd offset decodes like the aligned bytes
    const odd = new Uint8Array(good.length + 1);
    odd.set(good, 1);
    expect(decodeSkeleton(odd.subarray(1))?.fail.length).toBe(decodeSkeleton(good)?.fail.length);
  });

  it('uses a stored skeleton only for exactly its phrases', () => {
    const stored = [
      { phrases: PHRASES.join('\u0000'), tables: encodeSkeleton(buildAutomatonSkeleton(PHRASES)) },
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
    const decoded = decodePhraseIndex(entryOf(PATTERNS, fresh), PATTERNS);
    expect(decoded).toBeDefined();
    expect(plain(decoded!)).toEqual(plain(fresh));
  });

  it('rejects a corrupted table or one that does not fit the patterns', () => {
    const entry = entryOf(PATTERNS, buildPhraseIndex(PATTERNS, GUARDS));
    expect(decodePhraseIndex({ ...entry, tables: entry.tables.slice(0, 12) }, PATTERNS)).toBe(
      undefined,
    );
    const bad = Buffer.from(entry.tables);
    bad.writeInt32LE(99, bad.length - 4); // the guarded phrase id, past the last phrase
    expect(decodePhraseIndex({ ...entry, tables: bad }, PATTERNS)).toBeUndefined();
    // a ref naming a group its pattern does not have
    expect(decodePhraseIndex(entry, [PATTERNS[0]!, { ...PATTERNS[1]!, groups: [['x']] }])).toBe(
      undefined,
    );
    expect(decodePhraseIndex({ ...entry, texts: 'one' }, PATTERNS)).toBeUndefined();
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
    expect(plain(decodePhraseIndex(entry!, mine)!)).toEqual(plain(buildPhraseIndex(mine)));
  });

  it('a tables file round-trips, and a truncated or foreign one is refused', () => {
    const tables = {
      skeletons: [
        { phrases: 'a\u0000bé', tables: encodeSkeleton(buildAutomatonSkeleton(['a', 'bé'])) },
      ],
      indexes: [entryOf(PATTERNS, buildPhraseIndex(PATTERNS, GUARDS))],
    };
    const file = encodeTablesFile(tables);
    expect(decodeTablesFile(file)).toEqual(tables);
    expect(decodeTablesFile(file.subarray(0, file.length - 8))).toBeUndefined();
    expect(decodeTablesFile(new Uint8Array(16))).toBeUndefined();
    expect(decodeTablesFile(new Uint8Array(3))).toBeUndefined();
  });
});
