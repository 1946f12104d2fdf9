// Scanner spread over the benign corpus (issue 22: "no file over 2x the median ms/MB"): every
// benign file scanned 5 times (after one warm-up pass over all), median ms per file, then ms/MB
// per file against the median file. Small files are dominated by the per-call fixed cost, so the
// table also shows files of at least 8 KB, and the per-call fixed cost on its own (the time of one
// scan of a one-line text; the metric itself is unchanged). Baseline: the median file's ms/MB.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scan } from '../dist/safety/index.js';
import { corporaDir, printTable, round } from './_util.mjs';

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
const rows = files.map(([name, text]) => {
  const t = [];
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    scan(text, { source: name });
    t.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  t.sort((a, b) => a - b);
  return { name, bytes: Buffer.byteLength(text), msPerMB: t[2] / (Buffer.byteLength(text) / 1e6) };
});
// the per-call fixed cost, stated apart (it does not change the metric above): the median time of
// one scan of a one-line text, which is what a tiny file's ms/MB mostly is
const fixedUs = (() => {
  const line = 'See AGENTS.md.\n';
  for (let i = 0; i < 20000; i++) scan(line);
  const t = [];
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 20000; i++) scan(line);
    t.push(Number(process.hrtime.bigint() - t0) / 1e3 / 20000);
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
printTable(
  [
    'files',
    'n',
    'median ms/MB',
    'worst ms/MB',
    'worst / median (goal <= 2)',
    'files over 2x median',
    'worst file',
    'fixed cost per call (a one-line text)',
  ],
  [
    summary('all benign .md files', rows),
    summary(
      'files of 8 KB and more',
      rows.filter((r) => r.bytes >= 8192),
    ),
  ],
);
