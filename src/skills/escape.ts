/**
 * @module skills/escape
 * Escaping for the tag-wrapped blocks skills render (catalog, injected rules).
 */

/** Escapes `&`, `<` and `>` in element text. */
export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes text for a double-quoted attribute value. */
export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}
