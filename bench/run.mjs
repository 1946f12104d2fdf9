#!/usr/bin/env node
// Runs every benchmark in bench/ (files named *.bench.mjs), one after the other, in fresh
// processes so that one benchmark's JIT and heap state do not colour the next.
// `npm run bench` runs all; `npm run bench -- prompt` runs those whose name contains "prompt".
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs') && f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`no benchmark matches "${filter}"`);
  process.exit(2);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--expose-gc', join(here, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
