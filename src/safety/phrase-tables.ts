/**
 * @module safety/phrase-tables
 * The scanner's phrase set, stored at build time: `npm run build` (scripts/build-phrase-tables.mjs)
 * writes `dist/safety/phrase-tables.bin` beside this module, holding the automaton's skeleton, its
 * walk tables (everything the walk reads but the table it fills as it goes) and the patterns'
 * {@link PhraseIndex}, so a one-shot `ctxloom scan` reads one file instead of folding thousands
 * of phrases and compiling the automaton (tens of milliseconds each). A binary file, not a module: a megabyte of module source costs about 20 ms
 * to load before any of it runs. Each entry is used only for exactly what it was built from
 * (compared in full), and a malformed, damaged (its SHA-256 does not match) or missing file is
 * ignored: the tables are then built from the rules, with the same result. The sources hold no file: the tables are generated from the
 * rules on every build, never committed.
 */
import { readFileSync } from 'node:fs';
import {
  type AutomatonSkeleton,
  buildAutomatonSkeleton,
  compileWalkTables,
  PhraseAutomaton,
} from './aho-corasick.js';
import { buildPhraseIndex, type PhraseIndex } from './phrase-index.js';
import type { PhrasePattern } from './phrase-pattern.js';
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
  type StoredPhraseIndex,
  type StoredPhraseTables,
  type StoredSkeleton,
} from './phrase-tables-codec.js';

let stored: StoredPhraseTables | undefined;

/** The tables the build stored beside this module (read once; none when there is no file). */
export function storedPhraseTables(): StoredPhraseTables {
  if (stored === undefined) {
    stored = { skeletons: [], indexes: [] };
    try {
      const file = readFileSync(new URL('./phrase-tables.bin', import.meta.url));
      stored = decodeTablesFile(file) ?? stored;
    } catch {
      // not built (the sources run directly): the tables are built from the rules
    }
  }
  return stored;
}

/**
 * Fresh builds of this process, newest last (what the build script stores), at most 4 each; a
 * skeleton with the walk tables compiled from it, once an automaton has been.
 */
const built: { phrases: string; skeleton: AutomatonSkeleton; walk?: Uint8Array }[] = [];
const builtIndexes: { key: string; index: PhraseIndex }[] = [];
let skeletonUses = 0;
let indexUses = 0;
let walkUses = 0;

/** The stored-table key of `phrases` (none when a phrase holds the separator). */
function phrasesKey(phrases: readonly string[]): string | undefined {
  return phrases.some((p) => p.includes('\u0000')) ? undefined : phrases.join('\u0000');
}

/**
 * The skeleton of `phrases`: the precomputed one when the build stored one for exactly these
 * phrases, else a fresh {@link buildAutomatonSkeleton} (recorded for the build script).
 */
export function phraseSkeleton(
  phrases: readonly string[],
  stored: readonly StoredSkeleton[] = storedPhraseTables().skeletons,
): AutomatonSkeleton {
  const key = phrasesKey(phrases);
  if (key !== undefined) {
    for (const entry of stored) {
      if (entry.phrases !== key) continue;
      const skeleton = decodeSkeleton(entry.tables);
      if (skeleton?.outIds.every((id) => id < phrases.length)) {
        skeletonUses++;
        return skeleton;
      }
    }
  }
  const skeleton = buildAutomatonSkeleton(phrases);
  if (key !== undefined) {
    built.push({ phrases: key, skeleton });
    if (built.length > 4) built.shift();
  }
  return skeleton;
}

/**
 * The automaton of `phrases` (see {@link PhraseAutomaton}'s constructor for the rest): from the
 * walk tables the build stored for exactly these phrases and inputs (compared in full), else
 * compiled from {@link phraseSkeleton} (and recorded for the build script).
 */
export function phraseAutomaton(
  phrases: readonly string[],
  bounds: Uint8Array,
  wordUnit: Uint8Array,
  gaps: Int32Array | undefined,
  stored: readonly StoredSkeleton[] = storedPhraseTables().skeletons,
): PhraseAutomaton {
  const key = phrasesKey(phrases);
  const inputs = { bounds, wordUnit, gaps };
  if (key !== undefined) {
    for (const entry of stored) {
      if (entry.phrases !== key || entry.walk.length === 0) continue;
      const tables = decodeWalkTables(entry.walk, phrases.length, inputs);
      if (tables !== undefined) {
        walkUses++;
        return PhraseAutomaton.fromWalkTables(tables, wordUnit);
      }
    }
  }
  const skeleton = phraseSkeleton(phrases, stored);
  const tables = compileWalkTables(phrases, bounds, wordUnit, skeleton, gaps);
  const fresh = built.find((b) => b.skeleton === skeleton);
  if (fresh !== undefined) fresh.walk = encodeWalkTables(tables, inputs);
  else if (key !== undefined) {
    // a stored skeleton whose walk tables were not stored for these inputs
    built.push({ phrases: key, skeleton, walk: encodeWalkTables(tables, inputs) });
    if (built.length > 4) built.shift();
  }
  return new PhraseAutomaton(phrases, bounds, wordUnit, skeleton, gaps, tables);
}

/** How many automata of this process started from precomputed walk tables. */
export function precomputedWalkUses(): number {
  return walkUses;
}

/** How many automata of this process started from a precomputed skeleton. */
export function precomputedSkeletonUses(): number {
  return skeletonUses;
}

/**
 * The {@link PhraseIndex} of `patterns`: the precomputed one when the build stored one for exactly
 * these patterns and guard names, else a fresh {@link buildPhraseIndex} (recorded for the build
 * script).
 */
export function phraseIndex(
  patterns: readonly PhrasePattern[],
  guards: ReadonlyMap<string, unknown>,
  stored: readonly StoredPhraseIndex[] = storedPhraseTables().indexes,
): PhraseIndex {
  const key = phraseIndexKey(patterns, guards);
  for (const entry of stored) {
    if (entry.key !== key) continue;
    const index = decodePhraseIndex(entry);
    if (index !== undefined) {
      indexUses++;
      return index;
    }
  }
  const index = buildPhraseIndex(patterns, guards);
  builtIndexes.push({ key, index });
  if (builtIndexes.length > 4) builtIndexes.shift();
  return index;
}

/** How many phrase matchers of this process started from a precomputed phrase index. */
export function precomputedIndexUses(): number {
  return indexUses;
}

/** The tables file holding every skeleton and every phrase index built fresh in this process. */
export function phraseTablesFile(): Uint8Array {
  // with walk tables stored, the skeleton they were compiled from is never read: it is left out
  // (0.8 MB of the scanner's file, read by every process that scans)
  const skeletons = built.map((b) => ({
    phrases: b.phrases,
    tables: b.walk === undefined ? encodeSkeleton(b.skeleton) : new Uint8Array(0),
    walk: b.walk ?? new Uint8Array(0),
  }));
  const indexes = builtIndexes.flatMap(({ key, index }) => {
    const texts = index.texts.join('\u0000');
    const guards = index.guardRaws.join('\u0000');
    // a phrase holding U+0000 could not be split back: such an index is built at run time
    if (texts.split('\u0000').length !== index.texts.length) return [];
    if (guards.split('\u0000').length !== Math.max(1, index.guardRaws.length)) return [];
    return [{ key, texts, guards, tables: encodePhraseIndex(index) }];
  });
  return encodeTablesFile({ skeletons, indexes });
}
