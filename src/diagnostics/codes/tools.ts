/**
 * @module diagnostics/codes/tools
 * Codes of `src/tools/` (tool definitions).
 */
export const TOOLS_CODES = {
  E_TOOL_INVALID: 'a tool list or definition is malformed: left out',
  E_TOOL_DUPLICATE: 'two tools share a name',
  E_TOOL_SCHEMA:
    'a tool schema holds a value JSON cannot carry (NaN, Infinity, undefined, a function)',
  E_TOOL_BLOCKED: 'the injection scanner blocked a tool definition: left out',
} as const;
