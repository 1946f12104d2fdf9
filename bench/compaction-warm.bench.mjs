// Warm compaction at about 800k tokens (issue 22: "Warm compaction at 800k tokens with o200k within
// 1.3x of the estimator path"). A synthetic session (every step edits a new path, runs a command,
// gets a log with an error line and a hash) is counted once by the counter under test, as a live
// session has, then compacted on the same message objects (window: 92% full, issue defaults:
// soft 75%, hard 92%, target 60%). o200k and the estimator alternate run by run; median of 5.
// The baseline is the estimator path, as in the issue. Median of 9 (run 0 warms the JIT).
import { performance } from 'node:perf_hooks';
import { compactHistory, historyTokens } from '../dist/history/index.js';
import { estimateCounter, o200kCounter } from '../dist/tokens/index.js';
import { printTable, round } from './_util.mjs';

function session(steps) {
  const h = [
    { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Fix the build; it must pass CI.' }] },
  ];
  for (let i = 0; i < steps; i++) {
    const path = `src/mod${i % 97}/file${i}.ts`;
    const lines = [];
    for (let k = 0; k < 100; k++)
      lines.push(
        `[${String(k).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}] ${['Compiling', 'Testing', 'Linking'][k % 3]} packages/pkg${(i + k) % 37}/src/file_${(i * 7 + k) % 503}.ts ... ok (${(i * 13 + k) % 900} ms)`,
      );
    lines.push(`Error: case ${i} failed at ${path}:3:4`, `commit ${(0xabc0000 + i).toString(16)}`);
    h.push(
      {
        id: `a${i}`,
        role: 'assistant',
        parts: [
          {
            type: 'text',
            text: `Step ${i}: editing ${path} for TASK-${i}, then running its tests.`,
          },
          {
            type: 'tool-call',
            id: `c${i}`,
            name: 'run',
            input: { path, command: `npm test -- ${i}` },
          },
        ],
      },
      {
        id: `t${i}`,
        role: 'tool',
        parts: [{ type: 'tool-result', toolCallId: `c${i}`, content: lines.join('\n') }],
      },
    );
  }
  return h;
}

const history = session(380);
const tokens = historyTokens(history, o200kCounter);
const window = Math.ceil(tokens / 0.92);
const budget = { window, soft: 0.75, hard: 0.92, target: 0.6 };
const counters = [
  ['estimator', estimateCounter],
  ['o200k', o200kCounter],
];
// a live session: each counter has counted these messages already, on these objects
const live = new Map(counters.map(([name]) => [name, structuredClone(history)]));
for (const [name, c] of counters) historyTokens(live.get(name), c);
const times = new Map(counters.map(([name]) => [name, []]));
// CPU time (all threads) too: on a shared machine a wall-clock median includes waiting for a core
const cpuTimes = new Map(counters.map(([name]) => [name, []]));
const after = new Map();
for (let r = 0; r < 10; r++) {
  const order = r % 2 === 0 ? counters : [...counters].reverse();
  for (const [name, c] of order) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const res = await compactHistory(live.get(name), { budget, tokenCounter: c });
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (r > 0) {
      // run 0 warms the JIT
      times.get(name).push(ms);
      cpuTimes.get(name).push((cpu.user + cpu.system) / 1000);
    }
    after.set(
      name,
      `${res.status}, ${historyTokens(res.history, o200kCounter)} tokens after (o200k)`,
    );
  }
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const base = med(times.get('estimator'));
const cpuBase = med(cpuTimes.get('estimator'));
console.log(
  `${history.length} messages, ${tokens} tokens (o200k), window ${window}; warm compaction, median of 9`,
);
printTable(
  [
    'counter',
    'warm compaction ms',
    'ratio vs estimator (goal <= 1.3)',
    'CPU ms',
    'CPU ratio',
    'result',
  ],
  counters.map(([name]) => [
    name,
    round(med(times.get(name)), 1),
    round(med(times.get(name)) / base, 2),
    round(med(cpuTimes.get(name)), 1),
    round(med(cpuTimes.get(name)) / cpuBase, 2),
    after.get(name),
  ]),
);
