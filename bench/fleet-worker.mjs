// One worker process of bench/fleet.bench.mjs (uses the built dist/).
// Usage: node fleet-worker.mjs <redis|file> <url|dir> <worker> <sessions> <updates>
// For each of <sessions> shared sessions (in an order of its own), <updates> updates adding one
// unique activation key each, plus one 8 KB artifact put and get per session. A failed update
// (server away) is counted, not retried by hand: its outcome is unknown, so it is not "acked".
// Prints JSON: latencies (ms), conflicts retried, acknowledged keys per session, failures.
import { join } from 'node:path';
import { RedisArtifactStore, RedisConnection, RedisSessionStore } from '../dist/fleet/index.js';
import { createFsArtifactStore } from '../dist/history/index.js';
import { FileSessionStore, markActivated } from '../dist/session/index.js';

const [kind, where, worker, sessionsArg, updatesArg] = process.argv.slice(2);
const sessions = Number(sessionsArg);
const updates = Number(updatesArg);
let retries = 0;
let connection;
let store;
let artifacts;
if (kind === 'redis') {
  connection = new RedisConnection({ url: where, commandTimeoutMs: 5_000 });
  store = new RedisSessionStore({
    connection,
    prefix: 'bench:',
    maxUpdateAttempts: 10_000,
    onRetry: () => retries++,
  });
  artifacts = new RedisArtifactStore({ connection, prefix: 'bench:' });
} else {
  store = new FileSessionStore(join(where, 'sessions'), { timeoutMs: 120_000 });
  artifacts = createFsArtifactStore(join(where, 'artifacts'));
}
const update = [];
const put = [];
const get = [];
const acked = {};
const failures = {};
// a fixed, per-worker order (a small LCG), so workers meet on different sessions at once
const order = Array.from({ length: sessions }, (_, i) => i);
let seed = Number(worker) * 7919 + 1;
for (let i = order.length - 1; i > 0; i--) {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  const j = seed % (i + 1);
  [order[i], order[j]] = [order[j], order[i]];
}
const time = async (list, fn) => {
  const t0 = performance.now();
  const out = await fn();
  list.push(performance.now() - t0);
  return out;
};
for (const s of order) {
  const id = `s${String(s).padStart(4, '0')}`;
  for (let u = 0; u < updates; u++) {
    const key = `w${worker}-u${u}`;
    try {
      await time(update, () => store.update(id, (x) => markActivated(x, [{ key, via: 'path' }])));
      acked[id] = [...(acked[id] ?? []), key];
    } catch (error) {
      failures[error.code ?? 'other'] = (failures[error.code ?? 'other'] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const content = `${id} ${worker}\n`.repeat(700);
  try {
    const ref = await time(put, () => artifacts.put(content));
    const back = await time(get, () => artifacts.get(ref));
    if (back !== content) failures.artifactMismatch = (failures.artifactMismatch ?? 0) + 1;
  } catch (error) {
    failures[error.code ?? 'other'] = (failures[error.code ?? 'other'] ?? 0) + 1;
  }
}
await connection?.close();
process.stdout.write(JSON.stringify({ update, put, get, retries, acked, failures }));
