/**
 * @module tokens/rank-table
 * The o200k_base rank table in typed arrays, and the byte-pair merge over it, for counting.
 *
 * gpt-tokenizer ships its table as 2.4 MB of JavaScript (200,000 strings): compiling it and
 * building its `Map` cost about 0.12 s CPU, paid by every CLI call that counts. The build step
 * (scripts/build-rank-table.mjs) stores the same table as bytes (one length byte per rank, then
 * the tokens' UTF-8 bytes); {@link decodeRankTable} turns that into an open-addressing hash table
 * over the bytes in a few milliseconds. {@link countPieceTokens} is gpt-tokenizer's
 * `bytePairMerge` (lowest rank first, leftmost on ties) on that table, and gives its counts.
 */

/** Format tag and version of the stored table (its first four bytes, little-endian). */
const MAGIC = 0x4b_52_00_02;
/** magic, rank count, count of byte tokens (their ranks follow, four bytes each) */
const HEADER = 12;
/** Longest token in bytes that the one-byte lengths can hold. */
const MAX_TOKEN_BYTES = 255;
const NONE = 0x7fff_ffff;

/** A decoded rank table: the bytes of rank `r` are `bytes[offsets[r]]` to `bytes[offsets[r + 1]]`. */
export interface RankTable {
  readonly bytes: Uint8Array;
  /** 1 for a token gpt-tokenizer holds as bytes (not valid UTF-8), 0 for a string token. */
  readonly byteToken: Uint8Array;
  readonly offsets: Int32Array;
  /** Hash slots holding rank + 1 (0: empty), linear probing. */
  readonly slots: Int32Array;
  readonly mask: number;
}

/**
 * The stored form of gpt-tokenizer's rank list (index = rank; a string token, or the bytes of a
 * token that is not valid UTF-8). Undefined when a rank is missing or a token is too long.
 */
export function encodeRankTable(
  ranks: readonly (string | readonly number[])[],
): Uint8Array | undefined {
  const encoder = new TextEncoder();
  const tokens: Uint8Array[] = [];
  const byteTokens: number[] = [];
  let total = 0;
  for (let r = 0; r < ranks.length; r++) {
    const v = ranks[r];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') byteTokens.push(r);
    const b = typeof v === 'string' ? encoder.encode(v) : Uint8Array.from(v);
    if (b.length === 0 || b.length > MAX_TOKEN_BYTES) return undefined;
    tokens.push(b);
    total += b.length;
  }
  const lengthsAt = HEADER + 4 * byteTokens.length;
  const out = new Uint8Array(lengthsAt + tokens.length + total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, tokens.length, true);
  view.setUint32(8, byteTokens.length, true);
  for (const [i, r] of byteTokens.entries()) view.setUint32(HEADER + 4 * i, r, true);
  let at = lengthsAt + tokens.length;
  tokens.forEach((b, r) => {
    out[lengthsAt + r] = b.length;
    out.set(b, at);
    at += b.length;
  });
  return out;
}

function hashBytes(b: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return h >>> 0;
}

/** Hash slots for `count` ranks: a power of two, at least 2.5 per rank. */
function slotCount(count: number): number {
  let size = 1 << 10;
  while (size < count * 2.5) size *= 2;
  return size;
}

/** Offsets and hash slots computed before (by {@link rankTableImage}, at build time). */
interface Prebuilt {
  readonly offsets: Int32Array;
  readonly slots: Int32Array;
}

/** The byte offset of every rank (and the end), from the one-byte lengths. */
function offsetsOf(stored: Uint8Array, lengthsAt: number, count: number): Int32Array {
  const offsets = new Int32Array(count + 1);
  let total = 0;
  for (let r = 0; r < count; r++) {
    offsets[r] = total;
    total += stored[lengthsAt + r]!;
  }
  offsets[count] = total;
  return offsets;
}

