/**
 * @module prompt/freeze
 * Deep immutability for snapshots: every nested object and array is frozen, so a write anywhere
 * below the root throws in strict mode.
 */

/** A type whose every nested property and element is readonly. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/**
 * Freezes `value` and everything reachable from it (plain objects and arrays). Already-frozen
 * subtrees are skipped, which makes re-freezing a snapshot that shares frozen parts cheap.
 */
export function deepFreeze<T>(value: T): DeepReadonly<T> {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) {
    return value as DeepReadonly<T>;
  }
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return Object.freeze(value) as DeepReadonly<T>;
}
