import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitsToString } from './utf16.js';

const reference = new TextDecoder('utf-16le');

describe('unitsToString', () => {
  it('replaces lone surrogates with U+FFFD and keeps pairs, as the utf-16le decoder does', () => {
    const units = new Uint16Array([0x61, 0xd800, 0x62, 0xdc00, 0xd83d, 0xde00, 0xd83d]);
    expect(unitsToString(units)).toBe('a\ufffdb\ufffd\u{1f600}\ufffd');
    expect(unitsToString(units, 1)).toBe('a');
  });
  it('reads only the first len units of a view into a larger buffer', () => {
    const whole = new Uint16Array([0x78, 0x61, 0x62, 0x63, 0x78]);
    expect(unitsToString(whole.subarray(1), 2)).toBe('ab');
  });
  it('agrees with TextDecoder on any units (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff })),
          {
            maxLength: 64,
          },
        ),
        fc.nat(8),
        (codes, skip) => {
          const buffer = new Uint16Array(codes.length + skip);
          buffer.set(codes, skip);
          const units = buffer.subarray(skip);
          expect(unitsToString(units)).toBe(reference.decode(units));
        },
      ),
    );
  });
});
