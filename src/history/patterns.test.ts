import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BARE_ID,
  errorLineStarts,
  findBareIds,
  findHashes,
  findPaths,
  findTaskIds,
  firstNonEmptyLine,
  HASH,
  isErrorLine,
  lastNonEmptyLine,
  lineFrom,
  NOT_TASK,
  nonEmptyLines,
  PATH_BODY,
} from './patterns.js';
import { errorTextUnit } from './test-helpers/error-text.js';

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

describe('lastNonEmptyLine', () => {
  it('is the last of nonEmptyLines (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\t', '\r', '\n'), maxLength: 30 });
    fc.assert(
      fc.property(text, (s) => {
        expect(lastNonEmptyLine(s)).toBe(nonEmptyLines(s).at(-1));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('errorLineStarts and lineFrom', () => {
  /** Each line of `text` as nonEmptyLines cuts it (blank ones too), with its start offset. */
  function linesWithStarts(text: string): [string, number][] {
    const out: [string, number][] = [];
    const parts = text.split('\n');
    let at = 0;
    parts.forEach((l, i) => {
      out.push([i < parts.length - 1 && l.endsWith('\r') ? l.slice(0, -1) : l, at]);
      at += l.length + 1;
    });
    return out;
  }

  it('names every error line, and lineFrom cuts the lines nonEmptyLines gives (property)', () => {
    fc.assert(
      fc.property(fc.array(errorTextUnit, { maxLength: 24 }), (units) => {
        const text = units.join('');
        const starts = errorLineStarts(text);
        expect([...starts].sort((a, b) => a - b)).toEqual([...new Set(starts)]);
        const lines = linesWithStarts(text);
        for (const [line, start] of lines) {
          if (isErrorLine(line)) expect(starts).toContain(start);
          expect(lineFrom(text, start)[0]).toBe(line);
        }
        // walking lineFrom from 0 visits every line, non-empty ones as nonEmptyLines lists them
        const walked: string[] = [];
        for (let at = 0; at >= 0; ) {
          const [line, next] = lineFrom(text, at);
          if (/\S/.test(line)) walked.push(line);
          at = next;
        }
        expect(walked).toEqual(nonEmptyLines(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds nothing in a text without error words, and each line once', () => {
    expect(errorLineStarts('all good\nstep 2 ok\n')).toEqual([]);
    // two matches on line 2 name it once; `^\s*FAIL` matches from the blank line 3 on, so that
    // line is named too (a candidate: the caller checks each named line with isErrorLine)
    const text = 'ok\nerror: a error b\n\n  FAIL x\nfine\n';
    expect(errorLineStarts(text)).toEqual([3, 20, 21]);
  });
});

describe('findPaths', () => {
  it('finds what the pattern without the look-ahead finds (property)', () => {
    const old = new RegExp(`(?<![\\w:/.@-])${PATH_BODY}`, 'g');
    const unit = fc.constantFrom(
      'a',
      'b',
      '.',
      '/',
      '~',
      '-',
      '@',
      ':',
      ' ',
      '\n',
      'ts',
      'md',
      '..',
      '_',
      '1',
      'é',
      '~/',
      'x.ts',
      'http://h/a.ts',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = units.join('');
        // URLs are blanked first, as findPaths does
        const plain = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
        const want = [...new Set([...plain.matchAll(old)].map((m) => m[0]))].filter(
          (p) => !/^\.+$/.test(p),
        );
        expect(findPaths(text)).toEqual(want);
      }),
      { numRuns: 5000 },
    );
    expect(findPaths('see src/a.ts and ./b, not c:/d or plain words')).toEqual(['src/a.ts', './b']);
    // inside a run, a path may start only after a `~`; the rest of a run is stepped over
    expect(findPaths('a~/b/c.md x~./d e.ts.f/g.ts')).toEqual(['/b/c.md', './d', 'e.ts.f/g.ts']);
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

describe('findBareIds', () => {
  it('finds what BARE_ID matches, without the pre-check (property)', () => {
    const unit = fc.constantFrom(
      ...'abz09-_./ \nA:'.split(''),
      'proj-a0y',
      'x-1',
      '-12',
      'spotter-',
      'a-b',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const s = units.join('');
        expect(findBareIds(s)).toEqual(s.match(BARE_ID) ?? []);
      }),
      { numRuns: 3000 },
    );
    expect(findBareIds('see spotter-a0y and x-1, not ab-cd or /p-1')).toEqual([
      'spotter-a0y',
      'x-1',
    ]);
    expect(findBareIds('no ids here - 1')).toEqual([]);
  });
});
