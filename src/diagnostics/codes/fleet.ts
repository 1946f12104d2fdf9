/**
 * @module diagnostics/codes/fleet
 * Codes of `src/fleet/` (the Redis stores). They also report the session and artifact store
 * codes of `session/` and `history/`.
 */
export const FLEET_CODES = {
  E_REDIS_CLIENT_MISSING: 'the optional peer dependency `@redis/client` is not installed',
  E_SESSION_UNAVAILABLE: 'the Redis session store cannot be reached',
  E_ARTIFACT_UNAVAILABLE: 'the Redis artifact store cannot be reached',
  E_ARTIFACT_TOO_LARGE: "an artifact is over the store's byte cap",
  E_ARTIFACT_OPTIONS: 'an artifact store option is out of range (e.g. `ttlSeconds` below 1)',
} as const;
