/**
 * @module _internal/freeze
 * The one deep freeze of ctxloom's results and snapshots. Internal: not exported from any entry.
 */

/**
 * Freezes `value` and everything reachable from it (own keys, symbols included), except objects
 * in `skip` (and what only they reach): those belong to the caller and are left as they are.
 * An already-frozen object is not entered, so cycles end and re-freezing shared frozen parts is
 * cheap. Returns `value`.
 */
export function deepFreeze<T>(value: T, skip?: ReadonlySet<object>): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (skip?.has(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key], skip);
  }
  return value;
}
