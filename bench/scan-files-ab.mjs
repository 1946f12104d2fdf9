#!/usr/bin/env node
// A/B of scan() on chosen files against another build, in one process, per file:
//   node bench/scan-files-ab.mjs <first root> <second root> <file>...
// Each root holds its own `npm run build` output in dist/. Both builds scan each file in
// alternated rounds (the order swapped every round), timed in CPU per scan; prints the median
// ms/MB per build and the ratio second / first, per file and for the sum of the medians. The
// build loaded second runs faster in one process: run it twice with the roots swapped.
// Relative file paths are read from ../shared/corpora/. ROUNDS (default 15) sets the rounds.
// `--ascii-joined` adds 1 MiB of the corpus's pure-ASCII instruction files joined end to end.
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const asciiJoined = args.includes('--ascii-joined');
const [a, b, ...files] = args.filter((x) => x !== '--ascii-joined');
if (a === undefined || b === undefined || (files.length === 0 && !asciiJoined)) {
  console.error(
    'usage: node bench/scan-files-ab.mjs <first root> <second root> [--ascii-joined] <file>...',
  );
  process.exit(2);
}
const corpora = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
/**
 * `--ascii-joined`: one more input, the corpus's pure-ASCII instruction files joined end to end
 * (a blank line between two) up to 1 MiB: a long text whose folding changes only ASCII case.
 */
const inputs = files.map((f) => [f, readFileSync(isAbsolute(f) ? f : join(corpora, f), 'utf8')]);
if (asciiJoined) {
  const dir = join(corpora, 'benign', 'instructions');
  let text = '';
  for (const f of readdirSync(dir).sort()) {
    const t = readFileSync(join(dir, f), 'utf8');
    if (/^[\x00-\x7f]*$/.test(t)) text += `${t}\n\n`;
    if (text.length >= 1 << 20) break;
  }
  inputs.push(['pure-ASCII instruction files, joined', text.slice(0, 1 << 20)]);
}
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
for (const [f, text] of inputs) {
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
