/**
 * @module skills/run-command
 * The Node command runner for inline command expansion (I/O edge): runs through `/bin/sh -c`,
 * kills the process group on timeout, caps the output.
 */
import { spawn } from 'node:child_process';
import type { CommandRunner } from './inline-commands.js';

/** Runs commands with the system shell. */
export const nodeCommandRunner: CommandRunner = (command, { cwd, timeoutMs, maxOutputBytes }) =>
  new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    let timedOut = false;
    let stderr = '';
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (size >= maxOutputBytes) {
        truncated = true;
        kill();
        return;
      }
      const room = maxOutputBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        truncated = true;
        kill();
      } else {
        chunks.push(chunk);
        size += chunk.length;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, error: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const output = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/\uFFFD$/, '')
        .trimEnd();
      if (timedOut) resolve({ ok: false, error: `timed out after ${timeoutMs} ms` });
      else if (truncated) resolve({ ok: true, output, truncated: true });
      else if (code !== 0) {
        const why = stderr.trim().split('\n')[0] ?? '';
        resolve({ ok: false, error: `exit code ${code}${why ? `: ${why}` : ''}` });
      } else resolve({ ok: true, output, truncated: false });
    });
  });
