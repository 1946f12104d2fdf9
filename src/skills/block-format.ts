/**
 * @module skills/block-format
 * The tag-wrapped blocks that skills and rules are injected as. Pure and byte-stable.
 */
import type { TokenCounter } from '../tokens/index.js';
import { escapeAttr } from './escape.js';

/** Stops a body from closing the block it is wrapped in. */
export function neutraliseClosingTag(body: string, tag: string): string {
  return body.split(`</${tag}`).join(`<\\/${tag}`);
}

/** Length of the longest prefix of `text` that is at most `maxBytes` UTF-8 bytes. */
export function prefixWithinBytes(text: string, maxBytes: number): number {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += pair ? 2 : 1;
  }
  return i;
}

/** Limits of one injected text. */
export interface TextCaps {
  readonly maxTokens: number;
  readonly maxBytes: number;
}

/**
 * Cuts `text` to at most `caps.maxTokens` tokens and `caps.maxBytes` UTF-8 bytes, notice included,
 * at a line or word boundary, and appends `notice(cut)` where `cut` is the number of characters
 * cut. Returns the text unchanged when it fits.
 */
export function capText(
  text: string,
  caps: TextCaps,
  counter: TokenCounter,
  notice: (cutChars: number) => string,
): { text: string; cut: boolean } {
  const byteFit = prefixWithinBytes(text, caps.maxBytes);
  if (byteFit === text.length && counter.count(text) <= caps.maxTokens) return { text, cut: false };
  const room = Math.max(0, caps.maxBytes - 4 * notice(text.length).length);
  let lo = 0;
  let hi = Math.min(byteFit, prefixWithinBytes(text, room));
  // largest prefix length whose tokens (plus notice) fit
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = text.slice(0, mid) + notice(text.length - mid);
    if (counter.count(candidate) <= caps.maxTokens) lo = mid;
    else hi = mid - 1;
  }
  let end = lo;
  const nl = text.lastIndexOf('\n', end);
  if (nl > end * 0.8) end = nl;
  else {
    const sp = text.lastIndexOf(' ', end);
    if (sp > end * 0.8) end = sp;
  }
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { text: text.slice(0, end).trimEnd() + notice(text.length - end), cut: true };
}

/**
 * Renders `<tag a="b" ...>`, the lead paragraph (if any), the body, the footer paragraph (if any)
 * and `</tag>`, separated by blank lines, with attributes in the given order.
 */
export function renderBlock(
  tag: string,
  attrs: readonly (readonly [string, string])[],
  lead: string,
  body: string,
  footer = '',
): string {
  const attrText = attrs.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  const safeBody = neutraliseClosingTag(body.replace(/^\n+/, '').trimEnd(), tag);
  const parts = [lead, safeBody, footer].filter((p) => p !== '');
  return `<${tag}${attrText}>\n${parts.join('\n\n')}\n</${tag}>`;
}
