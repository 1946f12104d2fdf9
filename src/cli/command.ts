/**
 * @module cli/command
 * What every CLI command gets: its I/O (injectable for tests) and a way to set the exit code.
 * Commands live in `cli/commands/<name>.ts` and export a `register…Command(program, ctx)`.
 */
import type { Command } from 'commander';
import { CtxloomError } from '../diagnostics/index.js';

/** The outside world as a command sees it. */
export interface CliIO {
  /** Writes to standard output (no newline added). */
  readonly out: (text: string) => void;
  /** Writes to standard error (no newline added). */
  readonly err: (text: string) => void;
  /** Reads all of standard input as UTF-8. */
  readonly readStdin: () => Promise<string>;
  /** The working directory the command was started in. */
  readonly cwd: string;
  /** The user's home directory. */
  readonly home: string;
  /** Environment variables. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Handed to each command's register function. */
export interface CommandContext {
  readonly io: CliIO;
  /** Sets the process exit code (0 success, 1 findings, 2 usage or I/O error). */
  setExitCode(code: number): void;
}

/** Registers one command on the program. */
export type RegisterCommand = (program: Command, ctx: CommandContext) => void;

/** Exit codes shared by every command. */
export const EXIT = Object.freeze({ ok: 0, findings: 1, usage: 2 });

/** A usage or I/O problem: the CLI prints its message on one line and exits with 2. */
export class UsageError extends CtxloomError {
  constructor(message: string, cause?: unknown) {
    super('E_USAGE', message, cause === undefined ? {} : { cause });
  }
}
