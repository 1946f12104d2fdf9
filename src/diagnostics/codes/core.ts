/**
 * @module diagnostics/codes/core
 * Codes that belong to no one capability.
 */
export const CORE_CODES = {
  E_INTERNAL:
    'an invariant of ctxloom broke (a bug): the operation stopped instead of returning a wrong result',
} as const;