/**
 * The table stored by {@link encodeRankTable}, or `undefined` when `stored` is not one.
 * `prebuilt` offsets and slots (from {@link rankTableImage}: the build step's copy) are used
 * instead of computing them again when they have the sizes this table needs, end where its bytes
 * end and hold an empty slot.
 */
export function decodeRankTable(stored: Uint8Array, prebuilt?: Prebuilt): RankTable | undefined {
  if (stored.length < HEADER) return undefined;
  const view = new DataView(stored.buffer, stored.byteOffset, stored.length);
  if (view.getUint32(0, true) !== MAGIC) return undefined;
  const count = view.getUint32(4, true);
  const byteTokens = view.getUint32(8, true);
  const lengthsAt = HEADER + 4 * byteTokens;
  if (count === 0 || lengthsAt + count > stored.length) return undefined;
  const byteToken = new Uint8Array(count);
  for (let i = 0; i < byteTokens; i++) {
    const r = view.getUint32(HEADER + 4 * i, true);
    if (r >= count) return undefined;
    byteToken[r] = 1;
  }
  const size = slotCount(count);
  const mask = size - 1;
  const bytes = stored.subarray(lengthsAt + count);
  if (
    prebuilt !== undefined &&
    prebuilt.offsets.length === count + 1 &&
    prebuilt.offsets[0] === 0 &&
    prebuilt.offsets[count] === bytes.length &&
    prebuilt.slots.length === size &&
    prebuilt.slots.indexOf(0) >= 0
  )
    return { bytes, byteToken, offsets: prebuilt.offsets, slots: prebuilt.slots, mask };
  const offsets = offsetsOf(stored, lengthsAt, count);
  if (lengthsAt + count + offsets[count]! !== stored.length) return undefined;
  const built = new Int32Array(size);
  for (let r = 0; r < count; r++) {
    let h = hashBytes(bytes, offsets[r]!, offsets[r + 1]!) & mask;
    while (built[h] !== 0) h = (h + 1) & mask;
    built[h] = r + 1;
  }
  return { bytes, byteToken, offsets, slots: built, mask };
}

/** The rank of the token of kind `kind` (1: byte token) whose bytes are `buf[start, end)`, or {@link NONE}. */
function rankOf(t: RankTable, buf: Uint8Array, start: number, end: number, kind: number): number {
  const len = end - start;
  if (len > MAX_TOKEN_BYTES) return NONE;
  const { bytes, byteToken, offsets, slots, mask } = t;
  for (let h = hashBytes(buf, start, end) & mask; ; h = (h + 1) & mask) {
    const s = slots[h]!;
    if (s === 0) return NONE;
    const r = s - 1;
    const at = offsets[r]!;
    if (offsets[r + 1]! - at !== len || byteToken[r] !== kind) continue;
    let k = 0;
    while (k < len && bytes[at + k] === buf[start + k]) k++;
    if (k === len) return r;
  }
}

/** The hash {@link rankOf} gives bytes, on the characters of the ASCII text `text[start, end)` (its bytes). */
export function asciiHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * Whether the ASCII text `text[start, end)`, whose {@link asciiHash} is `hash`, is one token:
 * {@link rankOf} on its characters, which are its UTF-8 bytes, without copying them anywhere.
 */
export function isAsciiToken(
  t: RankTable,
  text: string,
  start: number,
  end: number,
  hash: number = asciiHash(text, start, end),
): boolean {
  const len = end - start;
  if (len > MAX_TOKEN_BYTES) return false;
  const { bytes, byteToken, offsets, slots, mask } = t;
  for (let h = hash & mask; ; h = (h + 1) & mask) {
    const s = slots[h]!;
    if (s === 0) return false;
    const r = s - 1;
    const at = offsets[r]!;
    if (offsets[r + 1]! - at !== len || byteToken[r] !== 0) continue;
    let k = 0;
    while (k < len && bytes[at + k] === text.charCodeAt(start + k)) k++;
    if (k === len) return true;
  }
}

