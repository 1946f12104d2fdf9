import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findHashes,
  findTaskIds,
  firstNonEmptyLine,
  HASH,
  isErrorLine,
  mayHoldErrorLine,
  NOT_TASK,
  nonEmptyLines,
} from './patterns.js';

describe('firstNonEmptyLine', () => {
  it('is the first of nonEmptyLines (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\t', '\r', '\n'), maxLength: 30 });
    fc.assert(
      fc.property(text, (s) => {
        expect(firstNonEmptyLine(s)).toBe(nonEmptyLines(s)[0]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('mayHoldErrorLine', () => {
  it('is true whenever a line of the text is an error line (property)', () => {
    const unit = fc.constantFrom(
      'a',
      ' ',
      '\n',
      '\r\n',
      'error',
      'FAIL',
      'E  ',
      '✗',
      '0 errors',
      'x',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 20 }), (units) => {
        const text = units.join('');
        if (text.split(/\r?\n/).some(isErrorLine)) expect(mayHoldErrorLine(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(mayHoldErrorLine('all good\nstep 2 ok\n')).toBe(false);
    expect(mayHoldErrorLine('ok\n  FAIL src/a.test.ts\n')).toBe(true);
  });
});

describe('findTaskIds', () => {
  it('finds what the look-behind-first pattern finds (property)', () => {
    const old = /(?<![\w-])(?:[A-Z][A-Z0-9]{1,9}-\d{1,6}|#\d{1,6})(?![\w-])/g;
    const unit = fc.constantFrom('A', 'B', 'a', '1', '-', '#', ' ', '\n', '_', 'PROJ', 'é', 'SHA');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 24 }), (units) => {
        const text = units.join('');
        const expected = [...new Set([...text.matchAll(old)].map((m) => m[0]))].filter(
          (id) => !NOT_TASK.has(id.split('-')[0]!),
        );
        expect(findTaskIds(text)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('nonEmptyLines', () => {
  it('drops exactly the lines trim() empties, Unicode spaces included (property)', () => {
    const unit = fc.constantFrom(
      'a',
      ' ',
      '\t',
      '\u00a0',
      '\u3000',
      '\ufeff',
      '\u2028',
      '\r',
      '\n',
      '\u200b',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 20 }), (units) => {
        const text = units.join('');
        expect(nonEmptyLines(text)).toEqual(text.split(/\r?\n/).filter((l) => l.trim().length > 0));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('findHashes', () => {
  it('finds what the HASH pattern matches, in order, without repeats (property)', () => {
    const unit = fc.constantFrom(
      ...'0123456789abcdefABCDEFgxzGZ:-_./ \n'.split(''),
      'deadbeef',
      '4e5f6a7',
      '1234567',
      'abcdefa',
      'sha256:',
      'a'.repeat(64),
      '0'.repeat(60),
      'é',
    );
    const reference = (s: string) => {
      const plain = s.replace(/sha256:[0-9a-f]{64}/g, ' ');
      return [...new Set([...plain.matchAll(HASH)].map((m) => m[0]))];
    };
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const s = units.join('');
        expect(findHashes(s)).toEqual(reference(s));
      }),
      { numRuns: 5000 },
    );
    const long = `x ${'ab12'.repeat(16)} ${'ab12'.repeat(16)}9 :${'ab12'.repeat(3)} ${'ab12'.repeat(3)}G`;
    expect(findHashes(long)).toEqual(reference(long));
    expect(findHashes(long)).toEqual(['ab12'.repeat(16)]);
  });
});

describe('nonEmptyLines at line breaks', () => {
  it('is the split at /\r?\n/ without blank lines (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', '\t', '\r', '\n', '\r\n'),
      maxLength: 30,
    });
    fc.assert(
      fc.property(text, (s) => {
        expect(nonEmptyLines(s)).toEqual(s.split(/\r?\n/).filter((l) => l.trim().length > 0));
      }),
      { numRuns: 3000 },
    );
  });
});
