/**
 * @module diagnostics/codes/glob
 * Codes of `src/glob/`: why a glob was refused (a refused glob matches nothing).
 */
export const GLOB_CODES = {
  E_GLOB_INVALID: 'bad glob syntax: a reversed class range (`[z-a]`) or a lone trailing backslash',
  E_GLOB_TOO_LONG: 'the glob is longer than `GLOB_LIMITS.maxLength` characters',
  E_GLOB_TOO_MANY_SEGMENTS:
    'one brace alternative has more than `GLOB_LIMITS.maxSegments` segments',
  E_GLOB_TOO_MANY_ALTERNATIVES:
    'the braces expand to more than `GLOB_LIMITS.maxAlternatives` alternatives',
} as const;
