#!/usr/bin/env node
// Build step (after tsc): computes the scanner's phrase-automaton skeleton from the rules in
// dist/ and writes it into dist/safety/phrase-tables-data.js, so the first scan() of a process
// decodes it instead of compiling the automaton. Generated from the rules on every build, never
// committed: the sources hold an empty table, and a phrase set not in the table is compiled at
// run time, so stale tables cannot change a result (test/phrase-tables.test.ts checks both).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const data = new URL('../dist/safety/phrase-tables-data.js', import.meta.url);
// start from the empty table, so the scanner compiles its automaton (and records it) here
writeFileSync(data, 'export const PRECOMPUTED_PHRASE_TABLES = Object.freeze([]);\n');
const { scan } = await import(new URL('../dist/safety/index.js', import.meta.url).href);
const tables = await import(new URL('../dist/safety/phrase-tables.js', import.meta.url).href);
scan('build the phrase automaton');
const text = tables.phraseTablesModule();
writeFileSync(data, text);
// a fresh process must now start from the stored tables
const check = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const s = await import(${JSON.stringify(new URL('../dist/safety/index.js', import.meta.url).href)});
     const t = await import(${JSON.stringify(new URL('../dist/safety/phrase-tables.js', import.meta.url).href)});
     s.scan('x'); process.exit(t.precomputedSkeletonUses() === 1 ? 0 : 1);`,
  ],
  { stdio: 'inherit' },
);
if (check.status !== 0) {
  console.error('build-phrase-tables: the stored tables were not used by a fresh scan()');
  process.exit(1);
}
console.log(`phrase tables: ${Math.round(text.length / 1024)} KiB written to dist/safety/`);
