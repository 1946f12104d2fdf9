import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob } from './compile.js';
import { GLOB_CODES } from './error.js';
import { compileGlobList, matchGlobs } from './match.js';

const matches = (patterns: readonly string[], path: string) =>
  matchGlobs(compileGlobList(patterns).globs, path) !== undefined;

// ---------------------------------------------------------------------------------------------
// A reference definition of one glob (no braces, no negation), written for clarity, not speed:
// plain recursion that tries every split (exponential, fine on the tiny inputs below).

/** One name against one segment, character by character. */
function refName(seg: string, name: string): boolean {
  if (seg === '') return name === '';
  const c = seg[0] as string;
  if (c === '*') {
    for (let i = 0; i <= name.length; i++) if (refName(seg.slice(1), name.slice(i))) return true;
    return false;
  }
  if (name === '') return false;
  if (c === '?') return refName(seg.slice(1), name.slice(1));
  if (c === '\\') return seg[1] === name[0] && refName(seg.slice(2), name.slice(1));
  if (c === '[') {
    const close = seg.indexOf(']', seg[1] === '!' ? 3 : 2);
    if (close > 0) {
      const negated = seg[1] === '!';
      const body = seg.slice(negated ? 2 : 1, close);
      const ch = name[0] as string;
      let inside = false;
      for (let i = 0; i < body.length; i++) {
        if (body[i + 1] === '-' && i + 2 < body.length) {
          if (ch >= (body[i] as string) && ch <= (body[i + 2] as string)) inside = true;
          i += 2;
        } else if (body[i] === ch) inside = true;
      }
      return inside !== negated && refName(seg.slice(close + 1), name.slice(1));
    }
  }
  return c === name[0] && refName(seg.slice(1), name.slice(1));
}

/** Names against segments; a final `**` needs at least one name (`a/**` is what is inside a). */
function refNames(segs: readonly string[], names: readonly string[]): boolean {
  const [first, ...rest] = segs;
  if (first === undefined) return names.length === 0;
  if (first === '**') {
    if (rest.length === 0) return names.length > 0;
    for (let i = 0; i <= names.length; i++) if (refNames(rest, names.slice(i))) return true;
    return false;
  }
  return names.length > 0 && refName(first, names[0] as string) && refNames(rest, names.slice(1));
}

/** gitignore for one glob and one file path: the path, or a folder it is in, matches. */
function reference(glob: string, path: string): boolean {
  let p = glob;
  const dirOnly = p.endsWith('/');
  if (dirOnly) p = p.slice(0, -1);
  const anchored = p.includes('/');
  if (p.startsWith('/')) p = p.slice(1);
  let segs = p.split('/').map((s) => (/^\*\*+$/.test(s) ? '**' : s));
  if (!anchored) segs = ['**', ...segs];
  segs = segs.filter((s, i) => !(s === '**' && segs[i - 1] === '**'));
  const names = path.split('/');
  for (let k = 1; k <= names.length; k++) {
    if (dirOnly && k === names.length) continue;
    if (refNames(segs, names.slice(0, k))) return true;
  }
  return false;
}

const nameArb = fc
  .array(fc.constantFrom('a', 'b', '.', '*', 'é'), { minLength: 1, maxLength: 4 })
  .map((cs) => cs.join(''))
  .filter((s) => s !== '.' && s !== '..');
const pathArb = fc.array(nameArb, { minLength: 1, maxLength: 4 }).map((n) => n.join('/'));
const atom = fc.constantFrom('a', 'b', '.', 'é', '*', '**', '?', '[ab]', '[!a]', '[a-b]', '\\*');
const segArb = fc.oneof(
  { weight: 6, arbitrary: fc.array(atom, { minLength: 1, maxLength: 4 }).map((a) => a.join('')) },
  { weight: 1, arbitrary: fc.constant('**') },
);
const globArb = fc
  .tuple(fc.boolean(), fc.array(segArb, { minLength: 1, maxLength: 4 }), fc.boolean())
  .filter(([, segs]) => segs.every((s) => s !== '.' && s !== '..'))
  .map(([lead, segs, trail]) => `${lead ? '/' : ''}${segs.join('/')}${trail ? '/' : ''}`);

