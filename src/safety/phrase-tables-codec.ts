/**
 * @module safety/phrase-tables-codec
 * The binary forms the build stores for the scanner's phrase set (see `phrase-tables.ts`): an
 * {@link AutomatonSkeleton}, the {@link WalkTables} compiled from it, a {@link PhraseIndex}, and
 * the file that holds them. The file carries a SHA-256 of its contents, which
 * {@link decodeTablesFile} checks before it hands out any part: a damaged file is refused as a
 * whole, so it can only cost the time of a fresh build, never a wrong result or a walk that does
 * not end. The part decoders check the structure (format tag, part sizes) and answer `undefined`
 * for a part that does not fit it; they do not check every entry (a pass over the 1.5 MB of walk
 * tables in a fresh process, mostly interpreted, cost about 22 ms of CPU; the digest of the whole
 * file about 10, node:crypto's import included), so their input must come from a checked file.
 */
import { type AutomatonSkeleton, ROOT, type WalkTables } from './aho-corasick.js';
import type { PhraseIndex } from './phrase-index.js';
import type { PhrasePattern } from './phrase-pattern.js';
import { aligned, openSealed, SEALED_BODY, sameBytes, seal } from './sealed-file.js';

/**
 * A stored skeleton: `phrases` joined with U+0000 (the key, compared in full), its tables, and
 * the automaton's walk tables compiled from it ({@link encodeWalkTables}; empty when none).
 */
export interface StoredSkeleton {
  readonly phrases: string;
  readonly tables: Uint8Array;
  readonly walk: Uint8Array;
}

/**
 * A stored phrase index: `key` is the pattern set's {@link phraseIndexKey} (compared in full),
 * `texts` the folded phrases and `guards` the guarded spellings, each joined with U+0000.
 */
export interface StoredPhraseIndex {
  readonly key: string;
  readonly texts: string;
  readonly guards: string;
  readonly tables: Uint8Array;
}

/** Everything the build stored. */
export interface StoredPhraseTables {
  readonly skeletons: readonly StoredSkeleton[];
  readonly indexes: readonly StoredPhraseIndex[];
}

/** Format tag and version of the binary form (its first Int32). */
const MAGIC = 0x50_54_00_01;
/** Header Int32s: magic, classes, states, edges, reported ids; then 32 Int32s of ASCII classes. */
const HEADER = 5;
const CLASS_WORDS = 32;

/** The binary form of `s` (Int32s in the platform's byte order, checked on decode). */
export function encodeSkeleton(s: AutomatonSkeleton): Uint8Array {
  const states = s.fail.length;
  const ints = new Int32Array(
    HEADER + CLASS_WORDS + states + (states + 1) * 2 + s.edgeKey.length + s.outIds.length,
  );
  ints.set([MAGIC, s.classes, states, s.edgeKey.length, s.outIds.length]);
  new Uint8Array(ints.buffer, HEADER * 4, 128).set(s.classOf);
  let at = HEADER + CLASS_WORDS;
  for (const part of [s.fail, s.edgeStart, s.edgeKey, s.outStart, s.outIds]) {
    ints.set(part, at);
    at += part.length;
  }
  return new Uint8Array(ints.buffer);
}

/** The skeleton stored by {@link encodeSkeleton}, or `undefined` when `stored` is not one. */
export function decodeSkeleton(stored: Uint8Array): AutomatonSkeleton | undefined {
  const bytes = aligned(stored);
  if (bytes.length < (HEADER + CLASS_WORDS) * 4 || bytes.length % 4 !== 0) return undefined;
  const ints = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const [magic, classes, states, edges, outs] = ints;
  if (magic !== MAGIC || classes === undefined || states === undefined) return undefined;
  if (edges === undefined || outs === undefined || states < 1 || classes < 1 || classes > 128)
    return undefined;
  if (ints.length !== HEADER + CLASS_WORDS + states + (states + 1) * 2 + edges + outs)
    return undefined;
  let at = HEADER + CLASS_WORDS;
  const take = (n: number): Int32Array => {
    const part = ints.subarray(at, at + n);
    at += n;
    return part;
  };
  const skeleton: AutomatonSkeleton = {
    classOf: new Uint8Array(bytes.buffer, bytes.byteOffset + HEADER * 4, 128),
    classes,
    fail: take(states),
    edgeStart: take(states + 1),
    edgeKey: take(edges),
    outStart: take(states + 1),
    outIds: take(outs),
  };
  return isWellFormed(skeleton) ? skeleton : undefined;
}

