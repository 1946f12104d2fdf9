import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_REPO = join(REPO_ROOT, 'examples', 'demo-repo');
export const BIN = join(REPO_ROOT, 'bin', 'ctxloom.js');

/** A fixed environment so output does not depend on the machine running the tests. */
export const FIXED_ENV = {
  SHELL: '/bin/bash',
  LANG: 'en_US.UTF-8',
  HOME: '/home/dev',
  PATH: process.env.PATH ?? '',
};

/** Runs the built CLI (`npm test` builds dist/ before vitest runs). */
export function runBin(
  args: readonly string[],
  options: { cwd?: string; input?: string; env?: Record<string, string> } = {},
) {
  if (!existsSync(join(REPO_ROOT, 'dist', 'cli', 'main.js'))) {
    throw new Error(
      'dist/ is missing: run `npm run build` (npm test does it) before the end-to-end tests',
    );
  }
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    input: options.input ?? '',
    env: { ...FIXED_ENV, ...options.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Replaces machine-specific parts of CLI output with placeholders. */
export function normaliseOutput(text: string): string {
  return text
    .split(DEMO_REPO)
    .join('<DEMO_REPO>')
    .split(REPO_ROOT)
    .join('<REPO>')
    .replace(/^Platform: .*$/m, 'Platform: <PLATFORM>');
}