describe('matchGlobs', () => {
  it('agrees with the reference definition on random globs and paths (property)', () => {
    fc.assert(
      fc.property(globArb, pathArb, (glob, path) => {
        expect(matches([glob], path)).toBe(reference(glob, path));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with the reference past 30 segments, where the position set is an array (property)', () => {
    const deep = 'p/'.repeat(30);
    fc.assert(
      fc.property(globArb, pathArb, (glob, path) => {
        const anchored = `/${deep}${glob.replace(/^\//, '')}`;
        expect(compileGlob(anchored)?.alternatives[0]?.length).toBeGreaterThan(30);
        expect(matches([anchored], `${deep}${path}`)).toBe(reference(anchored, `${deep}${path}`));
      }),
      { numRuns: 1000 },
    );
  });

  it('a brace glob matches what one of its alternatives matches (property)', () => {
    // alternatives without "/", so that anchoring (decided on the whole glob) is the same
    fc.assert(
      fc.property(globArb, segArb, segArb, pathArb, (pre, a, b, path) => {
        const head = pre.replace(/\/$/, '');
        expect(matches([`${head}{${a},${b}}`], path)).toBe(
          matches([`${head}${a}`], path) || matches([`${head}${b}`], path),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    // the three cases where the old sources and skills matchers disagreed
    ['src', 'src/a.ts', true],
    ['[!a]*.md', 'b.md', true],
    ['[!a]*.md', 'a.md', false],
    ['docs/', 'docs', false],
    ['docs/', 'docs/a.md', true],
    ['[^a]*.md', 'b.md', true],
    // the pathological glob of issue 15, on a 46-character name, both ways
    ['*e*e*e*e*e*e*e*e*e*e*Q', `${'e'.repeat(45)}x`, false],
    ['*e*e*e*e*e*e*e*e*e*e*Q', `${'e'.repeat(45)}Q`, true],
    ['?', 'é', true],
    ['??', '😀', false],
    ['[😀]', '😀', true],
    ['\\*.md', '*.md', true],
    ['\\*.md', 'a.md', false],
    ['a\\ ', 'a ', true],
    ['a   ', 'a', true],
    ['[z', '[z', true],
    ['a/**', 'a', false],
    ['a/**/b', 'a/b', true],
    ['**', 'x/y', true],
    ['/*.md', 'a/b.md', false],
    ['a//b', 'a/b', true],
  ])('%j on %s is %s', (glob, path, expected) => {
    expect(matches([glob], path)).toBe(expected);
  });

  it('gives the first glob still matched after the last exclusion', () => {
    const globs = compileGlobList(['*.ts', 'src/**', '!*.test.ts']).globs;
    expect(matchGlobs(globs, 'src/a.ts')?.source).toBe('*.ts');
    expect(matchGlobs(globs, 'lib/a.test.ts')).toBeUndefined();
    // the folder src matched before the file: the exclusion of the file comes too late
    expect(matchGlobs(compileGlobList(['src', '!*.ts']).globs, 'src/a.ts')?.source).toBe('src');
  });
});

describe('limits', () => {
  it('refuses a glob over 1,024 characters, with a typed error', () => {
    const long = `${'a'.repeat(1025)}`;
    expect(() => compileGlob(long)).toThrow(expect.objectContaining({ code: GLOB_CODES.tooLong }));
    expect(compileGlob('a'.repeat(1024))?.alternatives[0]).toHaveLength(2);
    const spaces = `${' '.repeat(5000)}x`;
    expect(compileGlobList([spaces, '*.md']).problems.map((p) => p.code)).toEqual([
      GLOB_CODES.tooLong,
    ]);
  });

  it('refuses more than 64 segments, and bad syntax', () => {
    expect(() => compileGlob('a/'.repeat(65))).toThrow(
      expect.objectContaining({ code: GLOB_CODES.tooManySegments }),
    );
    expect(compileGlob('a/'.repeat(64))?.dirOnly).toBe(true);
    expect(() => compileGlob('[z-a].md')).toThrow(
      expect.objectContaining({ code: GLOB_CODES.invalid }),
    );
    expect(() => compileGlob('a\\')).toThrow(/lone backslash/);
  });

  it('a refused glob is a CtxloomError with a glob code, naming the glob', async () => {
    const { CtxloomError } = await import('../diagnostics/index.js');
    const { problems } = compileGlobList(['[z-a]']);
    expect(CtxloomError.isInstance(problems[0])).toBe(true);
    expect(problems[0]?.name).toBe('CtxloomError');
    expect(problems[0]?.code).toBe('E_GLOB_INVALID');
    expect(problems[0]?.message).toContain('"[z-a]"');
  });
});