/** The part sizes the automaton relies on (the entries are the file digest's to vouch for). */
function isWellFormed(s: AutomatonSkeleton): boolean {
  const states = s.fail.length;
  if (s.edgeStart[0] !== 0 || s.edgeStart[states] !== s.edgeKey.length) return false;
  if (s.edgeKey.length !== states - 1) return false; // every state but the root is one edge's child
  return s.outStart[0] === 0 && s.outStart[states] === s.outIds.length;
}

/** Format tag and version of stored walk tables (their first Int32). */
const WALK_MAGIC = 0x50_57_00_01;
/** Header Int32s: magic, phrases, states, dense edges, wide slots, reported ids (all / pruned), outBase, word units, gaps (0 or 1). */
const WALK_HEADER = 10;
/** Entries of a walk's `column` table (one per BMP code unit). */
const UNITS = 0x10000;

/** What walk tables were compiled from besides the phrases: compared in full before use. */
export interface WalkInputs {
  readonly bounds: Uint8Array;
  readonly wordUnit: Uint8Array;
  readonly gaps: Int32Array | undefined;
}

/** The binary form of `t`, compiled from `inputs`: Int32 parts, then Uint16, then Uint8 ones. */
export function encodeWalkTables(t: WalkTables, inputs: WalkInputs): Uint8Array {
  const phrases = t.lengths.length;
  const states = t.fail.length;
  const gaps = inputs.gaps === undefined ? [] : [inputs.gaps];
  const int32 = [
    t.lengths,
    ...gaps,
    t.fail,
    t.denseStart,
    t.denseNext,
    t.wideState,
    t.wideNext,
    t.allStart,
    t.allIds,
    t.outStart,
    t.outIds,
    t.outLen,
    t.outGap,
  ];
  const uint8 = [t.column, t.denseColumn, t.outBounds, inputs.bounds, inputs.wordUnit];
  const header = [
    WALK_MAGIC,
    phrases,
    states,
    t.denseNext.length,
    t.wideState.length,
    t.allIds.length,
    t.outIds.length,
    t.outBase,
    inputs.wordUnit.length,
    gaps.length,
  ];
  let ints = WALK_HEADER;
  for (const a of int32) ints += a.length;
  const out = new Uint8Array(
    ints * 4 + t.wideUnit.length * 2 + uint8.reduce((n, a) => n + a.length, 0),
  );
  const head = new Int32Array(out.buffer, 0, ints);
  head.set(header);
  let at = WALK_HEADER;
  for (const a of int32) {
    head.set(a, at);
    at += a.length;
  }
  new Uint16Array(out.buffer, ints * 4, t.wideUnit.length).set(t.wideUnit);
  let byte = ints * 4 + t.wideUnit.length * 2;
  for (const a of uint8) {
    out.set(a, byte);
    byte += a.length;
  }
  return out;
}

/**
 * The walk tables stored by {@link encodeWalkTables} for `phrases` phrases, when they were compiled
 * from exactly `inputs` and their parts have the sizes their header gives; else `undefined`.
 */
