import { describe, expect, it } from 'vitest';
import { buildAutomatonSkeleton, PhraseAutomaton } from './aho-corasick.js';
import {
  decodeSkeleton,
  encodeSkeleton,
  phraseSkeleton,
  phraseTablesModule,
  precomputedSkeletonUses,
} from './phrase-tables.js';

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
    const bytes = Buffer.from(good, 'base64');
    bytes.writeInt32LE(7, 0); // magic
    expect(decodeSkeleton(bytes.toString('base64'))).toBeUndefined();
    const bad = Buffer.from(good, 'base64');
    bad.writeInt32LE(1_000_000, 4 * (5 + 32 + 1)); // a failure link past its state
    expect(decodeSkeleton(bad.toString('base64'))).toBeUndefined();
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

  it('the generated module holds the fresh builds of this process', () => {
    const mine = ['phrase-tables-test-only', 'another'];
    phraseSkeleton(mine, []);
    const text = phraseTablesModule();
    expect(text).toContain('export const PRECOMPUTED_PHRASE_TABLES');
    expect(text).toContain(JSON.stringify(mine.join('\u0000')));
  });
});
