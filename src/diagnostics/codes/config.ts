/**
 * @module diagnostics/codes/config
 * Codes of `src/config/` (the project file `.ctxloom.yaml` / `.ctxloom.json`).
 */
export const CONFIG_CODES = {
  E_CONFIG_YAML: 'the config is not valid YAML / JSON: it is ignored, defaults apply',
  E_CONFIG_INVALID:
    'a config value of the wrong type or out of range: that value keeps its default',
  W_CONFIG_UNKNOWN_KEY: 'a config key ctxloom does not know (usually a typo): ignored',
  E_CONFIG_READ:
    'the config exists but cannot be read (a folder, no permission, binary, over 1 MiB): defaults apply',
} as const;
