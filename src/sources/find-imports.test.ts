import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findImports, isImportPath } from './find-imports.js';

const targets = (t: string) => findImports(t).map((r) => r.target);

describe('findImports', () => {
  it('finds line and inline imports with their position', () => {
    const refs = findImports('@AGENTS.md\nSee @docs/guide.md for more.\n- @./x');
    expect(refs).toEqual([
      { target: 'AGENTS.md', lineIndex: 0, column: 0, length: 10 },
      { target: 'docs/guide.md', lineIndex: 1, column: 4, length: 14 },
      { target: './x', lineIndex: 2, column: 2, length: 4 },
    ]);
  });
  it('ignores fenced blocks (backticks and tildes) and code spans', () => {
    const text = [
      '```md',
      '@inside.md',
      '```',
      '~~~~',
      '@tilde.md',
      '```',
      '@still-inside.md',
      '~~~~',
      'Use `@span.md` or ``a @b.md``',
      '@after.md',
    ].join('\n');
    expect(targets(text)).toEqual(['after.md']);
  });
  it('does not take package names, decorators, emails or @/ aliases', () => {
    expect(
      targets(
        'npm i @types/node; use @Injectable(); mail me@example.com; import from @/components/x.ts',
      ),
    ).toEqual([]);
  });
  it('strips trailing punctuation', () => {
    expect(targets('(see @README.md).')).toEqual(['README.md']);
  });
  it('isImportPath', () => {
    expect(isImportPath('~/notes.md')).toBe(true);
    expect(isImportPath('../shared/RULES')).toBe(true);
    expect(isImportPath('angular/core')).toBe(false);
    expect(isImportPath('v1.2.3')).toBe(false);
    expect(isImportPath('.cursorrules')).toBe(true);
  });
  it('never finds an import inside a fenced block (property)', () => {
    const line = fc.oneof(
      fc.constantFrom('@a.md', '- @./b', 'see @c/d.txt', '`x`', ''),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.constantFrom('```', '~~~', '````'),
        (inner, fence) => {
          const body = inner.filter((l) => !/^ {0,3}(`{3,}|~{3,})/.test(l) && !l.includes('\n'));
          const text = ['before', fence, ...body, fence, 'after'].join('\n');
          expect(findImports(text)).toEqual([]);
        },
      ),
    );
  });
});

/** The code-span masking and punctuation strip as they were (quadratic), as a reference. */
function referenceTargets(text: string): string[] {
  const mask = (line: string): string => {
    let out = '';
    let i = 0;
    while (i < line.length) {
      if (line[i] !== '`') {
        out += line[i];
        i++;
        continue;
      }
      let run = 0;
      while (line[i + run] === '`') run++;
      const ticks = '`'.repeat(run);
      let close = line.indexOf(ticks, i + run);
      while (close >= 0 && line[close + run] === '`') {
        let skip = close;
        while (line[skip] === '`') skip++;
        close = line.indexOf(ticks, skip);
      }
      if (close < 0) {
        out += ticks;
        i += run;
        continue;
      }
      out += ' '.repeat(close + run - i);
      i = close + run;
    }
    return out;
  };
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const re = /(^|[\s(])@((?:\.{1,2}\/|~\/)?[\w.+\-/~@%#]+)/g;
    for (const m of mask(line).matchAll(re)) {
      const target = m[2]!.replace(/[.,;:!?)]+$/, '');
      if (isImportPath(target)) out.push(target);
    }
  }
  return out;
}

describe('findImports in linear time, same results', () => {
  it('strips a long run of trailing dots and punctuation from a token', () => {
    expect(targets(`see @notes.md${'.'.repeat(5000)}`)).toEqual(['notes.md']);
    expect(targets(`@${'.'.repeat(5000)}`)).toEqual([]);
    expect(targets('(@a.md?!;:,).')).toEqual(['a.md']);
  });
  it('masks code spans as CommonMark pairs them: runs of equal length', () => {
    expect(targets('`` @a.md ``` @b.md `` @c.md')).toEqual(['c.md']);
    expect(targets('x ``` @a.md ` @b.md ``` @c.md')).toEqual(['c.md']);
    expect(targets('` @a.md')).toEqual(['a.md']);
    expect(targets('`` x ` @a.md ``` @b.md ```')).toEqual(['a.md']);
  });
  it('finds what the former (quadratic) code found, on random lines of ticks, dots and tokens (property)', () => {
    const piece = fc.constantFrom(
      '`',
      '``',
      '```',
      ' ',
      '@a.md',
      '@./b',
      '.',
      ').',
      'x',
      '(@c.txt',
    );
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 12 }), { maxLength: 4 }), (lines) => {
        // `x` first: a line opening with three ticks is a fence, which the reference does not know
        const text = lines.map((l) => `x${l.join('')}`).join('\n');
        expect(targets(text)).toEqual(referenceTargets(text));
      }),
      { numRuns: 500 },
    );
  });
});