/** gpt-tokenizer's `isValidUTF8` on `b[start, end)` (no overlong forms, surrogates or values past U+10FFFF). */
function isValidUtf8(b: Uint8Array, start: number, end: number): boolean {
  let i = start;
  while (i < end) {
    const b1 = b[i]!;
    let size: number;
    let cp: number;
    if (b1 <= 127) {
      i++;
      continue;
    }
    if ((b1 & 224) === 192) {
      if (b1 <= 193) return false;
      size = 2;
      cp = b1 & 31;
    } else if ((b1 & 240) === 224) {
      size = 3;
      cp = b1 & 15;
    } else if ((b1 & 248) === 240) {
      if (b1 > 244) return false;
      size = 4;
      cp = b1 & 7;
    } else return false;
    if (i + size > end) return false;
    for (let j = 1; j < size; j++) {
      const c = b[i + j]!;
      if ((c & 192) !== 128) return false;
      cp = (cp << 6) | (c & 63);
    }
    if ((size === 3 && cp < 2048) || (size === 4 && cp < 65536)) return false;
    if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return false;
    i += size;
  }
  return true;
}

/**
 * The rank gpt-tokenizer's merge gives the bytes `buf[start, end)`: valid UTF-8 is decoded and
 * looked up among the string tokens, where its decoder drops one leading byte-order mark (so
 * `EF BB BF 0A` ranks as a newline), anything else among the byte tokens.
 */
function pairRank(t: RankTable, buf: Uint8Array, start: number, end: number): number {
  if (!isValidUtf8(buf, start, end)) return rankOf(t, buf, start, end, 1);
  let from = start;
  if (end - start >= 3 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf)
    from += 3;
  return from === end ? NONE : rankOf(t, buf, from, end, 0);
}

let scratch = new Uint8Array(1024);
let starts = new Int32Array(1025);
let pairRanks = new Int32Array(1025);

/** Whether the last {@link utf8} replaced a lone surrogate. */
let replaced = false;

/** `text` as UTF-8 in the scratch buffer (a lone surrogate as U+FFFD, as TextEncoder does); its length. */
function utf8(text: string): number {
  replaced = false;
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const b = scratch;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      b[n++] = c;
      continue;
    }
    if (c < 0x800) {
      b[n++] = 0xc0 | (c >> 6);
      b[n++] = 0x80 | (c & 63);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        b[n++] = 0xf0 | (cp >> 18);
        b[n++] = 0x80 | ((cp >> 12) & 63);
        b[n++] = 0x80 | ((cp >> 6) & 63);
        b[n++] = 0x80 | (cp & 63);
        i++;
        continue;
      }
      c = 0xfffd;
      replaced = true;
    }
    b[n++] = 0xe0 | (c >> 12);
    b[n++] = 0x80 | ((c >> 6) & 63);
    b[n++] = 0x80 | (c & 63);
  }
  return n;
}

/** The number of tokens of one pre-token: 1 when it is a token, else the byte-pair merge's parts. */
export function countPieceTokens(t: RankTable, piece: string): number {
  const n = utf8(piece);
  if (n === 0) return 0;
  // the whole-piece lookup is by string in gpt-tokenizer: a piece with a lone surrogate is no
  // token there even when its replacement bytes are, and goes through the merge
  if (!replaced && rankOf(t, scratch, 0, n, 0) !== NONE) return 1;
  return mergedParts(t, n, false);
}

/**
 * {@link countPieceTokens} of the ASCII text `text[start, end)` when it is not one token (see
 * {@link isAsciiToken}): its characters are its bytes, every part of them valid UTF-8 without a
 * byte-order mark, so each pair is looked up among the string tokens directly.
 */
export function countAsciiPieceTokens(
  t: RankTable,
  text: string,
  start: number,
  end: number,
): number {
  const n = end - start;
  if (scratch.length < n) scratch = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) scratch[i] = text.charCodeAt(start + i);
  return mergedParts(t, n, true);
}

