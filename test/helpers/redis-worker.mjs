// Child process for the Redis store tests of src/fleet (uses the built dist/).
// Usage: node redis-worker.mjs <mode> <url> <prefix> ...
//   increment <url> <prefix> <n>: n updates of session "s1", each adding one unique activation
//     key; prints {"acked": <updates acknowledged>, "retries": <conflicts retried>}
//   resume <url> <prefix> <cwd> <home> <id> <ref>: resumes session <id> in a new engine, reads
//     artifact <ref> back through read_artifact, adds a message and saves; prints what it saw
import { createHash } from 'node:crypto';
import { RedisArtifactStore, RedisConnection, RedisSessionStore } from '../../dist/fleet/index.js';
import { markActivated } from '../../dist/session/index.js';

const [mode, url, prefix, ...rest] = process.argv.slice(2);
// A safety net: never outlive a test that forgot to kill us.
setTimeout(() => process.exit(3), 60_000).unref();
const connection = new RedisConnection({ url });
if (mode === 'increment') {
  let retries = 0;
  const store = new RedisSessionStore({
    connection,
    prefix,
    maxUpdateAttempts: 1000,
    onRetry: () => retries++,
  });
  let acked = 0;
  for (let i = 0; i < Number(rest[0]); i++) {
    await store.update('s1', (s) =>
      markActivated(s, [{ key: `w${process.pid}-${String(i).padStart(5, '0')}`, via: 'path' }]),
    );
    acked++;
  }
  process.stdout.write(`${JSON.stringify({ acked, retries })}\n`);
} else if (mode === 'resume') {
  const { resumeContext } = await import('../../dist/index.js');
  const [cwd, home, id, ref] = rest;
  const store = new RedisSessionStore({ connection, prefix });
  const artifacts = new RedisArtifactStore({ connection, prefix });
  const cx = await resumeContext({
    cwd,
    home,
    id,
    model: 'claude-sonnet-4-5',
    provider: 'anthropic',
    window: 200_000,
    store,
    artifacts,
    readArtifactPageLines: 100_000,
    clock: () => new Date(Date.UTC(2026, 0, 1, 10)),
  });
  const page = await cx.runBuiltin({ id: 'r1', name: 'read_artifact', input: { ref } });
  const body = page.slice(page.indexOf('\n') + 1);
  const ids = cx.history.map((m) => m.id);
  const next = await cx.addUserMessage('from the other worker');
  const saved = await cx.save();
  process.stdout.write(
    `${JSON.stringify({
      ids,
      next,
      revision: saved.revision,
      artifactSha: createHash('sha256').update(body).digest('hex'),
    })}\n`,
  );
}
await connection.close();