export function decodeWalkTables(
  stored: Uint8Array,
  phrases: number,
  inputs: WalkInputs,
): WalkTables | undefined {
  const bytes = aligned(stored);
  if (bytes.length < WALK_HEADER * 4) return undefined;
  const head = new Int32Array(bytes.buffer, bytes.byteOffset, WALK_HEADER);
  const [magic, n, states = 0, dense = -1, wide = 0, alls = -1, outs = -1, outBase = -1] = head;
  const [units = -1, hasGaps = -1] = head.subarray(8);
  if (magic !== WALK_MAGIC || n !== phrases || states < ROOT + 1) return undefined;
  if (dense < 0 || alls < 0 || outs < 0 || units < 0 || (hasGaps !== 0 && hasGaps !== 1))
    return undefined;
  if (wide < 16 || (wide & (wide - 1)) !== 0 || hasGaps !== (inputs.gaps === undefined ? 0 : 1))
    return undefined;
  const ints =
    WALK_HEADER + phrases * (1 + hasGaps) + states * 4 + 3 + dense + 2 * wide + alls + 3 * outs;
  if (bytes.length !== ints * 4 + wide * 2 + UNITS + dense + outs + phrases + units)
    return undefined;
  const all32 = new Int32Array(bytes.buffer, bytes.byteOffset, ints);
  let at = WALK_HEADER;
  const int32 = (k: number) => {
    at += k;
    return all32.subarray(at - k, at);
  };
  const lengths = int32(phrases);
  const gaps = hasGaps === 1 ? int32(phrases) : undefined;
  const fail = int32(states);
  const denseStart = int32(states + 1);
  const denseNext = int32(dense);
  const wideState = int32(wide);
  const wideNext = int32(wide);
  const allStart = int32(states + 1);
  const allIds = int32(alls);
  const outStart = int32(states + 1);
  const outIds = int32(outs);
  const outLen = int32(outs);
  const outGap = int32(outs);
  const wideUnit = new Uint16Array(bytes.buffer, bytes.byteOffset + ints * 4, wide);
  let byte = bytes.byteOffset + ints * 4 + wide * 2;
  const uint8 = (k: number) => {
    byte += k;
    return new Uint8Array(bytes.buffer, byte - k, k);
  };
  const column = uint8(UNITS);
  const denseColumn = uint8(dense);
  const outBounds = uint8(outs);
  const bounds = uint8(phrases);
  const wordUnit = uint8(units);
  if (!sameBytes(bounds, inputs.bounds) || !sameBytes(wordUnit, inputs.wordUnit)) return undefined;
  if (gaps !== undefined && !sameBytes(gaps, inputs.gaps!)) return undefined;
  const t: WalkTables = {
    lengths,
    outBase,
    column,
    fail,
    denseStart,
    denseColumn,
    denseNext,
    wideState,
    wideUnit,
    wideNext,
    allStart,
    allIds,
    outStart,
    outIds,
    outBounds,
    outLen,
    outGap,
  };
  return isWellFormedWalk(t) ? t : undefined;
}

/** `start` (one entry per state, plus one) runs from 0 to `total`, at its ends. */
function isRunOfStarts(start: Int32Array, total: number): boolean {
  return start[0] === 0 && start[start.length - 1] === total;
}

/** The part sizes and header values the walk relies on (the entries are the file digest's to vouch for). */
function isWellFormedWalk(t: WalkTables): boolean {
  const states = t.fail.length;
  if (t.outBase < ROOT || t.outBase > states) return false;
  if (!isRunOfStarts(t.denseStart, t.denseNext.length)) return false;
  return isRunOfStarts(t.allStart, t.allIds.length) && isRunOfStarts(t.outStart, t.outIds.length);
}

/** Format tag and version of a stored phrase index (its first Int32). */
const INDEX_MAGIC = 0x50_49_00_01;
/** Header Int32s: magic, phrases, refs, guarded phrases. */
const INDEX_HEADER = 4;

/** The key a pattern set's index is stored under: everything {@link buildPhraseIndex} reads. */
export function phraseIndexKey(
  patterns: readonly PhrasePattern[],
  guards: ReadonlyMap<string, unknown>,
): string {
  const groups = patterns.map((p) => [p.groups, p.gaps ?? null]);
  return JSON.stringify([[...guards.keys()].sort(), groups]);
}

/** The integer arrays of `index` (the texts are stored beside them). */
export function encodePhraseIndex(index: PhraseIndex): Uint8Array {
  const phrases = index.texts.length;
  const refs = index.refPattern.length;
  const ints = new Int32Array(INDEX_HEADER + 3 * phrases + 1 + 2 * refs + index.guardIds.length);
  ints.set([INDEX_MAGIC, phrases, refs, index.guardIds.length]);
  let at = INDEX_HEADER;
  for (const part of [
    index.bounds,
    index.maxGapIfOnlyLater,
    index.refFrom,
    index.refPattern,
    index.refGroup,
    index.guardIds,
  ]) {
    ints.set(part, at);
    at += part.length;
  }
  return new Uint8Array(ints.buffer);
}

/**
 * The index stored by {@link encodePhraseIndex}, or `undefined` when its parts do not have the
 * sizes its header gives (that it fits a pattern set is what the entry's key says).
 */
