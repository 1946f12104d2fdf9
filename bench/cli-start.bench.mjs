// CLI start-up cost (issue 22): CPU seconds (user + system) and peak RSS of one `ctxloom` call, as a
// hook runs it once per tool call. Each case runs in a fresh process, median of 7; bare Node is
// the floor. Goals: --version under 0.15 s CPU, scan of one 10 KB file under 0.3 s, build of the
// demo under 0.45 s.
// Usage: node bench/cli-start.bench.mjs [other repo root ...]  (each root's bin/ctxloom.js and
// dist/ are measured too, alternating A/B run by run, so load drift hits every build alike)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corporaDir, printTable, round } from './_util.mjs';

const here = resolve(new URL('..', import.meta.url).pathname);
const roots = [here, ...process.argv.slice(2).map((r) => resolve(r))];
const corpora = corporaDir();
const dir = mkdtempSync(join(tmpdir(), 'ctxloom-cli-start-'));
const file = join(dir, 'AGENTS.md');
const source = corpora
  ? readFileSync(join(corpora, 'benign', 'instructions', 'vercel__ai__AGENTS.md'), 'utf8')
  : '# Rules\nRun the tests before you finish. Keep commits small.\n'.repeat(200);
writeFileSync(file, source.repeat(Math.ceil(10_240 / source.length)).slice(0, 10_240));
const demo = join(here, 'examples', 'demo-repo');

// GNU time prints user, system and max RSS of the child; without it, fall back to wall time
const hasTime = spawnSync('/usr/bin/time', ['-f', '%U', 'true']).status === 0;
function once(args) {
  if (hasTime) {
    const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', process.execPath, ...args], {
      encoding: 'utf8',
    });
    const [u, s, kb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
    return { cpu: u + s, rssMiB: kb / 1024 };
  }
  const t0 = process.hrtime.bigint();
  spawnSync(process.execPath, args);
  return { cpu: Number(process.hrtime.bigint() - t0) / 1e9, rssMiB: Number.NaN };
}

const cases = [
  ['bare node -e 0', () => ['-e', '0'], 0],
  ['ctxloom --version', (bin) => [bin, '--version'], 0.15],
  ['ctxloom scan <10 KB file>', (bin) => [bin, 'scan', file], 0.3],
  [
    'ctxloom build examples/demo-repo',
    (bin) => [bin, 'build', demo, '--now', '2026-01-01T00:00:00Z'],
    0.45,
  ],
];
const RUNS = 7;
const rows = [];
for (const [name, argsFor, goal] of cases) {
  const samples = roots.map(() => ({ cpu: [], rss: [] }));
  for (let r = 0; r < RUNS; r++) {
    // alternate the order of the builds on every run
    const order = roots.map((_, i) => i);
    if (r % 2 === 1) order.reverse();
    for (const i of order) {
      const m = once(argsFor(join(roots[i], 'bin', 'ctxloom.js')));
      samples[i].cpu.push(m.cpu);
      samples[i].rss.push(m.rssMiB);
    }
    if (name.startsWith('bare')) break;
  }
  const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
  roots.forEach((root, i) => {
    if (name.startsWith('bare') && i > 0) return;
    rows.push([
      name,
      name.startsWith('bare') ? '-' : root === here ? 'this build' : root,
      round(med(samples[i].cpu), 2),
      round(med(samples[i].rss), 0),
      goal > 0 ? `< ${goal}` : '',
      // the baseline: the first other build named on the command line, run by run alternated
      roots.length > 1 && !name.startsWith('bare')
        ? round(med(samples[i].cpu) / med(samples[1].cpu), 2)
        : '',
    ]);
  });
}
printTable(
  [
    'case',
    'build',
    'CPU s (median)',
    'max RSS MiB',
    'goal CPU s',
    roots.length > 1 ? `CPU vs ${roots[1]}` : '',
  ],
  rows,
);
