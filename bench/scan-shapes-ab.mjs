#!/usr/bin/env node
// A/B of the crafted 1 MB shapes (bench/_shapes.mjs) against another build, in one process:
// `node bench/scan-shapes-ab.mjs <other repo root> [rounds]` (the other root holds its own
// `npm run build` output in dist/). Each shape is scanned by both builds in interleaved rounds,
// the order swapped every round, timed in CPU; prints each build's min and median per shape and
// the worst median. Run it twice with the roots swapped: the build loaded second runs faster.
// `--channel=tool-output` scans each shape as that channel's text (the data-channel checks run
// only there) and adds the shapes aimed at those checks; `--skip=<text>` leaves out the shapes
// whose name holds it (a build before 016139d takes minutes on `--skip=whitespace`'s shapes).
import { craftedShapes, dataChannelShapes } from './_shapes.mjs';
import { cpuMs, twoBuilds } from './_util.mjs';

const { roots, scans, rounds } = await twoBuilds(
  'usage: node bench/scan-shapes-ab.mjs <other repo root> [rounds] [--channel=tool-output] [--skip=<text>]',
  5,
);
const channel = process.argv.find((a) => a.startsWith('--channel='))?.slice('--channel='.length);
const options = channel === undefined ? {} : { channel };
const skip = process.argv.find((a) => a.startsWith('--skip='))?.slice('--skip='.length);
const shapes = [...craftedShapes(), ...(channel === undefined ? [] : dataChannelShapes())].filter(
  ([name]) => skip === undefined || !name.includes(skip),
);
console.log(`this build ${roots[0]}, other build ${roots[1]}`);
const pad = (s, n) => String(s).padEnd(n);
const stat = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return [s[0], s[s.length >> 1]];
};
console.log(
  `${pad('shape', 42)} ${pad('this min/med', 14)} ${pad('other min/med', 14)} ratio of medians`,
);
const worst = [0, 0];
for (const [name, text] of shapes) {
  const cpu = [[], []];
  for (const scan of scans) scan(text, options); // warm-up: a new shape compiles new paths
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < 2; k++) {
      const which = r % 2 === 0 ? k : 1 - k;
      cpu[which].push(cpuMs(() => scans[which](text, options)));
    }
  }
  const [a, b] = [stat(cpu[0]), stat(cpu[1])];
  worst[0] = Math.max(worst[0], a[1]);
  worst[1] = Math.max(worst[1], b[1]);
  const fmt = ([min, med]) => `${min.toFixed(1)}/${med.toFixed(1)}`;
  console.log(`${pad(name, 42)} ${pad(fmt(a), 14)} ${pad(fmt(b), 14)} ${(a[1] / b[1]).toFixed(2)}`);
}
console.log(`worst median: this ${worst[0].toFixed(1)} ms, other ${worst[1].toFixed(1)} ms (CPU)`);
