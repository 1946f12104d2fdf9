/**
 * @module _internal/mutable
 * Internal: not exported from any entry.
 */

/** `T` with its fields writable, to fill a frozen result field by field before freezing it. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
