/**
 * A private redis-server for tests: a free loopback port, a temporary folder, no persistence unless
 * asked. Tests never touch a server they did not start. `findRedisServer()` tells whether the
 * binary is installed (tests are skipped, with the reason printed, only when it is not).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The reason the Redis tests are skipped, or undefined when redis-server can run. */
export function redisSkipReason(): string | undefined {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'pipe' });
    return undefined;
  } catch {
    const reason =
      'redis-server not found: the Redis store tests are skipped (apt-get install -y redis-server; .ci/run installs it)';
    console.warn(reason);
    return reason;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A running test server. */
export interface TestRedis {
  readonly port: number;
  readonly url: string;
  readonly dir: string;
  /** Runs redis-cli against this server (synchronous) and returns its output. */
  cli(...args: string[]): string;
  /** SIGKILLs the server. */
  kill(): Promise<void>;
  /** Starts it again on the same port and folder (after `kill`). */
  restart(): Promise<void>;
  /** Stops it for good. */
  stop(): Promise<void>;
}

/** Starts a server; `persist` turns on the append-only file (fsync always) for restart tests. */
export async function startRedis(options: { persist?: boolean } = {}): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ctxloom-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.persist === true ? 'yes' : 'no',
    '--appendfsync',
    'always',
    '--daemonize',
    'no',
  ];
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn('redis-server', args, { stdio: 'ignore' });
    const started = Date.now();
    while (!(await canConnect(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() - started > 10_000) throw new Error('redis-server did not start in 10 s');
      await sleep(25);
    }
  };
  const kill = async () => {
    const c = child;
    if (c === undefined || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    cli: (...cliArgs) =>
      execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...cliArgs], {
        encoding: 'utf8',
      }),
    kill,
    restart: launch,
    stop: kill,
  };
}
