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
