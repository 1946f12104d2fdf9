#!/usr/bin/env node
// A/B of the scanner's throughput against another build, in one process: `node bench/scan-ab.mjs
// <other repo root> [rounds]` (the other root holds its own `npm run build` output in dist/).
// Both builds scan the benign corpus (the instruction files and SKILL.md files of
// bench/safety.bench.mjs's throughput section) in interleaved rounds, the order swapped every
// round, timed in CPU; the tight-loop floor (one charCodeAt pass, local accumulator) is timed
// before each round. Prints min and median per build: on a shared machine the min is the
// figure least moved by load. Run it twice with the roots swapped: the build loaded second runs
// faster in one process. `--channel=tool-output` scans every file as that channel's text (the
// data-channel checks run only there).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from '../scripts/scanner-data.mjs';
import { cpuMs, twoBuilds } from './_util.mjs';

const { roots, scans, rounds } = await twoBuilds(
  'usage: node bench/scan-ab.mjs <other repo root> [rounds] [--channel=tool-output]',
  8,
);
const channel = process.argv.find((a) => a.startsWith('--channel='))?.slice('--channel='.length);
const options = channel === undefined ? {} : { channel };
const corpora = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const texts = [];
let bytes = 0;
for (const m of readManifest(corpora)) {
  if (
    m.kind === 'benign-instruction' ||
    (m.kind === 'benign-skill' && m.path.endsWith('/SKILL.md'))
  ) {
    const t = readFileSync(join(corpora, m.path), 'utf8');
    texts.push(t);
    bytes += Buffer.byteLength(t);
  }
}
for (const scan of scans) for (const t of texts) scan(t, options); // warm-up
const cpu = [[], []];
const floor = [];
let sink = 0;
for (let r = 0; r < rounds; r++) {
  floor.push(
    cpuMs(() => {
      let acc = 0;
      for (const t of texts) for (let i = 0; i < t.length; i++) acc = (acc + t.charCodeAt(i)) | 0;
      sink += acc & 1;
    }),
  );
  for (let k = 0; k < 2; k++) {
    const which = r % 2 === 0 ? k : 1 - k;
    const scan = scans[which];
    cpu[which].push(
      cpuMs(() => {
        for (const t of texts) scan(t, options);
      }),
    );
  }
}
const sorted = (a) => [...a].sort((x, y) => x - y);
const mbps = (ms) => (bytes / 1e6 / (ms / 1000)).toFixed(1);
const f = sorted(floor);
console.log(
  `${texts.length} files, ${(bytes / 1e6).toFixed(1)} MB, ${rounds} rounds; floor: min ${f[0].toFixed(0)} ms, median ${f[f.length >> 1].toFixed(0)} ms${sink >= 0 ? '' : '!'}`,
);
roots.forEach((root, k) => {
  const s = sorted(cpu[k]);
  const min = s[0];
  const med = s[s.length >> 1];
  console.log(
    `${k === 0 ? 'this build ' : 'other build'} ${root}: CPU min ${min.toFixed(0)} ms (${mbps(min)} MB/s, ${(min / f[0]).toFixed(1)}x the floor's min), median ${med.toFixed(0)} ms (${mbps(med)} MB/s)`,
  );
});
const ratio = sorted(cpu[0])[0] / sorted(cpu[1])[0];
console.log(`this / other, CPU min: ${ratio.toFixed(3)}`);
