import type { CliIO } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/main.js';

/** An in-memory CliIO that records what a command printed. */
export function memoryIO(options: { cwd?: string; stdin?: string; home?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    out: (t) => void out.push(t),
    err: (t) => void err.push(t),
    readStdin: async () => options.stdin ?? '',
    cwd: options.cwd ?? process.cwd(),
    home: options.home ?? '/nonexistent-home',
    env: {},
  };
  return {
    io,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}

/** Runs the CLI in-process and returns its exit code and output. */
export async function runInProcess(
  argv: readonly string[],
  options: { cwd?: string; stdin?: string; home?: string } = {},
) {
  const m = memoryIO(options);
  const code = await runCli(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}
