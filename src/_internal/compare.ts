/**
 * @module _internal/compare
 * The one string order of ctxloom. Internal: not exported from any entry.
 */

/**
 * Orders strings by UTF-16 code units, the same on every machine and locale (unlike
 * `localeCompare`): what every sorted list uses for byte-stable output.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
