// Small helpers shared by the benchmarks: timing with medians and a plain-text table.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs `fn` `warmup` times, then `runs` times, and returns the median and p90 in microseconds. */
export function measure(fn, { runs = 200, warmup = 20 } = {}) {
  for (let i = 0; i < warmup; i++) fn(i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { median: at(0.5), p90: at(0.9), runs };
}

/** Prints rows as an aligned table. */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) =>
        typeof c === 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** The shared corpora folder beside the repository, or null when it is absent. */
export function corporaDir() {
  const dir = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
  return existsSync(dir) ? dir : null;
}

/**
 * The compaction scenarios of the real-transcript benches and tests: [occupancy of the window,
 * target share of it], issue 14's five.
 */
export const COMPACTION_SCENARIOS = [
  [0.4, 0.25],
  [0.75, 0.25],
  [0.75, 0.5],
  [0.92, 0.25],
  [0.92, 0.5],
];

export const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * A synthetic history of `steps` assistant + tool steps where every step adds new facts (an
 * edited path, a task id, an error line, a hash): the growth tables of the history and
 * real-transcript benches compact it.
 */
export function growthHistory(steps) {
  const h = [
    { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Fix the build; it must pass CI.' }] },
  ];
  for (let i = 0; i < steps; i++) {
    const path = `src/mod${i}/file${i}.ts`;
    h.push({
      id: `a${i}`,
      role: 'assistant',
      parts: [
        { type: 'text', text: `Step ${i}: done editing ${path} for TASK-${i}` },
        {
          type: 'tool-call',
          id: `c${i}`,
          name: 'edit_file',
          input: { path, command: `npm test -- ${i}` },
        },
      ],
    });
    h.push({
      id: `t${i}`,
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: `c${i}`,
          content: `ok ${i}\nError: case ${i} failed at ${path}:3:4\ncommit ${(0xabc0000 + i).toString(16)}`,
        },
      ],
    });
  }
  return h;
}

/**
 * The `scan` functions of this build and of the build whose repo root is the first argument
 * (each root holds its `npm run build` output in dist/), this one first, and the rounds (the
 * second argument, default `defaultRounds`); prints `usage` and exits without a root. For the
 * in-process A/B benches: run them twice with the roots swapped, the build loaded second runs
 * faster.
 */
export async function twoBuilds(usage, defaultRounds) {
  // positional arguments only: `--name=value` options are the caller's
  const [other, rounds] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (other === undefined) {
    console.log(usage);
    process.exit(0);
  }
  const roots = [fileURLToPath(new URL('..', import.meta.url)), resolve(other)];
  const scans = [];
  for (const r of roots) scans.push((await import(join(r, 'dist/safety/index.js'))).scan);
  return { roots, scans, rounds: Number(rounds ?? defaultRounds) };
}

/** Milliseconds of CPU (user and system, all threads) that `f` takes. */
export function cpuMs(f) {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}
