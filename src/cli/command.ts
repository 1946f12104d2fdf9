/**
 * @module cli/command
 * What every CLI command gets: its I/O (injectable for tests) and a way to set the exit code.
 * Commands live in `cli/commands/<name>.ts` and export a `register…Command(program, ctx)`.
 */
import type { Command } from 'commander';
import { CtxloomError, type DiagnosticCode } from '../diagnostics/index.js';

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

/**
 * Exit codes shared by every command: 0 success, 1 findings or a failed check, 2 a usage or input
 * error (bad flags, an unreadable or malformed file), 70 an internal error (a bug in ctxloom).
 */
export const EXIT = Object.freeze({ ok: 0, findings: 1, usage: 2, internal: 70 });

/** The input a usage error is about. */
export interface ErrorLocation {
  /** The file as the user named it. */
  readonly file?: string;
  /** 1-based line in it. */
  readonly line?: number;
}

/** A usage or I/O problem: the CLI prints its message on one line and exits with 2. */
export class UsageError extends CtxloomError {
  /** The file it is about, when there is one. */
  readonly file: string | undefined;
  /** The line in that file, when there is one. */
  readonly line: number | undefined;

  constructor(message: string, cause?: unknown, location: ErrorLocation = {}) {
    super('E_USAGE', message, cause === undefined ? {} : { cause });
    this.file = location.file;
    this.line = location.line;
  }
}

/** What `--json` prints on stdout when a command fails: one object, always this shape. */
export interface CliErrorJson {
  readonly error: {
    readonly code: DiagnosticCode;
    readonly message: string;
    readonly file?: string;
    readonly line?: number;
  };
}

/** The `--json` error object for a CtxloomError (its file from the error or its first diagnostic). */
export function errorJson(error: CtxloomError): CliErrorJson {
  const located = error.diagnostics.find((d) => d.file !== undefined);
  const file = error instanceof UsageError ? error.file : located?.file;
  const line = error instanceof UsageError ? error.line : located?.line;
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(file === undefined ? {} : { file }),
      ...(line === undefined ? {} : { line }),
    },
  };
}
