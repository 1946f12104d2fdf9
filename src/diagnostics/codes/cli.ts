/**
 * @module diagnostics/codes/cli
 * Codes of `src/cli/`.
 */
export const CLI_CODES = {
  E_USAGE:
    'bad command line: an unknown command or option, a missing or malformed argument (exit code 2)',
} as const;
