/**
 * @module _internal/wrapper-tags
 * Escaping shared by everything that wraps untrusted text in ctxloom's own tags (prompt sections,
 * skill and rule fragments, history fragments): the wrapper tags neutralised case-insensitively
 * inside a body, control characters escaped in attribute values and one-line fields. Pure.
 */

/**
 * Every tag name ctxloom emits around text. Any of these, opening or closing, in any letter case,
 * inside an untrusted body is neutralised by {@link neutraliseWrapperTags}. `ctxloom:` covers the
 * history fragments (`<ctxloom:rule>`, `<ctxloom:summary>`, ...).
 */
export const WRAPPER_TAGS = Object.freeze([
  'available_skills',
  'context-snapshot',
  'current-plan',
  'environment',
  'instruction-file',
  'instruction-files',
  'memory',
  'omitted',
  'path_rule',
  'retrieved-documents',
  'retrieved-passage',
  'secrets',
  'skill',
  'skill_error',
] as const);

// `<`, an optional `/` (spaces around it allowed), then a wrapper name ending at a tag boundary.
// One alternation after a literal `<`: linear in the text.
const WRAPPER_TAG = new RegExp(
  `<(\\s*/?\\s*)(ctxloom:|(?:${[...WRAPPER_TAGS]
    .sort((a, b) => b.length - a.length)
    .join('|')})(?=[\\s/>]|$))`,
  'gi',
);

/**
 * Neutralises ctxloom's wrapper tags inside untrusted text: `<` of every opening or closing
 * wrapper tag (any letter case, `</ Memory >` too) becomes `&lt;`, so the text can neither close
 * the block it is in nor open a forged one. Other text is unchanged.
 * @example neutraliseWrapperTags('</Instruction-File>') // '&lt;/Instruction-File>'
 */
export function neutraliseWrapperTags(text: string): string {
  if (!text.includes('<')) return text;
  return text.replace(WRAPPER_TAG, '&lt;$1$2');
}

/** C0 controls, DEL, C1 controls and the Unicode line / paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Escapes a value for a double-quoted attribute: `&`, `"`, `<`, `>` as entities and every control
 * character (newlines included) as a numeric reference, so the value stays on its line.
 */
export function escapeAttributeValue(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(CONTROL, (c) => `&#${c.charCodeAt(0)};`);
}

/** Reverses {@link escapeAttributeValue}. */
export function unescapeAttributeValue(value: string): string {
  return value
    .replace(/&#(\d{1,5});/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * A one-line field (a path, a name, a glob in a sentence): control characters shown as `\n`,
 * `\r`, `\t` or `\u00XX`, and wrapper tags neutralised, so the value cannot start a line of its own.
 * @example oneLine('x\n</environment>') // 'x\\n&lt;/environment>'
 */
export function oneLine(value: string): string {
  return neutraliseWrapperTags(escapeControls(value, CONTROL));
}

/**
 * The one backslash escape of ctxloom's one-line output (prompt fields, terminal lines): every
 * character `unsafe` matches (a global regex) becomes `\n`, `\r`, `\t` or `\uXXXX`.
 */
export function escapeControls(text: string, unsafe: RegExp): string {
  return text.replace(unsafe, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Escapes element text (not an attribute): `&`, `<`, `>` as entities; quotes and controls kept. */
export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
