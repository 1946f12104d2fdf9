/**
 * @module prompt/tag
 * Wraps content in a fixed, escaped XML-like tag: `<tag name="...">\n...\n</tag>`, and the
 * escapes for untrusted text inside one: {@link neutraliseWrapperTags} for bodies,
 * {@link oneLine} for one-line fields; attribute values are escaped with `escapeAttributeValue`
 * (`_internal/wrapper-tags.ts`).
 */

import { escapeAttributeValue, neutraliseWrapperTags, oneLine } from '../_internal/wrapper-tags.js';
import { CtxloomError } from '../diagnostics/index.js';

export { neutraliseWrapperTags, oneLine };

const TAG_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ATTR_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/**
 * Wraps `content` in a tag. Empty or blank content contributes nothing (returns `''`), so an
 * empty block never shows. Attributes are written in the order given (pass them sorted or fixed
 * for byte stability); `undefined` values are left out. A closing tag of the same name inside
 * `content` is neutralised in any letter case (`</Name` becomes `&lt;/Name`), so untrusted text
 * cannot close the wrapper early and pose as text outside it. Untrusted leaves should also pass
 * {@link neutraliseWrapperTags} (every wrapper tag, opening or closing) before they are wrapped. Nest by passing a `tag()` result as content.
 * @example tag('instruction-file', body, { path: 'AGENTS.md' })
 */
export function tag(
  name: string,
  content: string,
  attributes: Readonly<Record<string, string | number | boolean | undefined>> = {},
): string {
  if (!TAG_NAME.test(name))
    throw new CtxloomError('E_TAG_INVALID', `invalid tag name ${JSON.stringify(name)}`);
  // trimEnd, not /\s+$/: that regex is quadratic on long whitespace runs in untrusted text
  const body = content.replace(/^\n+/, '').trimEnd();
  if (body.length === 0) return '';
  let attrs = '';
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (!ATTR_NAME.test(key))
      throw new CtxloomError('E_TAG_INVALID', `invalid attribute name ${JSON.stringify(key)}`);
    attrs += ` ${key}="${escapeAttributeValue(String(value))}"`;
  }
  const safeBody = neutraliseClosingTag(body, name);
  return `<${name}${attrs}>\n${safeBody}\n</${name}>`;
}

function neutraliseClosingTag(body: string, name: string): string {
  if (!body.includes('</')) return body;
  const needle = new RegExp(`</${name.replace(/[.-]/g, '\\$&')}`, 'gi');
  return body.replace(needle, (m) => `&lt;${m.slice(1)}`);
}
