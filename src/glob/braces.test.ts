import { describe, expect, it } from 'vitest';
import { expandBraces } from './braces.js';
import { GLOB_CODES, GLOB_LIMITS } from './error.js';

describe('expandBraces', () => {
  it.each([
    ['*.{ts,tsx}', ['*.ts', '*.tsx']],
    ['src/{api,web}/**', ['src/api/**', 'src/web/**']],
    ['{a,{b,c}}x', ['ax', 'bx', 'cx']],
    ['{a,b}{c,d}', ['ac', 'ad', 'bc', 'bd']],
    ['{a,}.md', ['a.md', '.md']],
    ['{x}.md', ['{x}.md']],
    ['{a,b', ['{a,b']],
    ['\\{a,b}', ['\\{a,b}']],
    ['[{,]x', ['[{,]x']],
    ['{a,a}', ['a']],
    ['plain', ['plain']],
    ['/**/*.(ts|tsx)', ['/**/*.ts', '/**/*.tsx']],
    [
      '/(app|pages)/api/*.(ts|js)',
      ['/app/api/*.ts', '/app/api/*.js', '/pages/api/*.ts', '/pages/api/*.js'],
    ],
    ['app/(landing-page)/*.ts', ['app/(landing-page)/*.ts']],
    ['{a,(b|c)}', ['a', 'b', 'c']],
    ['{a|b}', ['{a|b}']],
    ['(a,b)', ['(a,b)']],
    ['\\(a|b)', ['\\(a|b)']],
  ])('%s expands to %j', (pattern, expected) => {
    expect(expandBraces(pattern)).toEqual(expected);
  });

  it('counts before it expands: 2^7 alternatives are refused, not built', () => {
    expect(expandBraces('{a,b}'.repeat(6))).toHaveLength(64);
    expect(() => expandBraces('{a,b}'.repeat(7))).toThrow(
      expect.objectContaining({ code: GLOB_CODES.tooManyAlternatives }),
    );
    expect(() => expandBraces('{a,b}'.repeat(500))).toThrow(/more than 64 alternatives/);
    expect(GLOB_LIMITS.maxAlternatives).toBe(64);
  });
});
