import fc from 'fast-check';
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { type CompiledGlob, compileGlob } from './compile.js';
import { matchGlobs } from './match.js';

function compileAll(patterns: readonly string[]): CompiledGlob[] {
  return patterns.map(compileGlob).filter((g): g is CompiledGlob => g !== null);
}
const matches = (patterns: readonly string[], path: string) =>
  matchGlobs(compileAll(patterns), path) !== undefined;
const reference = (patterns: readonly string[], path: string) =>
  ignore({ ignorecase: false })
    .add([...patterns])
    .ignores(path);

// Small alphabets so that random patterns and paths actually meet.
const segChar = fc.constantFrom('a', 'b', '.', 'x');
const pathSeg = fc
  .array(segChar, { minLength: 1, maxLength: 3 })
  .map((cs) => cs.join(''))
  .filter((s) => s !== '.' && s !== '..');
const pathArb = fc.array(pathSeg, { minLength: 1, maxLength: 4 }).map((segs) => segs.join('/'));
const globAtom = fc.constantFrom('a', 'b', 'x', '.', '*', '?', '[ab]', '[!a]', '[a-b]');
const globSeg = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.array(globAtom, { minLength: 1, maxLength: 3 }).map((a) => a.join('')),
  },
  { weight: 1, arbitrary: fc.constant('**') },
);
const globArb = fc
  .tuple(
    fc.boolean(),
    fc.boolean(),
    fc.array(globSeg, { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  // "." and ".." segments are left out: gitignore patterns never use them
  .filter(([, , segs]) => segs.every((s) => s !== '.' && s !== '..'))
  .map(
    ([neg, lead, segs, trail]) =>
      `${neg ? '!' : ''}${lead ? '/' : ''}${segs.join('/')}${trail ? '/' : ''}`,
  );

describe('gitignore glob semantics', () => {
  it('agrees with the ignore package on random pattern lists and paths (property)', () => {
    fc.assert(
      fc.property(fc.array(globArb, { minLength: 1, maxLength: 4 }), pathArb, (patterns, path) => {
        expect(matches(patterns, path)).toBe(reference(patterns, path));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    [['*.ts'], 'src/deep/a.ts', true],
    [['*.ts'], 'src/a.tsx', false],
    [['src/api/**'], 'src/api/v1/x.ts', true],
    [['src/api/**'], 'src/api', false],
    [['src/api/**'], 'lib/src/api/x.ts', false],
    [['api/'], 'src/api/x.ts', true],
    [['/api'], 'src/api/x.ts', false],
    [['**/test/*.ts'], 'a/b/test/x.ts', true],
    [['src/**/*.ts', '!src/gen/**'], 'src/gen/x.ts', false],
    [['src/**/*.ts', '!src/gen/**'], 'src/app/x.ts', true],
    // git cannot re-include inside an excluded folder: src/** excludes the folder src/gen itself
    [['src/**', '!src/gen/**'], 'src/gen/x.ts', true],
    [['file?.md'], 'docs/file1.md', true],
    [['[!a]*.md'], 'docs/b.md', true],
    [['*.md'], '.hidden.md', true],
    [['*.*'], 'a.', true],
    [['***/a'], 'a', true],
    [['a/**'], 'a', false],
  ] as const)('%j on %s is %s (and the ignore package agrees)', (patterns, path, expected) => {
    expect(matches(patterns, path)).toBe(expected);
    expect(reference(patterns, path)).toBe(expected);
  });

  it('supports braces, which gitignore lacks', () => {
    expect(matches(['**/*.{ts,tsx}'], 'src/a.tsx')).toBe(true);
    expect(matches(['**/*.{ts,tsx}'], 'src/a.js')).toBe(false);
    expect(matches(['src/{api,web}/**'], 'src/web/x.ts')).toBe(true);
  });

  it('skips blank lines and comments, and caches compiled globs', () => {
    expect(compileGlob('')).toBeNull();
    expect(compileGlob('# comment')).toBeNull();
    expect(compileGlob('src/**')).toBe(compileGlob('src/**'));
  });

  it('is case-sensitive', () => {
    expect(matches(['README.md'], 'readme.md')).toBe(false);
  });
});
