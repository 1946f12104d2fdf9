/**
 * @module diagnostics/codes/prompt
 * Codes of `src/prompt/` (sections, the registry, the prompt context).
 */
export const PROMPT_CODES = {
  E_CONTEXT_INVALID: 'a prompt context field is missing or malformed',
  E_DUPLICATE_SECTION: 'a section name is registered twice (use `replace` to override on purpose)',
  E_SECTION_FAILED: 'a section threw while rendering',
  E_UNKNOWN_MODE: 'an unknown mode name',
  E_UNKNOWN_PRESET: 'an unknown preset name',
  E_UNKNOWN_SECTION: 'a section name that is not registered',
  E_SECTION_INVALID:
    'a section name that is not kebab-case, or a tier other than `static` / `dynamic`',
  E_TAG_INVALID: 'a tag or attribute name `tag()` cannot write',
  E_VOLATILE_STATIC: 'a section declared volatile placed in the static tier',
  E_VOLATILE_REASON:
    'a section declared volatile without a non-blank reason saying why it changes every turn',
  E_CONFORMANCE_INPUT: "a conformance vector's input.json is malformed",
  W_RETRIEVED_BLOCKED: 'a retrieved passage left out: the injection scanner blocked it',
  W_RETRIEVED_BUDGET: 'a retrieved passage left out: the retrieved-documents budget is used up',
} as const;
