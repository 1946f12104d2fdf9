/**
 * @module skills/codes
 * Stable diagnostic codes of the skills capability. `E_` codes are spec violations: severity
 * `warning` in lenient mode (the skill still loads what it can) and `error` in strict mode (the
 * skill is refused). `W_` codes are warnings, `I_` codes are informational.
 */
export const SKILL_CODES = Object.freeze({
  /** SKILL.md has no `---` frontmatter at the top (or it is never closed). */
  noFrontmatter: 'E_SKILL_NO_FRONTMATTER',
  /** The frontmatter is not valid YAML: lenient mode reads its `key: value` lines instead; strict mode refuses. */
  yaml: 'E_SKILL_YAML',
  /** `name` is missing. */
  nameMissing: 'E_SKILL_NAME_MISSING',
  /** `name` breaks the naming rule (1-64 chars, lowercase letters, digits, single hyphens). */
  nameInvalid: 'E_SKILL_NAME_INVALID',
  /** `name` differs from the folder name. */
  nameMismatch: 'E_SKILL_NAME_MISMATCH',
  /** `description` is missing or empty. */
  descriptionMissing: 'E_SKILL_DESCRIPTION_MISSING',
  /** `description` is longer than 1024 characters. */
  descriptionTooLong: 'E_SKILL_DESCRIPTION_TOO_LONG',
  /** A known field has the wrong type; it is ignored. */
  fieldType: 'E_SKILL_FIELD_TYPE',
  /** A YAML warning (e.g. an unknown tag). */
  yamlWarning: 'W_SKILL_YAML',
  /** The frontmatter has a key ctxloom does not know; it is kept in `extraKeys`. */
  unknownKey: 'I_SKILL_UNKNOWN_KEY',
  /** SKILL.md could not be read. */
  read: 'E_SKILL_READ',
  /** SKILL.md is larger than the size limit; skipped. */
  tooLarge: 'E_SKILL_TOO_LARGE',
  /** A skill root does not exist or is not a folder (informational). */
  rootMissing: 'I_SKILL_ROOT_MISSING',
  /** A skill with the same name and higher precedence exists; this one is not used. */
  shadowed: 'W_SKILL_SHADOWED',
  /** A resource listing (scripts/, references/, assets/) was cut at its limit. */
  resourcesCut: 'W_SKILL_RESOURCES_CUT',
  /** A catalog description was shortened. */
  catalogCut: 'I_SKILL_CATALOG_CUT',
  /** Skills were dropped from the catalog to fit its budget. */
  catalogDropped: 'W_SKILL_CATALOG_DROPPED',
  /** An injected block was cut at its cap. */
  injectionCut: 'W_SKILL_INJECTION_CUT',
  /** An inline command was not run or failed. */
  command: 'W_SKILL_COMMAND',
  /** A path glob could not be compiled; it matches nothing. */
  badGlob: 'E_SKILL_BAD_GLOB',
  /** SKILL.md resolves to a secrets file (a symlink to `.env`, a key): not loaded. */
  secretFile: 'E_SKILL_SECRET_FILE',
  /** A declared `/command` is already another skill's name or command. */
  commandTaken: 'W_SKILL_COMMAND_TAKEN',
});

/** Codes of discovery (skills that exist on disk but are not loaded), added with the read gate. */
export const SKILL_DISCOVERY_CODES = Object.freeze({
  /** A SKILL.md under a folder that is not searched (a dot folder, `scripts/`, `references/`, `assets/`). */
  ignored: 'W_SKILL_IGNORED',
  /** A SKILL.md nested deeper than the depth limit. */
  tooDeep: 'W_SKILL_TOO_DEEP',
  /** A resource entry not listed: a link out of the boundary, a FIFO or device, a secrets file name. */
  resourceSkipped: 'W_SKILL_RESOURCE_SKIPPED',
});
