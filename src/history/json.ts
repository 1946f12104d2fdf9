/**
 * @module history/json
 * JSON value types and deep freezing, shared by the message model and the provider shapes.
 */

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonArray | JsonObject;
/** A JSON array. */
export type JsonArray = readonly JsonValue[];
/** A JSON object. */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

export { isRecord } from '../_internal/records.js';

/** Every object reachable from `value` (arrays and plain objects). */
export function reachableObjects(value: unknown, into: Set<object> = new Set()): Set<object> {
  if (typeof value !== 'object' || value === null || into.has(value)) return into;
  into.add(value);
  for (const key of Object.keys(value))
    reachableObjects((value as Record<string, unknown>)[key], into);
  return into;
}

/** The keys of `obj` not in `known`, as a JSON object, or undefined when there are none. */
export function extraFields(
  obj: Record<string, unknown>,
  known: readonly string[],
): JsonObject | undefined {
  let extra: Record<string, JsonValue> | undefined;
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    extra ??= {};
    extra[key] = obj[key] as JsonValue;
  }
  return extra;
}
