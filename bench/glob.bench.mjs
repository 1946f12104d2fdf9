#!/usr/bin/env node
// Glob engine (issues 12 and 15). Run with `npm run bench -- glob` (builds first) or, after
// `npx tsc -p tsconfig.build.json`, `node bench/glob.bench.mjs`. Prints tables; asserts no time.
//
// 1. The pathological globs of issue 15 through both library paths (`matchPathRules`, what
//    `ctxloom sources --for` calls, and `compilePathRules`, what `ctxloom skills match --path`
//    calls), against the picomatch RegExp the old matchers compiled (baseline). The baseline is run
//    only up to 7 stars: it grows ~5x per star (10 stars took 27 s and 199 s before the change).
// 2. Growth: the path and the glob 8x longer (linear gives ~8x, quadratic ~64x).
import picomatch from 'picomatch';
import { compileGlob, matchGlobs } from '../dist/glob/index.js';
import { compilePathRules } from '../dist/skills/index.js';
import { matchPathRules } from '../dist/sources/index.js';
import { measure, printTable, round } from './_util.mjs';

const NAME = `${'e'.repeat(45)}x`; // 46 characters, no Q: every split is tried by a backtracker

function viaSources(glob, path) {
  return matchPathRules([{ mode: 'glob', globs: [glob] }], path).length;
}
function viaSkills(glob, path) {
  return compilePathRules([{ name: 'r', globs: [glob], body: 'b', source: 's' }]).match(path)
    .length;
}

/** Wall time of one call in ms. */
function once(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const rows = [];
for (const stars of [2, 4, 6, 7, 10, 20]) {
  const glob = `${'*e'.repeat(stars)}*Q`;
  const sources = measure(() => viaSources(glob, NAME), { runs: 50, warmup: 5 });
  const skills = measure(() => viaSkills(glob, NAME), { runs: 50, warmup: 5 });
  let baseline = 'not run';
  if (stars <= 7) {
    // the old skills matcher: picomatch.makeRe of the anchored pattern, one fresh compile
    const re = picomatch.makeRe(`**/${glob}`, { dot: true });
    baseline = round(
      once(() => re.test(NAME)),
      1,
    );
  } else if (stars === 10) baseline = '27,000 / 199,000 (issue 15)';
  rows.push([
    `${stars} stars`,
    round(sources.median, 1),
    round(skills.median, 1),
    baseline,
    viaSources(glob, NAME) + viaSkills(glob, NAME),
  ]);
}
const spaces = `${' '.repeat(1000)}x`;
rows.push([
  '1,000 spaces then x',
  round(measure(() => viaSources(spaces, 'a/b.ts'), { runs: 50 }).median, 1),
  round(measure(() => viaSkills(spaces, 'a/b.ts'), { runs: 50 }).median, 1),
  'see growth table',
  0,
]);
console.log(`Pathological globs against the 46-character name ${NAME.slice(0, 6)}...x`);
printTable(
  ['glob', 'sources us (median)', 'skills us (median)', 'picomatch ms (once)', 'matches'],
  rows,
);

// growth: 8x the input, ratio of medians
function ratio(small, big) {
  const a = measure(small, { runs: 30, warmup: 5 }).median;
  const b = measure(big, { runs: 30, warmup: 5 }).median;
  return round(b / Math.max(a, 0.001), 1);
}
const stars = compileGlob('*e*e*e*e*e*e*e*e*e*e*?Q');
let unique = 0;
const growth = [
  [
    '10-star glob, name 4 KB -> 32 KB',
    ratio(
      () => matchGlobs([stars], 'e'.repeat(4096)),
      () => matchGlobs([stars], 'e'.repeat(32768)),
    ),
  ],
  [
    'globstars, path 2,048 -> 16,384 folders',
    ratio(
      () => matchGlobs([compileGlob('**/a/**/a/**/b')], 'a/'.repeat(2048)),
      () => matchGlobs([compileGlob('**/a/**/a/**/b')], 'a/'.repeat(16384)),
    ),
  ],
  [
    'compile, 120 -> 960 spaces',
    ratio(
      () => compileGlob(`${' '.repeat(120)}x${unique++}`),
      () => compileGlob(`${' '.repeat(960)}x${unique++}`),
    ),
  ],
  [
    'compile, 120 -> 960 unclosed [',
    ratio(
      () => compileGlob(`${'['.repeat(120)}${unique++}`),
      () => compileGlob(`${'['.repeat(960)}${unique++}`),
    ),
  ],
];
console.log('\nGrowth at 8x the input (linear ~8, quadratic ~64)');
printTable(['case', 'time ratio'], growth);