export function decodePhraseIndex(entry: StoredPhraseIndex): PhraseIndex | undefined {
  const bytes = aligned(entry.tables);
  if (bytes.length < INDEX_HEADER * 4 || bytes.length % 4 !== 0) return undefined;
  const ints = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const [magic, phrases = -1, refs = -1, guarded = -1] = ints;
  if (magic !== INDEX_MAGIC || phrases < 1 || refs < 0 || guarded < 0) return undefined;
  if (ints.length !== INDEX_HEADER + 3 * phrases + 1 + 2 * refs + guarded) return undefined;
  let at = INDEX_HEADER;
  const take = (n: number): Int32Array => {
    at += n;
    return ints.subarray(at - n, at);
  };
  const bounds = Uint8Array.from(take(phrases));
  const maxGapIfOnlyLater = take(phrases);
  const refFrom = take(phrases + 1);
  const refPattern = take(refs);
  const refGroup = take(refs);
  const index: PhraseIndex = {
    texts: entry.texts.split('\u0000'),
    bounds,
    guardIds: take(guarded),
    guardRaws: guarded === 0 ? [] : entry.guards.split('\u0000'),
    refFrom,
    refPattern,
    refGroup,
    maxGapIfOnlyLater,
  };
  return isWellFormedIndex(index) ? index : undefined;
}

/** The part sizes the matcher relies on (the entries are the file digest's to vouch for). */
function isWellFormedIndex(index: PhraseIndex): boolean {
  const phrases = index.texts.length;
  if (index.bounds.length !== phrases || index.guardRaws.length !== index.guardIds.length)
    return false;
  return index.refFrom[0] === 0 && index.refFrom[phrases] === index.refPattern.length;
}

/** Format tag and version of the tables file (its first Int32). */
const FILE_MAGIC = 0x50_46_00_03;
/** Bytes before the counts (see `sealed-file.ts`). */
const FILE_PREFIX = SEALED_BODY;

/**
 * The file holding `tables`, sealed (`sealed-file.ts`): Int32s (skeletons, indexes,
 * every part's byte length) and the parts, each starting on a 4-byte boundary: per skeleton its
 * phrases (UTF-8), tables and walk tables, per index its key, texts and guards (UTF-8) and tables.
 */
export function encodeTablesFile(tables: StoredPhraseTables): Uint8Array {
  const utf8 = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const s of tables.skeletons) parts.push(utf8.encode(s.phrases), s.tables, s.walk);
  for (const i of tables.indexes)
    parts.push(utf8.encode(i.key), utf8.encode(i.texts), utf8.encode(i.guards), i.tables);
  const head = [tables.skeletons.length, tables.indexes.length];
  const padded = (n: number) => (n + 3) & ~3;
  let size = FILE_PREFIX + (head.length + parts.length) * 4;
  for (const p of parts) size += padded(p.length);
  const out = new Uint8Array(size);
  const ints = new Int32Array(out.buffer, FILE_PREFIX, head.length + parts.length);
  ints.set([...head, ...parts.map((p) => p.length)]);
  let at = FILE_PREFIX + ints.byteLength;
  for (const p of parts) {
    out.set(p, at);
    at += padded(p.length);
  }
  return seal(out, FILE_MAGIC);
}

/**
 * The tables in a file written by {@link encodeTablesFile}, or `undefined` when it is not one or
 * its contents do not match their SHA-256.
 */
export function decodeTablesFile(file: Uint8Array): StoredPhraseTables | undefined {
  const bytes = openSealed(file, FILE_MAGIC);
  if (bytes === undefined || bytes.length < FILE_PREFIX + 8) return undefined;
  const [skeletons = -1, indexes = -1] = new Int32Array(
    bytes.buffer,
    bytes.byteOffset + FILE_PREFIX,
    2,
  );
  if (skeletons < 0 || indexes < 0) return undefined;
  const count = 3 * skeletons + 4 * indexes;
  if (bytes.length < FILE_PREFIX + (2 + count) * 4) return undefined;
  const lengths = new Int32Array(bytes.buffer, bytes.byteOffset + FILE_PREFIX + 8, count);
  const parts: Uint8Array[] = [];
  let at = FILE_PREFIX + (2 + count) * 4;
  for (const n of lengths) {
    if (n < 0 || at + n > bytes.length) return undefined;
    parts.push(bytes.subarray(at, at + n));
    at += (n + 3) & ~3;
  }
  const text = new TextDecoder();
  let k = 0;
  const next = () => parts[k++]!;
  const str = () => text.decode(next());
  return {
    skeletons: Array.from({ length: skeletons }, () => ({
      phrases: str(),
      tables: next(),
      walk: next(),
    })),
    indexes: Array.from({ length: indexes }, () => ({
      key: str(),
      texts: str(),
      guards: str(),
      tables: next(),
    })),
  };
}
