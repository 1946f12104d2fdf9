#!/usr/bin/env node
// Build step (after tsc): decodes the scanner's shipped weights (src/safety/learned-weights.ts,
// from dist/) and writes the weight table they make to dist/safety/learned-table.bin, so the first
// scan() of a process reads it instead of building it (see src/safety/learned-table.ts). Generated
// on every build, never committed; a table that does not match the weights is not used.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';

const dist = (path) => new URL(`../dist/safety/${path}`, import.meta.url);
const file = dist('learned-table.bin');
rmSync(file, { force: true });
const { decodeWeights } = await import(dist('learned-model.js').href);
const { LEARNED_WEIGHTS } = await import(dist('learned-weights.js').href);
const { encodeLearnedTable } = await import(dist('learned-table.js').href);
const bytes = encodeLearnedTable(LEARNED_WEIGHTS, decodeWeights(LEARNED_WEIGHTS).weights.table);
writeFileSync(file, bytes);
// a fresh process must now find it
const check = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const t = await import(${JSON.stringify(dist('learned-table.js').href)});
     const w = await import(${JSON.stringify(dist('learned-weights.js').href)});
     process.exit(t.storedLearnedTable(w.LEARNED_WEIGHTS) === undefined ? 1 : 0);`,
  ],
  { stdio: 'inherit' },
);
if (check.status !== 0) {
  console.error('build-learned-table: a fresh process did not accept the stored table');
  process.exit(1);
}
console.log(`learned table: ${Math.round(bytes.length / 1024)} KiB written to dist/safety/`);
