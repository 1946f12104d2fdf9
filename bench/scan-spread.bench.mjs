// Scanner spread over the benign corpus (issue 22: "no file over 2x the median ms/MB"): ms/MB per
// file against the median file, for all files and for files of at least 8 KB (small files are
// dominated by the per-call fixed cost, which is also stated on its own: one scan of a one-line
// text). `node bench/scan-spread.bench.mjs [repo root] [--wall]`: the root (default this one)
// holds the build in dist/ to measure, so two builds can be run alternately.
// Each file is timed in CPU (process.cpuUsage) over a batch of repeated scans of at least 64 KB in
// all, the median of 3 batches, after one warm-up pass over all files: on a shared machine a wall
// clock timing of one scan of an 11-byte file mostly measures the other processes. `--wall` times
// one scan per sample with the wall clock instead (the median of 5), as this bench first did.
// A 64 KB batch takes 1-3 ms, and process.cpuUsage counts every thread of the process: a garbage
// collection or compiler thread busy during one batch adds to it (a 7.8 KB file read 131 ms/MB
// over 6 scans and 32 over 600, the median). Such noise only ever adds time, so every file that
// the first pass puts over REFINE x the median is timed again over batches of at least 1 MB
// (the median of 5), and the table uses those figures; `--quick` skips this second pass.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { corporaDir, printTable, round } from './_util.mjs';

const args = process.argv.slice(2);
const wall = args.includes('--wall');
const rootArg = args.find((a) => !a.startsWith('--'));
const dist =
  rootArg === undefined
    ? new URL('../dist/', import.meta.url).pathname
    : join(resolve(rootArg), 'dist/');
const { scan } = await import(join(dist, 'safety/index.js'));
const root = corporaDir();
if (!root) {
  console.log('no corpora: skipped');
  process.exit(0);
}
const files = [];
for (const sub of ['benign/instructions', 'benign/skills']) {
  const dir = join(root, sub);
  for (const f of readdirSync(dir, { recursive: true }).map(String).sort()) {
    if (!f.endsWith('.md')) continue;
    try {
      files.push([`${sub}/${f}`, readFileSync(join(dir, f), 'utf8')]);
    } catch {}
  }
}
for (const [name, text] of files) scan(text, { source: name });
const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
/** Milliseconds of one scan of `text`: CPU over a batch, or the wall clock of one scan. */
function timeOne(name, text, bytes) {
  if (wall) {
    const t0 = process.hrtime.bigint();
    scan(text, { source: name });
    return Number(process.hrtime.bigint() - t0) / 1e6;
  }
  const reps = Math.max(1, Math.ceil(65536 / bytes));
  const t0 = cpuUs();
  for (let i = 0; i < reps; i++) scan(text, { source: name });
  return (cpuUs() - t0) / 1e3 / reps;
}
const samples = wall ? 5 : 3;
const rows = files.map(([name, text]) => {
  const bytes = Buffer.byteLength(text);
  const t = [];
  for (let r = 0; r < samples; r++) t.push(timeOne(name, text, bytes));
  t.sort((a, b) => a - b);
  return { name, bytes, text, msPerMB: t[samples >> 1] / (bytes / 1e6) };
});
/** Files over this multiple of the median in the first pass are timed again (see the header). */
const REFINE = 1.5;
const refined = (() => {
  if (wall || args.includes('--quick')) return 0;
  const sorted = rows.map((r) => r.msPerMB).sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  let n = 0;
  for (const r of rows) {
    if (r.msPerMB <= REFINE * median) continue;
    const reps = Math.max(1, Math.ceil(1e6 / r.bytes));
    const t = [];
    for (let k = 0; k < 5; k++) {
      const t0 = cpuUs();
      for (let i = 0; i < reps; i++) scan(r.text, { source: r.name });
      t.push((cpuUs() - t0) / 1e3 / reps);
    }
    t.sort((a, b) => a - b);
    r.msPerMB = t[2] / (r.bytes / 1e6);
    n++;
  }
  return n;
})();
// the per-call fixed cost, stated apart (it does not change the metric above): the median time of
// one scan of a one-line text, which is what a tiny file's ms/MB mostly is
const fixedUs = (() => {
  const line = 'See AGENTS.md.\n';
  for (let i = 0; i < 20000; i++) scan(line);
  const t = [];
  for (let r = 0; r < 5; r++) {
    const t0 = cpuUs();
    for (let i = 0; i < 20000; i++) scan(line);
    t.push((cpuUs() - t0) / 20000);
  }
  return t.sort((a, b) => a - b)[2];
})();
const summary = (label, set) => {
  const sorted = [...set].sort((a, b) => a.msPerMB - b.msPerMB);
  const median = sorted[sorted.length >> 1].msPerMB;
  const worst = sorted[sorted.length - 1];
  return [
    label,
    set.length,
    round(median, 1),
    round(worst.msPerMB, 1),
    round(worst.msPerMB / median, 2),
    set.filter((r) => r.msPerMB > 2 * median).length,
    worst.name.slice(-50),
    `${round(fixedUs, 2)} us`,
  ];
};
console.log(
  `${dist} (${wall ? 'wall clock, one scan per sample' : `CPU, batches of 64 KB; ${refined} files over ${REFINE}x the median timed again over batches of 1 MB`})`,
);
printTable(
  [
    'files',
    'n',
    'median ms/MB',
    'worst ms/MB',
    'worst / median (goal <= 2)',
    'files over 2x median',
    'worst file',
    'fixed cost per call (a one-line text, CPU)',
  ],
  [
    summary('all benign .md files', rows),
    summary(
      'files of 8 KB and more',
      rows.filter((r) => r.bytes >= 8192),
    ),
  ],
);
if (args.includes('--top')) {
  const sorted = [...rows].sort((a, b) => b.msPerMB - a.msPerMB);
  for (const r of sorted.slice(0, 25)) console.log(round(r.msPerMB, 1), r.bytes, r.name);
}
