#!/usr/bin/env node
// A/B of cold compaction against another build: `node bench/compaction-ab.mjs <other repo root>
// [pairs] [--in-process]` (each root holds its own `npm run build` output in dist/). Both builds
// compact the six real transcripts (../shared/corpora/transcripts) at the five scenarios of
// compaction-real.bench.mjs, cold as there: a fresh structuredClone, the tokenizer's caches
// emptied, a full collection and SETTLE_MS of idle time before the timer, the JIT warm. CPU time
// of all threads (the goal's figure) and of the main thread alone (/proc/thread-self/schedstat,
// Linux; the difference is mostly TurboFan compiling on its helper thread).
// Default: `pairs` pairs of fresh processes, one build each, the order swapped every pair; each
// process runs 2 untimed rounds of the 30 compactions (JIT warm-up), then 3 timed ones. One
// process per build is what a user runs; two builds in one process interfere (the one loaded
// second ran up to 9% more main-thread CPU there, whichever it was).
// --in-process: both builds in this process, each scenario by one then the other, the order
// swapped every round (`pairs` rounds).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { corporaDir, round, COMPACTION_SCENARIOS as SCENARIOS } from './_util.mjs';

const WARM_ROUNDS = 2;
const TIMED_ROUNDS = 3;
const SETTLE_MS = 25;

const here = fileURLToPath(new URL('..', import.meta.url));
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const total = (a) => a.reduce((x, y) => x + y, 0);

async function loadBuild(root) {
  const history = await import(join(root, 'dist/history/index.js'));
  const tokens = await import(join(root, 'dist/tokens/index.js'));
  return { root, history, tokens };
}

function loadTranscripts(b) {
  const tdir = join(corporaDir(), 'transcripts');
  return readdirSync(tdir)
    .filter((f) => f.endsWith('.json.gz'))
    .sort()
    .map((f) => {
      const value = JSON.parse(gunzipSync(readFileSync(join(tdir, f))).toString('utf8'));
      const history = b.history.readTranscript(value).history;
      const tokens = b.history.historyTokens(history, b.tokens.o200kCounter);
      return { name: f.slice(0, 16), history, tokens };
    });
}

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');
function threadCpuNs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]);
  } catch {
    return Number.NaN;
  }
}
/** CPU ms of one cold compaction: all threads and the main thread. */
async function coldRun(b, t, [occ, tgt]) {
  const fresh = structuredClone(t.history);
  b.tokens.clearTokenCaches();
  collect();
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  const options = {
    budget: {
      window: Math.round(t.tokens / occ),
      target: tgt,
      soft: Math.max(0.75, tgt),
      hard: 0.92,
    },
    tokenCounter: b.tokens.o200kCounter,
  };
  const n0 = threadCpuNs();
  const c0 = process.cpuUsage();
  await b.history.compactHistory(fresh, options);
  const c = process.cpuUsage(c0);
  const n1 = threadCpuNs();
  return { all: (c.user + c.system) / 1000, main: (n1 - n0) / 1e6, per: t.tokens / 200_000 };
}

const childArg = process.argv.indexOf('--child');
if (childArg >= 0) {
  // one build in this fresh process; prints its timed runs as JSON
  const b = await loadBuild(process.argv[childArg + 1]);
  const transcripts = loadTranscripts(b);
  const runs = [];
  for (let r = 0; r < WARM_ROUNDS + TIMED_ROUNDS; r++)
    for (const t of transcripts)
      for (const s of SCENARIOS) {
        const x = await coldRun(b, t, s);
        if (r >= WARM_ROUNDS) runs.push(x);
      }
  console.log(JSON.stringify(runs));
  process.exit(0);
}

const other = process.argv[2];
if (other === undefined || other.startsWith('--') || corporaDir() === null) {
  console.log(
    'usage: node bench/compaction-ab.mjs <other repo root> [pairs] [--in-process] (needs the corpora)',
  );
  process.exit(0);
}
const pairs = Number(process.argv[3] ?? 4) || 4;
const inProcess = process.argv.includes('--in-process');
const roots = [here, other];

/** Per build: every timed run. */
const runs = [[], []];
/** Per pair (or round): the builds' sums, all threads and main thread. */
const sums = [];
if (inProcess) {
  const builds = [];
  for (const root of roots) builds.push(await loadBuild(root));
  const transcripts = loadTranscripts(builds[0]);
  for (let r = 0; r < WARM_ROUNDS; r++)
    for (const b of builds)
      for (const t of transcripts) for (const s of SCENARIOS) await coldRun(b, t, s);
  for (let r = 0; r < pairs; r++) {
    const got = [[], []];
    for (const t of transcripts)
      for (const s of SCENARIOS)
        for (let k = 0; k < 2; k++) {
          const which = r % 2 === 0 ? k : 1 - k;
          got[which].push(await coldRun(builds[which], t, s));
        }
    for (let k = 0; k < 2; k++) runs[k].push(...got[k]);
    sums.push(got);
  }
} else {
  for (let p = 0; p < pairs; p++) {
    const got = [[], []];
    for (let k = 0; k < 2; k++) {
      const which = p % 2 === 0 ? k : 1 - k;
      const child = spawnSync(
        process.execPath,
        [fileURLToPath(import.meta.url), '--child', roots[which]],
        { encoding: 'utf8', maxBuffer: 1 << 26 },
      );
      got[which] = JSON.parse(child.stdout.trim().split('\n').pop());
    }
    for (let k = 0; k < 2; k++) runs[k].push(...got[k]);
    sums.push(got);
  }
}
sums.forEach((got, i) => {
  const [a, b] = got.map((g) => ({
    all: total(g.map((x) => x.all)),
    main: total(g.map((x) => x.main)),
  }));
  console.log(
    `${inProcess ? 'round' : 'pair'} ${i + 1} (${i % 2 === 0 ? 'this first' : 'other first'}): all threads this ${round(a.all, 0)} / other ${round(b.all, 0)} ms = ${round(a.all / b.all, 3)}; main thread ${round(a.main, 0)} / ${round(b.main, 0)} = ${round(a.main / b.main, 3)}`,
  );
});
roots.forEach((root, k) => {
  const all = runs[k].map((x) => x.all / x.per);
  const main = runs[k].map((x) => x.main / x.per);
  console.log(
    `${k === 0 ? 'this ' : 'other'} ${root}: per 200k, all threads median ${round(median(all), 1)} max ${round(Math.max(...all), 1)} (>= 100: ${all.filter((x) => x >= 100).length}/${all.length}); main thread median ${round(median(main), 1)} max ${round(Math.max(...main), 1)} (>= 100: ${main.filter((x) => x >= 100).length})`,
  );
});
const sumOf = (k, f) => total(runs[k].map((x) => x[f]));
console.log(
  `this / other over all ${inProcess ? 'rounds' : 'pairs'}: all threads ${round(sumOf(0, 'all') / sumOf(1, 'all'), 3)}, main thread ${round(sumOf(0, 'main') / sumOf(1, 'main'), 3)}`,
);
