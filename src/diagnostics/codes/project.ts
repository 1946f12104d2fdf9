/**
 * @module diagnostics/codes/project
 * Codes of `src/project/` (`loadProject`).
 */
export const PROJECT_CODES = {
  W_PLAN_TRUNCATED: 'the confirmed plan was cut (or left out) to fit the plan budget',
} as const;
