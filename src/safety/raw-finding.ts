/**
 * @module safety/raw-finding
 * A finding before it is located and frozen: a rule id and a span of the text being scanned.
 */
import type { Layer, Severity } from './types.js';

/** A detector's output, in UTF-16 indices of the text it scanned. */
export interface RawFinding {
  readonly ruleId: string;
  readonly start: number;
  readonly end: number;
  /** Overrides the catalogue severity (context rules, scoring). */
  readonly severity?: Severity;
  /** Overrides the catalogue description. */
  readonly message?: string;
  /** Why the severity was lowered. */
  readonly context?: string;
  /** Evidence that also reads as ordinary text, or a flag quoted in a warning: no channel raises its severity. */
  readonly weak?: boolean;
  /** Encoding layers, outermost first. */
  readonly layers?: readonly Layer[];
}
