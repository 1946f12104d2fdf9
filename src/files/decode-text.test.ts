import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeInstructionBytes, trimIncompleteTail } from './decode-text.js';

const enc = (s: string) => new TextEncoder().encode(s);

describe('decodeInstructionBytes', () => {
  it('strips a UTF-8 BOM and normalises CRLF and CR to LF', () => {
    const r = decodeInstructionBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...enc('a\r\nb\rc\n')]));
    expect(r).toMatchObject({ ok: true, text: 'a\nb\nc\n', bom: true, invalidSequences: 0 });
  });

  it('replaces invalid UTF-8 and reports the count and the first line', () => {
    const bytes = new Uint8Array([
      ...enc('ok\nline two '),
      0xff,
      ...enc(' and '),
      0xc3,
      ...enc('\n'),
    ]);
    const r = decodeInstructionBytes(bytes);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.invalidSequences).toBe(2);
    expect(r.firstInvalidLine).toBe(2);
    expect(r.text).toBe('ok\nline two \uFFFD and \uFFFD\n');
  });

  it('rejects overlong and surrogate encodings', () => {
    for (const bad of [
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ]) {
      const r = decodeInstructionBytes(new Uint8Array(bad));
      expect(r.ok && r.invalidSequences > 0).toBe(true);
    }
  });

  it('treats NUL bytes as binary and names the line', () => {
    expect(decodeInstructionBytes(new Uint8Array([...enc('a\nb\n'), 0, 1]))).toEqual({
      ok: false,
      reason: 'binary',
      line: 3,
    });
  });

  it('recognises UTF-16 by its BOM', () => {
    expect(decodeInstructionBytes(new Uint8Array([0xff, 0xfe, 0x41, 0]))).toMatchObject({
      ok: false,
      reason: 'utf16',
    });
  });

  it('keeps valid multi-byte text intact', () => {
    const text = 'héllo 世界 🎉\n';
    expect(decodeInstructionBytes(enc(text))).toMatchObject({
      ok: true,
      text,
      invalidSequences: 0,
    });
  });
});

describe('decodeInstructionBytes (property)', () => {
  it('never throws; decoded text has no CR, no BOM, and round-trips valid input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const r = decodeInstructionBytes(bytes);
        if (!r.ok) return bytes.includes(0) || bytes[0] === 0xff || bytes[0] === 0xfe;
        expect(r.text.includes('\r')).toBe(false);
        expect(r.text.startsWith('\uFEFF')).toBe(false);
        if (r.invalidSequences === 0)
          expect(new TextEncoder().encode(r.text).length).toBeLessThanOrEqual(bytes.length);
        return true;
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const clean = text.replace(/[\r\0]/g, '').replace(/^\uFEFF/, '');
        const r = decodeInstructionBytes(new TextEncoder().encode(clean));
        expect(r).toMatchObject({ ok: true, text: clean, invalidSequences: 0 });
      }),
    );
  });
});

describe('trimIncompleteTail', () => {
  it('drops a character cut in half at the end, and only that', () => {
    const full = enc('a世');
    expect(Array.from(trimIncompleteTail(full.subarray(0, 3)))).toEqual([0x61]);
    expect(Array.from(trimIncompleteTail(full))).toEqual(Array.from(full));
    expect(Array.from(trimIncompleteTail(enc('abc')))).toEqual(Array.from(enc('abc')));
  });
});
