/**
 * @module skills/freeze
 * Deep freezing of plain data (results, activation state).
 */

/** Freezes a plain-data value and everything inside it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
