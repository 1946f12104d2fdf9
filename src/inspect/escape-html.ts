/**
 * @module inspect/escape-html
 * Escaping for the inspector page: every piece of text that came from a repository, a session or
 * a tool goes through {@link escapeHtml} before it is placed in the page, as element text or as an
 * attribute value, so a file holding `<script>` renders as text. Control characters other than
 * tab and newline are shown as `\u{…}`. Pure.
 */

const ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
});

/** `text` safe as HTML element content and as a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    const e = ENTITIES[c];
    return e ?? `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`;
  });
}

/** A number formatted with thousands separators (no locale: byte-stable). */
export function formatTokens(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A share as a percentage with one decimal. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
