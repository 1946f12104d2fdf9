/**
 * @module diagnostics/codes/providers
 * Codes of `src/providers/` (payload builders).
 */
export const PROVIDERS_CODES = {
  E_PAYLOAD_INVALID:
    'a payload option is out of range (e.g. a context-management threshold below its minimum)',
  E_USAGE_INVALID: 'a usage record holds a negative or non-numeric token count',
} as const;