/** The parts the byte-pair merge leaves of the `n` bytes in the scratch buffer (`ascii`: all ASCII). */
function mergedParts(t: RankTable, n: number, ascii: boolean): number {
  const buf = scratch;
  if (starts.length < n + 1) {
    starts = new Int32Array(n + 1);
    pairRanks = new Int32Array(n + 1);
  }
  const st = starts;
  const rk = pairRanks;
  const rank = (a: number, b: number): number =>
    ascii ? rankOf(t, buf, a, b, 0) : pairRank(t, buf, a, b);
  let m = n + 1;
  for (let i = 0; i <= n; i++) {
    st[i] = i;
    rk[i] = i < n - 1 ? rank(i, i + 2) : NONE;
  }
  while (m > 1) {
    let lowest = NONE;
    let at = -1;
    for (let i = 0; i < m - 1; i++) {
      if (rk[i]! < lowest) {
        lowest = rk[i]!;
        at = i;
      }
    }
    if (at < 0) break;
    // remove the boundary between parts `at` and `at + 1`
    st.copyWithin(at + 1, at + 2, m);
    rk.copyWithin(at, at + 1, m);
    m--;
    rk[at] = at + 2 < m ? rank(st[at]!, st[at + 2]!) : NONE;
    if (at > 0) rk[at - 1] = rank(st[at - 1]!, st[at + 1]!);
  }
  return m - 1;
}

/** Whether typed arrays are little-endian here (the image stores its slots that way). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The image the build step writes (`o200k-ranks.bin`): the length of the stored table (4 bytes,
 * little-endian), the table as {@link encodeRankTable} stores it, zero padding to a multiple of
 * four, then the decoded table's offsets and hash slots (little-endian 32-bit). Loading it reads
 * one file and computes nothing per rank: in a fresh process, hashing the 200,000 ranks cost
 * about 30 ms, and compiling the JavaScript module holding the table as base64 about 30 ms more.
 */
export function rankTableImage(stored: Uint8Array): Uint8Array | undefined {
  const t = decodeRankTable(stored);
  if (t === undefined || !LITTLE_ENDIAN) return undefined;
  const at = (4 + stored.length + 3) & ~3;
  const out = new Uint8Array(at + (t.offsets.length + t.slots.length) * 4);
  new DataView(out.buffer).setUint32(0, stored.length, true);
  out.set(stored, 4);
  out.set(new Uint8Array(t.offsets.buffer, t.offsets.byteOffset, t.offsets.byteLength), at);
  out.set(
    new Uint8Array(t.slots.buffer, t.slots.byteOffset, t.slots.byteLength),
    at + t.offsets.byteLength,
  );
  return out;
}

/** The table of an image written by {@link rankTableImage}, or `undefined` when `image` is not one. */
export function decodeRankTableImage(image: Uint8Array): RankTable | undefined {
  if (image.length < HEADER + 4) return undefined;
  const view = new DataView(image.buffer, image.byteOffset, image.length);
  const length = view.getUint32(0, true);
  if (4 + length > image.length) return undefined;
  const stored = image.subarray(4, 4 + length);
  if (!LITTLE_ENDIAN || length < HEADER) return decodeRankTable(stored);
  const count = view.getUint32(8, true);
  const at = (4 + length + 3) & ~3;
  const words = count + 1 + slotCount(count);
  if (image.length !== at + words * 4) return decodeRankTable(stored);
  // Int32Array views need a 4-aligned offset: copy otherwise
  const raw = image.subarray(at);
  const aligned = (image.byteOffset + at) % 4 === 0 ? raw : raw.slice();
  const all = new Int32Array(aligned.buffer, aligned.byteOffset, words);
  return decodeRankTable(stored, {
    offsets: all.subarray(0, count + 1),
    slots: all.subarray(count + 1),
  });
}
