/**
 * @module diagnostics
 * Typed diagnostics and errors shared by every capability. Errors are values at the library
 * boundary: bad input yields a {@link Diagnostic} with a stable code (and file / line where there
 * is one), and the CLI maps them to exit codes.
 */
import type { Mutable } from '../_internal/mutable.js';
import { escapeControls } from '../_internal/wrapper-tags.js';
import type { DiagnosticCode } from './codes.js';

export type { CodeFolder, DiagnosticCode, FolderCode } from './codes.js';

/** How serious a diagnostic is. `error` means something was refused or could not be loaded. */
export type DiagnosticSeverity = 'error' | 'warning' | 'info';

/** One typed, located message about the input. Never a bare string. */
export interface Diagnostic {
  /** Stable machine-readable code, e.g. `E_BINARY_FILE` or `W_TRUNCATED` (see `docs/diagnostics.md`). */
  readonly code: DiagnosticCode;
  /** How serious it is. */
  readonly severity: DiagnosticSeverity;
  /** One human-readable sentence naming the problem. */
  readonly message: string;
  /** The file it is about, relative to the project root where possible. */
  readonly file?: string;
  /** 1-based line in `file`. */
  readonly line?: number;
  /** 1-based column in `file`. */
  readonly column?: number;
}

/** Builds a frozen diagnostic, leaving out location fields that are not given. */
export function diagnostic(
  code: DiagnosticCode,
  severity: DiagnosticSeverity,
  message: string,
  location: {
    file?: string | undefined;
    line?: number | undefined;
    column?: number | undefined;
  } = {},
): Diagnostic {
  const d: Mutable<Diagnostic> = { code, severity, message };
  if (location.file !== undefined) d.file = location.file;
  if (location.line !== undefined) d.line = location.line;
  if (location.column !== undefined) d.column = location.column;
  return Object.freeze(d);
}

/**
 * Control, line-break and bidirectional-override characters: a file name or message holding them
 * could forge lines, move the cursor or recolour a terminal.
 */
const UNSAFE_FOR_TERMINAL =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** `text` on one line for a terminal: `\n`, `\r`, `\t` and `\uXXXX` for the characters above. */
export function escapeForTerminal(text: string): string {
  return escapeControls(text, UNSAFE_FOR_TERMINAL);
}

/**
 * Formats a diagnostic as `file:line:col: severity CODE: message`, on one line: control, line-break
 * and bidi characters in the file name and the message are escapes ({@link escapeForTerminal}).
 */
export function formatDiagnostic(d: Diagnostic): string {
  let where = '';
  if (d.file !== undefined) {
    where = escapeForTerminal(d.file);
    if (d.line !== undefined) where += `:${d.line}`;
    if (d.line !== undefined && d.column !== undefined) where += `:${d.column}`;
    where += ': ';
  }
  return `${where}${d.severity} ${escapeForTerminal(d.code)}: ${escapeForTerminal(d.message)}`;
}

const ERROR_MARKER = Symbol.for('ctxloom.error');

/**
 * The one error class ctxloom throws. Marked with a global symbol so that
 * {@link CtxloomError.isInstance} works across duplicate installs of the package.
 */
export class CtxloomError extends Error {
  readonly [ERROR_MARKER] = true;
  /** Stable machine-readable code (see `docs/diagnostics.md`). */
  readonly code: DiagnosticCode;
  /** Located details, when the error is about several inputs at once. */
  readonly diagnostics: readonly Diagnostic[];

  constructor(
    code: DiagnosticCode,
    message: string,
    options: { diagnostics?: readonly Diagnostic[]; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CtxloomError';
    this.code = code;
    this.diagnostics = Object.freeze([...(options.diagnostics ?? [])]);
  }

  /** True for any ctxloom error, even one thrown by another copy of the package. */
  static isInstance(value: unknown): value is CtxloomError {
    return typeof value === 'object' && value !== null && ERROR_MARKER in value;
  }
}
