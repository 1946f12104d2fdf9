/**
 * @module safety/learned-table
 * The shipped model's weight table, stored at build time: `npm run build`
 * (scripts/build-learned-table.mjs) writes `dist/safety/learned-table.bin` beside this module,
 * the {@link FeatureTable} that decoding `learned-weights.ts` builds, so the first scan of a
 * process reads half a megabyte instead of decoding 28,560 weights and inserting them one by one
 * (about 15 ms of CPU in a fresh process, most of a one-file scan's learned stage). The file is
 * used only for exactly the weights it was built from (their SHA-256, with the format version and
 * the scale) and only when its contents match their own SHA-256; otherwise, or with no file (the
 * sources run directly, or a bundler left it behind), the weights are decoded as before, with the
 * same result. Generated on every build, never committed.
 */
import { readFileSync } from 'node:fs';
import { BLOOM_WORDS, type FeatureTable } from './learned-features.js';
import type { LearnedWeights } from './learned-model.js';
import { openSealed, SEALED_BODY, seal, sha256 } from './sealed-file.js';

/** Format tag and version of the file (its first Int32). */
const MAGIC = 0x4c_54_00_01;
/** Offset of the body (see `sealed-file.ts`). */
const PREFIX = SEALED_BODY;
/** Bytes of the body's header: the weights' key (32), the feature count and the slot count. */
const HEADER = 32 + 4 + 4;

/** What a table is built from: SHA-256 of the format version, the scale and both base64 parts. */
export function weightsKey(w: LearnedWeights): Buffer {
  return sha256(`${w.version}\u0000${w.scale}\u0000`, w.features, '\u0000', w.weights);
}

/** The file holding `table`, built from `w`, sealed (`sealed-file.ts`). */
export function encodeLearnedTable(w: LearnedWeights, table: FeatureTable): Uint8Array {
  const slots = table.keys.length / 2;
  const out = new Uint8Array(PREFIX + HEADER + 8 * slots + 4 * BLOOM_WORDS);
  const view = new DataView(out.buffer);
  out.set(weightsKey(w), PREFIX);
  view.setInt32(PREFIX + 32, table.size, true);
  view.setInt32(PREFIX + 36, slots, true);
  out.set(new Uint8Array(table.keys.buffer, table.keys.byteOffset, 8 * slots), PREFIX + HEADER);
  out.set(
    new Uint8Array(table.bloom.buffer, table.bloom.byteOffset, 4 * BLOOM_WORDS),
    PREFIX + HEADER + 8 * slots,
  );
  return seal(out, MAGIC);
}

/**
 * The table in `file` when it was built from exactly `w` and is intact (its SHA-256 matches),
 * else `undefined`. The table's views share `file`'s bytes.
 */
export function decodeLearnedTable(file: Uint8Array, w: LearnedWeights): FeatureTable | undefined {
  const bytes = openSealed(file, MAGIC);
  if (bytes === undefined || bytes.length < PREFIX + HEADER) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const size = view.getInt32(PREFIX + 32, true);
  const slots = view.getInt32(PREFIX + 36, true);
  if (slots < 16 || (slots & (slots - 1)) !== 0 || size < 0 || size * 2 > slots) return undefined;
  if (bytes.length !== PREFIX + HEADER + 8 * slots + 4 * BLOOM_WORDS) return undefined;
  if (!weightsKey(w).equals(bytes.subarray(PREFIX, PREFIX + 32))) return undefined;
  const at = bytes.byteOffset + PREFIX + HEADER;
  return {
    keys: new Int32Array(bytes.buffer, at, 2 * slots),
    vals: new Float32Array(bytes.buffer, at, 2 * slots),
    bloom: new Int32Array(bytes.buffer, at + 8 * slots, BLOOM_WORDS),
    size,
  };
}

/** The table the build stored beside this module for `w`, if any (the file is read once). */
export function storedLearnedTable(w: LearnedWeights): FeatureTable | undefined {
  let file: Uint8Array;
  try {
    file = readFileSync(new URL('./learned-table.bin', import.meta.url));
  } catch {
    return undefined; // not built (the sources run directly): the weights are decoded
  }
  return decodeLearnedTable(file, w);
}
