// Fleets of workers (issue 17): 8 worker processes x 200 shared sessions x 10 updates each, with
// one 8 KB artifact put and get per session and worker, on RedisSessionStore / RedisArtifactStore
// against a private redis-server on loopback, and on FileSessionStore / the fs artifact store on
// the same machine. Then the failure-injection run: the Redis server (append-only file, fsync
// always) is SIGKILLed in the middle and restarted; every session must still parse and hold every
// acknowledged update. Prints tables; asserts nothing. Needs redis-server (else it says so).
// FLEET_WORKERS, FLEET_SESSIONS, FLEET_UPDATES override the sizes.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { RedisSessionStore } from '../dist/fleet/index.js';
import { createSession, FileSessionStore } from '../dist/session/index.js';
import { printTable, round } from './_util.mjs';

const WORKERS = Number(process.env.FLEET_WORKERS ?? 8);
const SESSIONS = Number(process.env.FLEET_SESSIONS ?? 200);
const UPDATES = Number(process.env.FLEET_UPDATES ?? 10);
const WORKER = fileURLToPath(new URL('./fleet-worker.mjs', import.meta.url));

try {
  execFileSync('redis-server', ['--version'], { stdio: 'pipe' });
} catch {
  console.log(
    'redis-server not found: the fleet benchmark needs it (apt-get install -y redis-server)',
  );
  process.exit(0);
}

const freePort = () =>
  new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
const up = (port) =>
  new Promise((ok) => {
    const c = createConnection({ host: '127.0.0.1', port });
    c.once('connect', () => {
      c.destroy();
      ok(true);
    });
    c.once('error', () => ok(false));
  });

async function redis(persist) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ctxloom-fleet-bench-'));
  let child;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        persist ? 'yes' : 'no',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    while (!(await up(port))) await sleep(20);
  };
  await start();
  const kill = () =>
    new Promise((ok) => {
      if (child.exitCode !== null || child.signalCode !== null) return ok();
      child.once('exit', () => ok());
      child.kill('SIGKILL');
    });
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}

function runWorker(kind, where, i) {
  return new Promise((ok, fail) => {
    const child = spawn(
      process.execPath,
      [WORKER, kind, where, String(i), String(SESSIONS), String(UPDATES)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? ok(JSON.parse(out)) : fail(new Error(`worker ${i}: ${code}`)),
    );
  });
}

const ids = Array.from({ length: SESSIONS }, (_, s) => `s${String(s).padStart(4, '0')}`);
const at = '2026-01-01T00:00:00.000Z';
const pct = (xs, q) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length === 0 ? 0 : round(a[Math.min(a.length - 1, Math.floor(q * a.length))], 2);
};

/** Runs the workers; returns the table row and the per-session check. */
async function fleet(name, kind, where, store, during) {
  await Promise.all(ids.map((id) => store.create(createSession({ id, createdAt: at }))));
  const t0 = performance.now();
  const running = Promise.all(Array.from({ length: WORKERS }, (_, i) => runWorker(kind, where, i)));
  if (during) await during();
  const reports = await running;
  const wall = (performance.now() - t0) / 1000;
  const all = (k) => reports.flatMap((r) => r[k]);
  let lostAcked = 0;
  let corrupt = 0;
  let unknownApplied = 0;
  for (const id of ids) {
    let s;
    try {
      s = await store.load(id);
    } catch (error) {
      corrupt++;
      console.log(`  ${id}: ${error.code} ${error.message}`);
      continue;
    }
    if (s.revision !== s.activated.length) corrupt++;
    const present = new Set(s.activated.map((r) => r.key));
    const acked = reports.flatMap((r) => r.acked[id] ?? []);
    lostAcked += acked.filter((k) => !present.has(k)).length;
    unknownApplied += present.size - acked.length;
  }
  const failures = {};
  for (const r of reports)
    for (const [k, v] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + v;
  const acked = reports.reduce((n, r) => n + Object.values(r.acked).flat().length, 0);
  return {
    row: [
      name,
      acked,
      lostAcked,
      corrupt,
      reports.reduce((n, r) => n + r.retries, 0),
      pct(all('update'), 0.5),
      pct(all('update'), 0.99),
      pct(all('put'), 0.5),
      pct(all('put'), 0.99),
      pct(all('get'), 0.5),
      pct(all('get'), 0.99),
      round(wall, 1),
    ],
    failures,
    unknownApplied,
  };
}

const header = [
  'store',
  'acked updates',
  'lost acked',
  'corrupt',
  'conflicts retried',
  'update p50 ms',
  'p99',
  'put p50 ms',
  'p99',
  'get p50 ms',
  'p99',
  'wall s',
];
console.log(
  `${WORKERS} worker processes x ${SESSIONS} shared sessions x ${UPDATES} updates each (+1 artifact put/get per session and worker)\n`,
);
const rows = [];
{
  const server = await redis(false);
  const store = new RedisSessionStore({ url: server.url, prefix: 'bench:' });
  rows.push((await fleet('redis', 'redis', server.url, store)).row);
  await store.close();
  await server.kill();
}
{
  const dir = mkdtempSync(join(tmpdir(), 'ctxloom-fleet-bench-'));
  const store = new FileSessionStore(join(dir, 'sessions'), { timeoutMs: 120_000 });
  rows.push((await fleet('file', 'file', dir, store)).row);
}
printTable(header, rows);

console.log(
  '\nfailure injection: redis-server SIGKILLed when a third of the updates are stored, restarted 0.5 s later (AOF, fsync always)\n',
);
{
  const server = await redis(true);
  const store = new RedisSessionStore({ url: server.url, prefix: 'bench:' });
  const result = await fleet('redis, killed + restarted', 'redis', server.url, store, async () => {
    // kill once about a third of the updates are stored
    const target = (WORKERS * SESSIONS * UPDATES) / 3;
    for (;;) {
      const listed = await store.list();
      if (listed.reduce((n, x) => n + (x.ok ? x.revision : 0), 0) >= target) break;
      await sleep(50);
    }
    await server.kill();
    await sleep(500);
    await server.start();
  });
  printTable(header, [result.row]);
  console.log(
    `\nfailed calls (typed): ${JSON.stringify(result.failures)}; updates whose reply was lost but which were applied: ${result.unknownApplied}`,
  );
  await store.close();
  await server.kill();
}
