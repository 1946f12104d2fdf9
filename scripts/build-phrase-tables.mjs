#!/usr/bin/env node
// Build step (after tsc): computes the scanner's phrase-automaton skeleton, the automaton's walk
// tables and the phrase index from the rules in dist/ and writes them to
// dist/safety/phrase-tables.bin, so the first scan() of a process reads one file instead of
// folding the phrases and compiling the automaton. Generated
// from the rules on every build, never committed: the sources hold no file, and a phrase set not
// in the file is compiled at run time, so stale tables cannot change a result
// (test/phrase-tables.test.ts checks both).
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';

const file = new URL('../dist/safety/phrase-tables.bin', import.meta.url);
// start from no file, so the scanner compiles its tables (and records them) here
rmSync(file, { force: true });
const { scan } = await import(new URL('../dist/safety/index.js', import.meta.url).href);
const tables = await import(new URL('../dist/safety/phrase-tables.js', import.meta.url).href);
scan('build the phrase automaton');
const bytes = tables.phraseTablesFile();
writeFileSync(file, bytes);
// a fresh process must now start from the stored tables
const check = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const s = await import(${JSON.stringify(new URL('../dist/safety/index.js', import.meta.url).href)});
     const t = await import(${JSON.stringify(new URL('../dist/safety/phrase-tables.js', import.meta.url).href)});
     s.scan('x');
     process.exit(t.precomputedWalkUses() === 1 && t.precomputedIndexUses() === 1 ? 0 : 1);`,
  ],
  { stdio: 'inherit' },
);
if (check.status !== 0) {
  console.error('build-phrase-tables: the stored tables were not used by a fresh scan()');
  process.exit(1);
}
console.log(`phrase tables: ${Math.round(bytes.length / 1024)} KiB written to dist/safety/`);
