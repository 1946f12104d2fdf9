import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAt, lineStarts, linesOf } from './lines.js';

describe('linesOf', () => {
  it('gives lineAt of every line, as many as lineStarts (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\r', '\n', 'é'), maxLength: 40 });
    fc.assert(
      fc.property(text, (s) => {
        const starts = lineStarts(s);
        expect(linesOf(s)).toEqual(starts.map((_, i) => lineAt(s, starts, i + 1)));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the carriage return of an unterminated last line', () => {
    expect(linesOf('a\r\nb\r')).toEqual(['a', 'b\r']);
    expect(linesOf('a\r\r\n\n')).toEqual(['a\r', '']);
  });
});
