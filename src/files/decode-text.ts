/**
 * @module files/decode-text
 * Raw bytes to normalised text: binary detection, BOM stripping, invalid UTF-8 replacement (and
 * where it was), CRLF / CR to LF. Pure.
 */

/** The outcome of decoding one file's bytes. */
export type DecodeResult =
  | { readonly ok: false; readonly reason: 'binary' | 'utf16'; readonly line: number }
  | {
      readonly ok: true;
      /** Normalised text: no BOM, `\n` line ends, invalid sequences replaced by U+FFFD. */
      readonly text: string;
      /** Whether a UTF-8 BOM was stripped. */
      readonly bom: boolean;
      /** Number of invalid UTF-8 sequences replaced. */
      readonly invalidSequences: number;
      /** 1-based line of the first invalid sequence, when there is one. */
      readonly firstInvalidLine?: number;
    };

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** Length of the valid UTF-8 sequence at `i`, or 0 when the bytes there are not valid UTF-8. */
function validSequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => {
    const v = b[i + k];
    return v !== undefined && v >= lo && v <= hi;
  };
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Counts invalid UTF-8 sequences the way the WHATWG decoder replaces them (maximal subparts). */
function scanInvalid(b: Uint8Array): { count: number; first: number } {
  let count = 0;
  let first = -1;
  let i = 0;
  while (i < b.length) {
    const n = validSequenceLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    count++;
    if (first < 0) first = i;
    i++;
    while (i < b.length && b[i]! >= 0x80 && b[i]! <= 0xbf) i++;
  }
  return { count, first };
}

/**
 * Drops an incomplete UTF-8 sequence at the very end of `bytes` (used after a capped read cut a
 * character in half), so that the cut does not show up as invalid input.
 */
export function trimIncompleteTail(bytes: Uint8Array): Uint8Array {
  let i = bytes.length - 1;
  let back = 0;
  while (i >= 0 && back < 3 && bytes[i]! >= 0x80 && bytes[i]! <= 0xbf) {
    i--;
    back++;
  }
  if (i < 0) return bytes;
  const lead = bytes[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return need > back + 1 ? bytes.subarray(0, i) : bytes;
}

/** Decodes one file's bytes. NUL bytes mean binary (not decoded). */
export function decodeInstructionBytes(bytes: Uint8Array): DecodeResult {
  if (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  ) {
    return { ok: false, reason: 'utf16', line: 1 };
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) return { ok: false, reason: 'binary', line: lineAt(bytes, nul) };
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const invalid = scanInvalid(body);
  const raw = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(body);
  const text = raw.replace(/\r\n?/g, '\n');
  if (invalid.count === 0) return { ok: true, text, bom, invalidSequences: 0 };
  return {
    ok: true,
    text,
    bom,
    invalidSequences: invalid.count,
    firstInvalidLine: lineAt(body, invalid.first),
  };
}
