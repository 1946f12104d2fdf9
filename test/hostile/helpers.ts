/** Hostile repositories built by hand, for the test/hostile suite. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** One entry: file text, a symlink, a FIFO, or a folder. */
export type Entry = string | { link: string } | { fifo: true } | { dir: true };

/** A fresh folder (real path) with `entries` in it. */
export function hostileTree(
  entries: Record<string, Entry> = {},
  prefix = 'ctxloom-hostile-',
): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  plant(dir, entries);
  return dir;
}

/** Adds `entries` under `dir`. */
export function plant(dir: string, entries: Record<string, Entry>): void {
  for (const [rel, e] of Object.entries(entries)) {
    const abs = join(dir, rel);
    mkdirSync(dirname(abs), { recursive: true });
    if (typeof e === 'string') writeFileSync(abs, e);
    else if ('link' in e) symlinkSync(e.link, abs);
    else if ('fifo' in e) execFileSync('mkfifo', [abs]);
    else mkdirSync(abs, { recursive: true });
  }
}

/** Rejects if `p` takes longer than `ms` (a hang is a failure, not a stuck suite). */
export function within<T>(ms: number, p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`hung for ${ms} ms`)), ms)),
  ]);
}

/** Token-shaped strings, built at run time so that no source file holds one. */
export const FAKE = {
  awsId: `${'AKIA'}Q7RZ3MPL4KWX2BNT`,
  awsSecret: `${'Zq8'}rT2vW5yB7nM4kL9pX3cF6hJ1gD0sA8eR2tY5u`,
  github: `${'ghp_'}Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7cF0hJ3lN6q`,
  pem: `-----BEGIN OPENSSH ${'PRIVATE'} KEY-----\n${'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU'.repeat(3)}\n-----END OPENSSH PRIVATE KEY-----\n`,
};
