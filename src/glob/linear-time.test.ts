import { describe, expect, it } from 'vitest';
import { cpuMs } from '../_internal/test-helpers/cpu-time.js';
import { compileGlob } from './compile.js';
import { compileGlobList, matchPrepared, preparePath } from './match.js';

/**
 * Time at size 8n over time at size n: linear gives ~8, quadratic ~64. Each the best of five, the
 * sizes alternated so that a burst of load on the shared machine hits both alike (timed back to
 * back, the large runs once all fell in a busy second and measured 30-32x).
 */
function growth(run: (size: number) => void, small: number): number {
  run(small); // warm up
  let a = Number.POSITIVE_INFINITY;
  let b = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    a = Math.min(
      a,
      cpuMs(() => run(small), 1),
    );
    b = Math.min(
      b,
      cpuMs(() => run(small * 8), 1),
    );
  }
  return b / Math.max(a, 1);
}

/** Matches one glob against a path `repeat` times (the glob compiled once, as the engine does). */
function matcher(glob: string, repeat: number) {
  const globs = compileGlobList([glob]).globs;
  expect(globs).toHaveLength(1);
  return (path: string) => {
    const prepared = preparePath(path);
    for (let i = 0; i < repeat; i++) matchPrepared(globs, prepared);
  };
}

const STARS = '*e*e*e*e*e*e*e*e*e*e*Q';

describe('glob matching is linear in the path', () => {
  it.each([
    ['the issue-15 glob on a long name', STARS, (n: number) => 'e'.repeat(n)],
    [
      'the issue-15 glob with a ? (the greedy-star loop)',
      `${STARS}?`,
      (n: number) => 'e'.repeat(n),
    ],
    ['the issue-15 glob, one name per folder', STARS, (n: number) => 'e/'.repeat(n / 2)],
    ['globstars on a deep path', '**/a/**/a/**/a/**/b', (n: number) => 'a/'.repeat(n / 2)],
    ['classes and ? on a long name', '[!x]?[a-e]*?*[!e]', (n: number) => 'e'.repeat(n)],
    ['a folder-only glob on a deep path', 'a*a*a*a*b/', (n: number) => 'a/'.repeat(n / 2)],
  ])('%s: 8x the path costs well under 64x the time', (_name, glob, path) => {
    const match = matcher(glob, 20);
    expect(growth((n) => match(path(n)), 4096)).toBeLessThan(24);
  });
});

describe('glob matching is linear in the glob', () => {
  it.each([
    ['stars', (n: number) => `${'*e'.repeat(n / 2)}*Q`],
    // 33 characters and 2 of the 64 segments a unit: 960 characters stay under the cap
    ['globstars and stars', (n: number) => `${`**/${'e*'.repeat(14)}e/`.repeat(n / 40)}Q`],
    ['braces', (n: number) => `{a,b}${'*e'.repeat(n / 2 - 3)}*Q`],
  ])('%s: an 8x longer glob costs well under 64x the time', (_name, glob) => {
    const path = `${'e/'.repeat(50)}${'e'.repeat(2000)}`;
    const prepared = preparePath(path);
    const globs = (n: number) => {
      const g = compileGlobList([glob(n)]);
      expect(g.problems).toEqual([]);
      return g.globs;
    };
    const small = globs(120);
    const big = globs(960);
    const run = (n: number) => {
      const gs = n === 120 ? small : big;
      for (let i = 0; i < 5; i++) matchPrepared(gs, prepared);
    };
    expect(growth(run, 120)).toBeLessThan(24);
  });
});

describe('compiling is linear in the glob', () => {
  let unique = 0;
  it.each([
    ['spaces', (n: number) => `${' '.repeat(n)}x`],
    ['trailing spaces', (n: number) => `x${' '.repeat(n)}`],
    ['unclosed classes', (n: number) => '['.repeat(n)],
    ['unclosed braces', (n: number) => '{'.repeat(n)],
    ['nested braces', (n: number) => `${'{a,'.repeat(n / 4)}${'}'.repeat(n / 4)}`],
    ['unclosed classes inside braces', (n: number) => `{a,${'['.repeat(n)}}`],
    ['unclosed parentheses', (n: number) => '('.repeat(n)],
    ['nested ( | ) groups', (n: number) => `${'(a|'.repeat(n / 4)}${')'.repeat(n / 4)}`],
    ['escapes', (n: number) => '\\*'.repeat(n / 2)],
  ])('%s: an 8x longer glob costs well under 64x to compile', (_name, glob) => {
    // compiled globs are cached: a new suffix each time keeps every compile real
    const run = (n: number) => {
      const base = glob(n);
      for (let i = 0; i < 30; i++) {
        unique++;
        try {
          compileGlob(`${base.slice(0, 1000)}${unique % 10}${unique}`.slice(0, 1024));
        } catch {
          // a refused glob (too many alternatives) is fine: the point is that it is refused fast
        }
      }
    };
    expect(growth(run, 120)).toBeLessThan(24);
  });
});
