/**
 * @module safety/phrase-tables
 * The phrase automaton's {@link AutomatonSkeleton}, stored: a compact binary form (base64) that the
 * build writes into `phrase-tables-data.js` for the scanner's own phrase set, so a one-shot
 * `ctxloom scan` decodes it (about 1 ms) instead of compiling the automaton (about 45 ms).
 * A skeleton is used only for exactly the phrases it was computed from (compared in full), and a
 * malformed one is ignored: either way the automaton is then built from the phrases.
 */
import { type AutomatonSkeleton, buildAutomatonSkeleton } from './aho-corasick.js';
import { PRECOMPUTED_PHRASE_TABLES, type PrecomputedPhraseTables } from './phrase-tables-data.js';

/** Format tag and version of the binary form (its first Int32). */
const MAGIC = 0x50_54_00_01;
/** Header Int32s: magic, classes, states, edges, reported ids; then 32 Int32s of ASCII classes. */
const HEADER = 5;
const CLASS_WORDS = 32;

/** The binary form of `s`, in base64 (Int32s in the platform's byte order, checked on decode). */
export function encodeSkeleton(s: AutomatonSkeleton): string {
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
  return bytesToBase64(new Uint8Array(ints.buffer));
}

/** The skeleton stored by {@link encodeSkeleton}, or `undefined` when `base64` is not one. */
export function decodeSkeleton(base64: string): AutomatonSkeleton | undefined {
  const bytes = base64ToBytes(base64);
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

/** Index bounds the automaton relies on (a corrupted table must not walk out of its arrays). */
function isWellFormed(s: AutomatonSkeleton): boolean {
  const states = s.fail.length;
  if (s.edgeStart[0] !== 0 || s.edgeStart[states] !== s.edgeKey.length) return false;
  if (s.edgeKey.length !== states - 1) return false; // every state but the root is one edge's child
  if (s.outStart[0] !== 0 || s.outStart[states] !== s.outIds.length) return false;
  for (let i = 0; i < states; i++) {
    if (s.fail[i]! < 0 || s.fail[i]! >= Math.max(1, i)) return false;
    if (s.edgeStart[i + 1]! < s.edgeStart[i]! || s.outStart[i + 1]! < s.outStart[i]!) return false;
  }
  for (const k of s.edgeKey) if (k === 0 || k >= s.classes || k < -0xffff) return false;
  for (const c of s.classOf) if (c >= s.classes) return false;
  return true;
}

function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
}

/** Decoded bytes, 4-byte aligned (so Int32 views of them work). */
function base64ToBytes(base64: string): Uint8Array {
  const buf = Buffer.from(base64, 'base64');
  if (buf.byteOffset % 4 === 0) return buf;
  return new Uint8Array(buf);
}

/** Fresh builds of this process, newest last (what the build script stores), at most 4. */
const built: { phrases: string; skeleton: AutomatonSkeleton }[] = [];
let precomputedUses = 0;

/**
 * The skeleton of `phrases`: the precomputed one when the build stored one for exactly these
 * phrases, else a fresh {@link buildAutomatonSkeleton} (recorded for the build script).
 */
export function phraseSkeleton(
  phrases: readonly string[],
  stored: readonly PrecomputedPhraseTables[] = PRECOMPUTED_PHRASE_TABLES,
): AutomatonSkeleton {
  const key = phrases.some((p) => p.includes('\u0000')) ? undefined : phrases.join('\u0000');
  if (key !== undefined) {
    for (const entry of stored) {
      if (entry.phrases !== key) continue;
      const skeleton = decodeSkeleton(entry.tables);
      if (skeleton?.outIds.every((id) => id < phrases.length)) {
        precomputedUses++;
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

/** How many automata of this process started from a precomputed skeleton. */
export function precomputedSkeletonUses(): number {
  return precomputedUses;
}

/** The text of `phrase-tables-data.js` holding every skeleton built fresh in this process. */
export function phraseTablesModule(): string {
  const entries = built.map((b) => ({ phrases: b.phrases, tables: encodeSkeleton(b.skeleton) }));
  return [
    '// Generated by scripts/build-phrase-tables.mjs from the scanner rules: do not edit.',
    `export const PRECOMPUTED_PHRASE_TABLES = Object.freeze(${JSON.stringify(entries)});`,
    '',
  ].join('\n');
}
