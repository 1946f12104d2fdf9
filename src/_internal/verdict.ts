/**
 * @module _internal/verdict
 * The scanner's verdicts, once. `safety/` derives its public `Verdict` type from this list.
 */

/** The verdicts, from harmless to refused. */
export const VERDICTS = Object.freeze(['clean', 'flagged', 'blocked'] as const);

/** One of {@link VERDICTS}. */
export type Verdict = (typeof VERDICTS)[number];
