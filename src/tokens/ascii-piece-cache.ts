/**
 * @module tokens/ascii-piece-cache
 * The token counts of short ASCII pre-tokens, kept in typed arrays and looked up without a string.
 *
 * Most pre-tokens of English and code are 2 to 16 ASCII characters, and a text repeats a few
 * thousand of them. Looking each up in the rank table touches four arrays of megabytes (hash
 * slots, offsets, token kinds, bytes) at random places; cutting it out as a string for a `Map`
 * allocates it and hashes it again. This cache is direct-mapped on the rank table's own hash of
 * the characters: an entry holds the piece's characters, length, hash and count in 200 KB that
 * stay in the processor's cache, and a newer piece with the same slot replaces the older one.
 * A hit compares the characters, so a count is never another piece's.
 */
import { asciiHash, countAsciiPieceTokens, isAsciiToken, type RankTable } from './rank-table.js';

/** Longest pre-token (UTF-16 units, all ASCII) this cache holds. */
export const SHORT_ASCII_PIECE = 16;
const ENTRIES = 1 << 13;

/** Each entry's characters, {@link SHORT_ASCII_PIECE} bytes per entry. */
let keys: Uint8Array | undefined;
/** Each entry's hash. */
let hashes: Int32Array | undefined;
/** Each entry's length << 16 | its count; 0 for an empty entry. */
let entries: Int32Array | undefined;

/**
 * The tokens of the ASCII pre-token `text[start, end)`, 2 to {@link SHORT_ASCII_PIECE} units
 * long: from the cache, else from the rank table (one token, or the byte-pair merge's parts).
 */
export function countShortAsciiPiece(
  t: RankTable,
  text: string,
  start: number,
  end: number,
): number {
  if (keys === undefined || hashes === undefined || entries === undefined) {
    keys = new Uint8Array(ENTRIES * SHORT_ASCII_PIECE);
    hashes = new Int32Array(ENTRIES);
    entries = new Int32Array(ENTRIES);
  }
  const len = end - start;
  const h = asciiHash(text, start, end);
  const slot = (h ^ (h >>> 15)) & (ENTRIES - 1);
  const at = slot * SHORT_ASCII_PIECE;
  const e = entries[slot]!;
  if (hashes[slot] === h && e >>> 16 === len) {
    let k = 0;
    while (k < len && keys[at + k] === text.charCodeAt(start + k)) k++;
    if (k === len) return e & 0xffff;
  }
  const n = isAsciiToken(t, text, start, end, h) ? 1 : countAsciiPieceTokens(t, text, start, end);
  hashes[slot] = h;
  entries[slot] = (len << 16) | n;
  for (let k = 0; k < len; k++) keys[at + k] = text.charCodeAt(start + k);
  return n;
}

/** Empties the cache. */
export function clearShortAsciiPieces(): void {
  entries?.fill(0);
}
