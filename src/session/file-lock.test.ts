import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileLock } from './file-lock.js';

const deadPid = () =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout);
const tmp = () => mkdtempSync(join(tmpdir(), 'ctxloom-lock-'));

describe('withFileLock', () => {
  it('many callers and a dead holder: the stale lock is broken once, never two inside', async () => {
    const lock = join(tmp(), 'x.lock');
    writeFileSync(lock, JSON.stringify({ pid: deadPid(), at: Date.now() }));
    let inside = 0;
    let most = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: 25 }, () =>
        withFileLock(lock, async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((r) => setTimeout(r, 1));
          inside--;
          done++;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(done).toBe(25);
    expect(existsSync(lock)).toBe(false);
  });

  it('release deletes only its own lock (a lock replaced meanwhile stays)', async () => {
    const lock = join(tmp(), 'x.lock');
    const other = JSON.stringify({ pid: process.pid, at: Date.now(), token: 'someone-else' });
    await withFileLock(lock, () => {
      // simulate a takeover by another writer while this one held the lock
      writeFileSync(lock, other);
    });
    expect(existsSync(lock)).toBe(true);
  });

  it('a guard left by a dead process does not block', async () => {
    const lock = join(tmp(), 'x.lock');
    writeFileSync(`${lock}.guard`, JSON.stringify({ pid: deadPid(), at: Date.now() }));
    expect(await withFileLock(lock, () => 7, { timeoutMs: 2000 })).toBe(7);
  });

  it('a live holder makes others wait, then time out with E_SESSION_LOCKED', async () => {
    const lock = join(tmp(), 'x.lock');
    writeFileSync(lock, JSON.stringify({ pid: process.pid, at: Date.now(), token: 't' }));
    await expect(withFileLock(lock, () => 1, { timeoutMs: 50 })).rejects.toMatchObject({
      code: 'E_SESSION_LOCKED',
    });
  });
});
