/**
 * @module _internal/records
 * The one plain-object test. Internal: not exported from any entry.
 */

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
