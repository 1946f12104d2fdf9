/**
 * @module glob/error
 * Why a glob was refused, and the limits that keep matching cheap. A refused glob matches
 * nothing; callers turn the error into a diagnostic (e.g. `E_SKILL_BAD_GLOB`).
 */
import { CtxloomError, type FolderCode } from '../diagnostics/index.js';

/** The glob codes by name (the one-line list: `src/diagnostics/codes/glob.ts`). */
export const GLOB_CODES = Object.freeze({
  /** The glob has bad syntax: a reversed class range (`[z-a]`) or a lone trailing backslash. */
  invalid: 'E_GLOB_INVALID',
  /** The glob is longer than {@link GLOB_LIMITS}.maxLength characters. */
  tooLong: 'E_GLOB_TOO_LONG',
  /** One brace alternative has more than {@link GLOB_LIMITS}.maxSegments `/`-separated segments. */
  tooManySegments: 'E_GLOB_TOO_MANY_SEGMENTS',
  /** The braces expand to more than {@link GLOB_LIMITS}.maxAlternatives alternatives. */
  tooManyAlternatives: 'E_GLOB_TOO_MANY_ALTERNATIVES',
} as const satisfies Record<string, FolderCode<'glob'>>);

/**
 * Caps on one glob. With them a match costs at most
 * `maxAlternatives * (pattern length) * (path length)` character steps: no glob can hang a lookup.
 */
export const GLOB_LIMITS = Object.freeze({
  /** Characters of the glob as written (real rule globs are well under 200). */
  maxLength: 1024,
  /** `/`-separated segments of one alternative. */
  maxSegments: 64,
  /** Alternatives after brace expansion (`{a,b}/{c,d}` is 4). */
  maxAlternatives: 64,
});

/** The error for a glob that cannot be compiled, or that is over a {@link GLOB_LIMITS} cap. */
export function globError(code: FolderCode<'glob'>, glob: string, reason: string): CtxloomError {
  const shown = glob.length > 80 ? `${glob.slice(0, 80)}...` : glob;
  return new CtxloomError(code, `glob "${shown}" ${reason}`);
}

/** True for an error of {@link globError} (a {@link CtxloomError} with a glob code). */
export function isGlobError(error: unknown): error is CtxloomError {
  return CtxloomError.isInstance(error) && error.code.startsWith('E_GLOB_');
}
