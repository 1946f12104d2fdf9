/**
 * @module safety/phrase-tables-data
 * Precomputed phrase-automaton skeletons, one per phrase set. Empty in the sources: `npm run build`
 * (scripts/build-phrase-tables.mjs) rewrites the built `dist/safety/phrase-tables-data.js` from
 * the rules themselves, so the tables can never go stale: a phrase set not found here (changed
 * rules, a build without the script) is compiled on first use instead, with the same result.
 */

/** One precomputed skeleton: `phrases` joined with U+0000 (the key), `tables` in base64. */
export interface PrecomputedPhraseTables {
  readonly phrases: string;
  readonly tables: string;
}

export const PRECOMPUTED_PHRASE_TABLES: readonly PrecomputedPhraseTables[] = [];
