/**
 * @module diagnostics/codes/session
 * Codes of `src/session/` (sessions, their stores, plans and memory).
 */
export const SESSION_CODES = {
  E_SESSION_ID: 'a session id with characters other than letters, digits, `.`, `_` and `-`',
  E_SESSION_NOT_FOUND: 'no session with that id in the store',
  E_SESSION_EXISTS: 'a session with that id already exists',
  E_SESSION_CONFLICT:
    'the session changed since it was loaded (revision mismatch): load it again and retry',
  E_SESSION_CORRUPT: 'a stored session is not valid JSON or not a session',
  E_SESSION_VERSION: 'a stored session has a format version this ctxloom does not read',
  E_SESSION_READ: 'a stored session file was refused by the read gate',
  E_SESSION_LOCKED: 'the session lock could not be taken in time',
  E_SESSION_FORK: 'a fork was asked for with the id of the session it forks',
  E_PLAN_READ: 'a plan file was refused by the read gate',
  E_PLAN_NO_DRAFT: 'nothing to confirm: no plan draft',
  W_MEMORY_TRUNCATED: 'older memory lines were left out to fit the memory budget',
} as const;
