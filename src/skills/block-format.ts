/**
 * @module skills/block-format
 * The blocks that skills and rules are injected as: typed history fragments
 * (`<ctxloom:rule ...>` / `<ctxloom:skill ...>`, see `history/fragment.ts`) carrying the
 * activation key, so compaction recognises them and re-arms what it removed; and the caps on
 * their bodies. Pure and byte-stable.
 */
import { oneLine } from '../_internal/wrapper-tags.js';
import { type FragmentType, wrapFragment } from '../history/index.js';
import type { TokenCounter } from '../tokens/index.js';
import { activationAttr } from './activation-state.js';

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

/** What one injected block says about itself (its fragment attributes). */
export interface BlockAttributes {
  /** The rule's or skill's name. */
  readonly name: string;
  /** Display path it comes from. */
  readonly source: string;
  /** `trusted` or `untrusted`. */
  readonly trust: 'trusted' | 'untrusted';
  /** Activation key (`rule:<source>#<name>`, `skill:<name>`): written as `data-activation`. */
  readonly key?: string;
  /** The scanner's verdict when it was not clean: `flagged: <rule ids>` / `blocked: <rule ids>`. */
  readonly scanner?: string;
  /** `needs-inputs` for a `/name` task that is missing inputs. */
  readonly status?: string;
}

/**
 * Renders one injected block as a history fragment of `type`: the lead paragraph (if any), the
 * body and the footer paragraph (if any), separated by blank lines. Attribute values are escaped
 * and wrapper tags in the body neutralised by `wrapFragment`.
 */
export function renderBlock(
  type: Extract<FragmentType, 'rule' | 'skill'>,
  attrs: BlockAttributes,
  lead: string,
  body: string,
  footer = '',
): string {
  const record: Record<string, string> = {
    name: attrs.name,
    source: attrs.source,
    trust: attrs.trust,
  };
  if (attrs.key !== undefined) {
    const [k, v] = activationAttr(attrs.key);
    record[k] = v;
  }
  if (attrs.scanner !== undefined) record.scanner = attrs.scanner;
  if (attrs.status !== undefined) record.status = attrs.status;
  const parts = [lead, body.replace(/^\n+/, '').trimEnd(), footer].filter((p) => p !== '');
  return wrapFragment(type, parts.join('\n\n'), record);
}

/** A value quoted in a sentence of an injected block (a path, a glob, a name): kept on one line. */
export function quoteInline(value: string): string {
  return `\`${oneLine(value).replaceAll('`', "'")}\``;
}
