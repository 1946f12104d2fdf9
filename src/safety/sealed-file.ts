/**
 * @module safety/sealed-file
 * The frame of the scanner's build-time files (`phrase-tables.bin`, `learned-table.bin`): a format
 * tag (an Int32 in the platform's byte order, so a file from a machine of the other byte order
 * reads as a wrong tag), the SHA-256 of everything after the digest, then the body. A file is
 * opened only when its tag and digest match: any changed byte and it is refused as a whole.
 */
import { createHash } from 'node:crypto';

/** Offset of the body: the tag (4 bytes) and the digest (32). */
export const SEALED_BODY = 4 + 32;

/** `bytes`, copied when its offset does not allow Int32 views. */
export function aligned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
}

/** SHA-256 of `parts` in order (strings as UTF-8). */
export function sha256(...parts: (string | Uint8Array)[]): Buffer {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
}

/** `a` and `b` hold the same bytes (a native compare). */
export function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

/** Writes `tag` and the digest of the body into `file`'s first {@link SEALED_BODY} bytes. */
export function seal(file: Uint8Array, tag: number): Uint8Array {
  new Int32Array(file.buffer, file.byteOffset, 1)[0] = tag;
  file.set(sha256(file.subarray(SEALED_BODY)), 4);
  return file;
}

/**
 * `file` (aligned for Int32 views, the body from {@link SEALED_BODY}) when it was sealed with
 * `tag` and its body matches the digest, else `undefined`.
 */
export function openSealed(file: Uint8Array, tag: number): Uint8Array | undefined {
  const bytes = aligned(file);
  if (bytes.length < SEALED_BODY) return undefined;
  if (new Int32Array(bytes.buffer, bytes.byteOffset, 1)[0] !== tag) return undefined;
  return sameBytes(sha256(bytes.subarray(SEALED_BODY)), bytes.subarray(4, SEALED_BODY))
    ? bytes
    : undefined;
}
