/**
 * @module diagnostics/codes/safety
 * Codes of `src/safety/` (the injection scanner and its gate).
 */
export const SAFETY_CODES = {
  E_SCAN_BLOCKED: 'the injection scanner blocked a text: a placeholder stands in for it',
  W_SCAN_FLAGGED: 'the injection scanner flagged a text: it is used, marked',
  E_SCAN_FAILED: 'the injection scanner threw: the text is blocked (fail closed)',
  I_NOT_SCANNED: 'no scanner was given: the text is used unscanned',
  E_SAFETY_POLICY: 'a scan policy is malformed',
  E_SAFETY_RULE: 'a safety rule id is unknown',
  E_SAFETY_CHANNEL: 'a scan channel is unknown',
} as const;
