import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContext } from '../engine/index.js';
import { identifyFragment } from '../history/index.js';
import { RedisArtifactStore } from './redis-artifact-store.js';
import { RedisConnection } from './redis-connection.js';
import { RedisSessionStore } from './redis-session-store.js';
import { redisSkipReason, startRedis, type TestRedis } from './test-helpers/redis-server.js';

const skip = redisSkipReason();
const ROOT = resolve(import.meta.dirname, '..', '..');
const WORKER = join(ROOT, 'test', 'helpers', 'redis-worker.mjs');
const run = promisify(execFile);
let server: TestRedis;

beforeAll(async () => {
  if (skip === undefined) server = await startRedis();
});
afterAll(async () => {
  await server?.stop();
});

describe.skipIf(skip !== undefined)('openContext on the Redis stores', () => {
  it('saves a session with an elided tool result; another process resumes it and reads the artifact', async () => {
    const base = mkdtempSync(join(tmpdir(), 'ctxloom-fleet-'));
    const repo = join(base, 'repo');
    const home = join(base, 'home');
    cpSync(join(ROOT, 'examples', 'demo-repo'), repo, { recursive: true });
    const connection = new RedisConnection({ url: server.url });
    const store = new RedisSessionStore({ connection, prefix: 'e2e:' });
    const artifacts = new RedisArtifactStore({ connection, prefix: 'e2e:' });
    try {
      const cx = await openContext({
        cwd: repo,
        home,
        model: 'claude-sonnet-4-5',
        provider: 'anthropic',
        window: 200_000,
        id: 'fleet-1',
        store,
        artifacts,
        clock: () => new Date(Date.UTC(2026, 0, 1, 9)),
      });
      await cx.addUserMessage('Why does the build fail?');
      const r = cx.recordResponse({
        content: [{ type: 'tool_use', id: 'c1', name: 'bash', input: { cmd: 'npm run build' } }],
        stop_reason: 'tool_use',
        usage: { input_tokens: 10, output_tokens: 5 },
      });
      const log = Array.from(
        { length: 3000 },
        (_, i) => `[build] step ${i}: compiled m${i}.js`,
      ).join('\n');
      const added = await cx.addToolResult(r.toolCalls[0]!, { output: log });
      expect(added.elided).toBe(true);
      const saved = await cx.save();
      expect(saved.revision).toBe(0);
      // nothing was written to the project folder: the session and artifact live on the server
      expect(existsSync(join(repo, '.ctxloom', 'sessions'))).toBe(false);
      expect(existsSync(join(repo, '.ctxloom', 'artifacts'))).toBe(false);

      const texts = cx.history
        .flatMap((m) => m.parts)
        .flatMap((p) =>
          p.type !== 'tool-result' || p.toolCallId !== 'c1'
            ? []
            : typeof p.content === 'string'
              ? [p.content]
              : (p.content ?? []).flatMap((b) => (b.type === 'text' ? [b.text] : [])),
        );
      const ref = texts.map((t) => identifyFragment(t)?.attributes.ref).find((x) => x);
      expect(ref).toMatch(/^sha256:/);

      const { stdout } = await run(
        process.execPath,
        [WORKER, 'resume', server.url, 'e2e:', repo, home, 'fleet-1', ref as string],
        { timeout: 60_000 },
      );
      const seen = JSON.parse(stdout) as {
        ids: string[];
        next: string;
        revision: number;
        artifactSha: string;
      };
      expect(seen.ids).toEqual(cx.history.map((m) => m.id));
      expect(seen.ids).not.toContain(seen.next);
      expect(seen.artifactSha).toBe(createHash('sha256').update(log).digest('hex'));
      expect(seen.revision).toBe(1);
      const back = await store.load('fleet-1');
      expect(back.history.at(-1)?.id).toBe(seen.next);
      // this engine's copy is stale now: saving it is the typed conflict, not a lost update
      await expect(cx.save()).rejects.toMatchObject({ code: 'E_SESSION_CONFLICT' });
    } finally {
      await connection.close();
    }
  }, 120_000);
});
