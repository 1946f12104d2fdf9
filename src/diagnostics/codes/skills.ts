/**
 * @module diagnostics/codes/skills
 * Codes of `src/skills/`. `E_` codes of SKILL.md are spec violations: severity `warning` in
 * lenient mode (the skill still loads what it can) and `error` in strict mode (the skill is
 * refused). `skills/codes.ts` names them for the call sites (`SKILL_CODES.yaml`).
 */
export const SKILLS_CODES = {
  E_SKILL_NO_FRONTMATTER: 'SKILL.md has no `---` frontmatter at the top (or it is never closed)',
  E_SKILL_YAML:
    'the frontmatter is not valid YAML: lenient mode reads its `key: value` lines instead',
  E_SKILL_NAME_MISSING: '`name` is missing',
  E_SKILL_NAME_INVALID:
    '`name` breaks the naming rule (1-64 chars, lowercase letters, digits, single hyphens)',
  E_SKILL_NAME_MISMATCH: '`name` differs from the folder name',
  E_SKILL_DESCRIPTION_MISSING: '`description` is missing or empty',
  E_SKILL_DESCRIPTION_TOO_LONG: '`description` is longer than 1024 characters',
  E_SKILL_FIELD_TYPE: 'a known field has the wrong type; it is ignored',
  W_SKILL_YAML: 'a YAML warning (e.g. an unknown tag)',
  I_SKILL_UNKNOWN_KEY: 'the frontmatter has a key ctxloom does not know; it is kept in `extraKeys`',
  E_SKILL_READ: 'SKILL.md could not be read',
  E_SKILL_TOO_LARGE: 'SKILL.md is larger than the size limit; skipped',
  I_SKILL_ROOT_MISSING: 'a skill root does not exist or is not a folder',
  W_SKILL_SHADOWED: 'a skill with the same name and higher precedence exists; this one is not used',
  W_SKILL_RESOURCES_CUT: 'a resource listing (scripts/, references/, assets/) was cut at its limit',
  I_SKILL_CATALOG_CUT: 'a catalog description was shortened',
  W_SKILL_CATALOG_DROPPED: 'skills were dropped from the catalog to fit its budget',
  W_SKILL_INJECTION_CUT: 'an injected skill block was cut at its cap',
  W_SKILL_COMMAND: 'an inline command was not run or failed',
  E_SKILL_BAD_GLOB: 'a path glob could not be compiled; it matches nothing',
  E_SKILL_SECRET_FILE:
    'SKILL.md resolves to a secrets file (a symlink to `.env`, a key): not loaded',
  W_SKILL_COMMAND_TAKEN: "a declared `/command` is already another skill's name or command",
  W_SKILL_IGNORED:
    'a SKILL.md under a folder that is not searched (a dot folder, `scripts/`, `references/`, `assets/`)',
  W_SKILL_TOO_DEEP: 'a SKILL.md nested deeper than the depth limit',
  W_SKILL_RESOURCE_SKIPPED:
    'a resource entry not listed: a link out of the boundary, a FIFO or device, a secrets file name',
  E_SKILL_BAD_ARGS: '`invoke_skill` got arguments of the wrong shape',
  E_SKILL_UNKNOWN: '`invoke_skill` named no known (enabled) skill',
  E_SKILL_NOT_INVOCABLE: '`invoke_skill` named a path rule or a skill the model may not invoke',
  E_SKILL_INPUTS: "`invoke_skill` inputs do not match the skill's declared inputs",
  E_SKILL_BLOCKED: "the injection scanner blocked the invoked skill's text",
} as const;
