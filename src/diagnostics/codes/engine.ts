/**
 * @module diagnostics/codes/engine
 * Codes of `src/engine/` (`openContext`).
 */
export const ENGINE_CODES = {
  E_ENGINE_OPTIONS:
    'an engine option is out of range (e.g. a window that is not a positive whole number)',
  E_RESPONSE_INVALID:
    'a provider response handed to the engine does not have the shape of that provider',
  E_TOOL_NOT_BUILTIN: "a tool call the engine was asked to run is not one of ctxloom's own tools",
  W_TOOL_SEARCH_FALLBACK:
    "the provider's own tool search was asked for where the provider or model lacks it; the client-side `search_tools` is used instead",
} as const;
