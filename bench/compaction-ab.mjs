#!/usr/bin/env node
// A/B of cold compaction against another build, in one process: `node bench/compaction-ab.mjs
// <other repo root> [rounds]` (each root holds its own `npm run build` output in dist/). Both
// builds compact the six real transcripts (../shared/corpora/transcripts) at the five scenarios
// of compaction-real.bench.mjs, cold as there (a fresh structuredClone, the tokenizer's caches
// emptied, the JIT warm, a full collection and SETTLE_MS of idle time before the timer), each
// scenario by one build then the other, the order swapped every round. CPU time of all threads
// (the goal's figure) and of the main thread alone (/proc/thread-self/schedstat, Linux).
// Prints, per build, the sum of its runs per round and the per-200k figures of every run, and
// this / other per round. Run it twice with the roots swapped: load order can favour a build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { corporaDir, round } from './_util.mjs';

/** compaction-real.bench.mjs's scenarios (importing that file would run its bench). */
const SCENARIOS = [
  [0.4, 0.25],
  [0.75, 0.25],
  [0.75, 0.5],
  [0.92, 0.25],
  [0.92, 0.5],
];

const other = process.argv[2];
if (other === undefined || corporaDir() === null) {
  console.log('usage: node bench/compaction-ab.mjs <other repo root> [rounds] (needs the corpora)');
  process.exit(0);
}
const rounds = Number(process.argv[3] ?? 4);
const roots = [new URL('..', import.meta.url).pathname, other];
const builds = [];
for (const root of roots) {
  const history = await import(join(root, 'dist/history/index.js'));
  const tokens = await import(join(root, 'dist/tokens/index.js'));
  builds.push({ root, history, tokens });
}
const tdir = join(corporaDir(), 'transcripts');
const transcripts = readdirSync(tdir)
  .filter((f) => f.endsWith('.json.gz'))
  .sort()
  .map((f) => {
    const value = JSON.parse(gunzipSync(readFileSync(join(tdir, f))).toString('utf8'));
    const history = builds[0].history.readTranscript(value).history;
    const tokens = builds[0].history.historyTokens(history, builds[0].tokens.o200kCounter);
    return { name: f.slice(0, 16), history, tokens };
  });
const optionsFor = (b, t, [occ, tgt]) => ({
  budget: {
    window: Math.round(t.tokens / occ),
    target: tgt,
    soft: Math.max(0.75, tgt),
    hard: 0.92,
  },
  tokenCounter: b.tokens.o200kCounter,
});

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');
const SETTLE_MS = 25;
function threadCpuNs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]);
  } catch {
    return Number.NaN;
  }
}
async function coldRun(b, t, scenario) {
  const fresh = structuredClone(t.history);
  b.tokens.clearTokenCaches();
  collect();
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  const n0 = threadCpuNs();
  const c0 = process.cpuUsage();
  await b.history.compactHistory(fresh, optionsFor(b, t, scenario));
  const c = process.cpuUsage(c0);
  const n1 = threadCpuNs();
  return { all: (c.user + c.system) / 1000, main: (n1 - n0) / 1e6 };
}

// JIT warm-up: every scenario once per build, untimed
for (const b of builds)
  for (const t of transcripts) for (const s of SCENARIOS) await coldRun(b, t, s);

const sums = builds.map(() => ({ all: [], main: [] }));
const per200k = builds.map(() => ({ all: [], main: [] }));
for (let r = 0; r < rounds; r++) {
  const sum = builds.map(() => ({ all: 0, main: 0 }));
  for (const t of transcripts)
    for (const s of SCENARIOS)
      for (let k = 0; k < 2; k++) {
        const which = r % 2 === 0 ? k : 1 - k;
        const { all, main } = await coldRun(builds[which], t, s);
        sum[which].all += all;
        sum[which].main += main;
        per200k[which].all.push(all / (t.tokens / 200_000));
        per200k[which].main.push(main / (t.tokens / 200_000));
      }
  builds.forEach((_, k) => {
    sums[k].all.push(sum[k].all);
    sums[k].main.push(sum[k].main);
  });
  console.log(
    `round ${r + 1} (${r % 2 === 0 ? 'this first' : 'other first'}): sum of ${transcripts.length * SCENARIOS.length} runs, all threads this ${round(sum[0].all, 0)} / other ${round(sum[1].all, 0)} ms = ${round(sum[0].all / sum[1].all, 3)}; main thread ${round(sum[0].main, 0)} / ${round(sum[1].main, 0)} = ${round(sum[0].main / sum[1].main, 3)}`,
  );
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const total = (a) => a.reduce((x, y) => x + y, 0);
builds.forEach((b, k) => {
  const p = per200k[k];
  console.log(
    `${k === 0 ? 'this ' : 'other'} ${b.root}: per 200k, all threads median ${round(median(p.all), 1)} max ${round(Math.max(...p.all), 1)} (>= 100: ${p.all.filter((x) => x >= 100).length}/${p.all.length}); main thread median ${round(median(p.main), 1)} max ${round(Math.max(...p.main), 1)}`,
  );
});
console.log(
  `this / other over all rounds: all threads ${round(total(sums[0].all) / total(sums[1].all), 3)}, main thread ${round(total(sums[0].main) / total(sums[1].main), 3)}`,
);
