// The client choice of src/fleet (docs/dependencies.md): node-redis (`@redis/client`) vs ioredis,
// connect + 1,000 sequential read-modify-write updates of one hash with a revision check on the
// server, as WATCH/MULTI and as a Lua compare-and-set, against a private redis-server on loopback.
// Not a *.bench.mjs (ioredis is not a dependency): `npm install --no-save ioredis@6.0.0`, then
// `node bench/redis-clients.mjs`. Prints three rounds; the first warms the JIT.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const freePort = () =>
  new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => ok(p));
    });
  });
const port = await freePort();
const dir = mkdtempSync(join(tmpdir(), 'rb-'));
const srv = spawn(
  'redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
  { stdio: 'ignore' },
);
await sleep(300);
const N = 1000;
const CAS = `local r = redis.call('HGET', KEYS[1], 'revision') if r and r ~= ARGV[1] then return 0 end redis.call('HSET', KEYS[1], 'revision', ARGV[2], 'data', ARGV[3]) return 1`;
const payload = (rev) => JSON.stringify({ revision: rev, history: 'x'.repeat(2000) });
const pct = (a, q) => a.sort((x, y) => x - y)[Math.floor(q * (a.length - 1))];
const rows = [];
async function run(name, connect, watchUpdate, casUpdate, close) {
  for (const [mode, fn] of [
    ['WATCH/MULTI', watchUpdate],
    ['Lua CAS', casUpdate],
  ]) {
    const t0 = performance.now();
    const c = await connect();
    const tc = performance.now() - t0;
    const key = `b:${name}:${mode}`;
    const lat = [];
    const t1 = performance.now();
    for (let i = 0; i < N; i++) {
      const s = performance.now();
      await fn(c, key);
      lat.push(performance.now() - s);
    }
    const total = performance.now() - t1;
    rows.push(
      `| ${name} | ${mode} | ${tc.toFixed(1)} | ${total.toFixed(0)} | ${pct(lat, 0.5).toFixed(3)} | ${pct(lat, 0.99).toFixed(3)} |`,
    );
    await close(c);
  }
}
const { createClient } = await import('@redis/client');
const IORedis = (await import('ioredis')).default;
for (let round = 0; round < 3; round++) {
  rows.length = 0;
  await run(
    '@redis/client 6.3.1',
    async () => createClient({ socket: { host: '127.0.0.1', port } }).connect(),
    async (c, key) => {
      // WATCH needs its own connection in node-redis v5+: use a dedicated client (c is dedicated here)
      await c.watch(key);
      const r = await c.hGet(key, 'revision');
      const rev = r === null ? 0 : Number(r);
      await c
        .multi()
        .hSet(key, { revision: String(rev + 1), data: payload(rev + 1) })
        .exec();
    },
    async (c, key) => {
      const r = await c.hGet(key, 'revision');
      const rev = r === null ? 0 : Number(r);
      c.sha ??= await c.scriptLoad(CAS);
      await c.evalSha(c.sha, {
        keys: [key],
        arguments: [String(rev), String(rev + 1), payload(rev + 1)],
      });
    },
    async (c) => c.close(),
  );
  await run(
    'ioredis 6.0.0',
    async () => {
      const c = new IORedis({ host: '127.0.0.1', port, lazyConnect: true });
      await c.connect();
      c.defineCommand('cas', { numberOfKeys: 1, lua: CAS });
      return c;
    },
    async (c, key) => {
      await c.watch(key);
      const r = await c.hget(key, 'revision');
      const rev = r === null ? 0 : Number(r);
      await c
        .multi()
        .hset(key, 'revision', String(rev + 1), 'data', payload(rev + 1))
        .exec();
    },
    async (c, key) => {
      const r = await c.hget(key, 'revision');
      const rev = r === null ? 0 : Number(r);
      await c.cas(key, String(rev), String(rev + 1), payload(rev + 1));
    },
    async (c) => c.quit(),
  );
  console.log(
    `round ${round + 1}\n| client | check | connect ms | 1,000 updates ms | p50 ms | p99 ms |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`,
  );
}
srv.kill();
