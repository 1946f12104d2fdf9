#!/usr/bin/env node
// A/B of scan() on chosen files against another build, in one process, per file:
//   node bench/scan-files-ab.mjs <first root> <second root> <file>...
// Each root holds its own `npm run build` output in dist/. Both builds scan each file in
// alternated rounds (the order swapped every round), timed in CPU per scan; prints the median
// ms/MB per build and the ratio second / first, per file and for the sum of the medians. The
// build loaded second runs faster in one process: run it twice with the roots swapped.
// Relative file paths are read from ../shared/corpora/. ROUNDS (default 15) sets the rounds.
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [a, b, ...files] = process.argv.slice(2);
if (a === undefined || b === undefined || files.length === 0) {
  console.error('usage: node bench/scan-files-ab.mjs <first root> <second root> <file>...');
  process.exit(2);
}
const corpora = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const load = async (root) => (await import(join(resolve(root), 'dist', 'safety', 'index.js'))).scan;
const A = await load(a);
const B = await load(b);
const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const rounds = Number(process.env.ROUNDS ?? 15);
const median = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];
let totalA = 0;
let totalB = 0;
for (const f of files) {
  const text = readFileSync(isAbsolute(f) ? f : join(corpora, f), 'utf8');
  const reps = Math.max(2, Math.ceil(300_000 / text.length));
  for (let i = 0; i < 3; i++) {
    A(text);
    B(text);
  }
  const ta = [];
  const tb = [];
  for (let r = 0; r < rounds; r++) {
    const order =
      r % 2 === 0
        ? [
            [A, ta],
            [B, tb],
          ]
        : [
            [B, tb],
            [A, ta],
          ];
    for (const [scan, times] of order) {
      const c0 = cpu();
      for (let i = 0; i < reps; i++) scan(text);
      times.push((cpu() - c0) / reps);
    }
  }
  const mb = Buffer.byteLength(text) / 1e6;
  totalA += median(ta);
  totalB += median(tb);
  console.log(
    `${f.slice(-48).padEnd(48)} ${String(text.length).padStart(8)} chars  first ${(median(ta) / 1000 / mb).toFixed(1)}  second ${(median(tb) / 1000 / mb).toFixed(1)} ms/MB  second/first ${(median(tb) / median(ta)).toFixed(3)}`,
  );
}
console.log(`sum of medians, second / first: ${(totalB / totalA).toFixed(3)}`);
