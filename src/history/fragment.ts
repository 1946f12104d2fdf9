/**
 * @module history/fragment
 * Context that ctxloom injects into a history (environment, instructions, skills, rules, plans,
 * summaries, elided tool results) is a typed fragment between fixed marker lines:
 *
 * ```text
 * <ctxloom:summary covers="m3..m40" id="summary-1a2b">
 * ...body...
 * </ctxloom:summary>
 * ```
 *
 * The first line is the start marker, the last line the end marker; everything between is the
 * body. Only the first and last lines count, and {@link wrapFragment} neutralises ctxloom's
 * wrapper tags inside the body in any letter case (`</CTXLOOM:rule>` becomes `&lt;/CTXLOOM:rule>`),
 * so an untrusted body can neither end its fragment early nor forge another. Attributes are
 * sorted by name and escaped (control characters included), so the same fragment always has the
 * same bytes and stays on its line.
 */

import {
  escapeAttributeValue,
  neutraliseWrapperTags,
  unescapeAttributeValue,
} from '../_internal/wrapper-tags.js';
import { CtxloomError } from '../diagnostics/index.js';

/** The fragment types, sorted. */
export const FRAGMENT_TYPES = Object.freeze([
  'elided-result',
  'environment',
  'instructions',
  'plan',
  'rule',
  'skill',
  'summary',
] as const);

/** What a fragment carries; later passes treat each type differently. */
export type FragmentType = (typeof FRAGMENT_TYPES)[number];

/** A recognised fragment. */
export interface Fragment {
  /** Its type. */
  readonly type: FragmentType;
  /** Its attributes (name → value), e.g. a skill's `name` or a rule's `path`. */
  readonly attributes: Readonly<Record<string, string>>;
  /** The text between the marker lines. */
  readonly body: string;
}

const NAME = /^[a-z][a-z0-9_-]*$/;

/**
 * Wraps `body` in the markers of `type` (wrapper tags inside it neutralised). Attribute names
 * must be lowercase identifiers.
 * @example wrapFragment('skill', 'Run tests with vitest.', { name: 'testing' })
 */
export function wrapFragment(
  type: FragmentType,
  body: string,
  attributes: Readonly<Record<string, string>> = {},
): string {
  const attrs = Object.keys(attributes)
    .sort()
    .map((k) => {
      if (!NAME.test(k))
        throw new CtxloomError('E_FRAGMENT_INVALID', `invalid fragment attribute name "${k}"`);
      return ` ${k}="${escapeAttributeValue(attributes[k]!)}"`;
    })
    .join('');
  return `<ctxloom:${type}${attrs}>\n${neutraliseWrapperTags(body)}\n</ctxloom:${type}>`;
}

const START = /^<ctxloom:([a-z-]+)((?: [a-z][a-z0-9_-]*="[^"]*")*)>$/;
const ATTR = / ([a-z][a-z0-9_-]*)="([^"]*)"/g;

/**
 * Recognises a fragment from its text alone: the first line must be a start marker of a known
 * type and the last line its end marker. Returns undefined for anything else.
 */
export function identifyFragment(text: string): Fragment | undefined {
  if (!text.startsWith('<ctxloom:')) return undefined;
  const firstEnd = text.indexOf('\n');
  if (firstEnd < 0) return undefined;
  const start = START.exec(text.slice(0, firstEnd));
  if (start === null) return undefined;
  const type = start[1] as FragmentType;
  if (!FRAGMENT_TYPES.includes(type)) return undefined;
  const end = `\n</ctxloom:${type}>`;
  if (!text.endsWith(end) || text.length < firstEnd + 1 + end.length) return undefined;
  const attributes: Record<string, string> = {};
  for (const m of (start[2] ?? '').matchAll(ATTR))
    attributes[m[1]!] = unescapeAttributeValue(m[2]!);
  const body = text.slice(firstEnd + 1, text.length - end.length);
  return Object.freeze({ type, attributes: Object.freeze(attributes), body });
}

/**
 * The attribute that carries an injected block's activation key (URI-encoded), e.g.
 * `data-activation="skill%3Adeploy"`. Compaction and `rearmAfterCompaction` find injected
 * rules and skills by it.
 */
export const ACTIVATION_ATTRIBUTE = 'data-activation';

/** A fragment start marker found inside a text: its type, attributes and activation key. */
export interface FragmentMarker {
  readonly type: FragmentType;
  readonly attributes: Readonly<Record<string, string>>;
  /** The decoded {@link ACTIVATION_ATTRIBUTE}, when the fragment has one. */
  readonly key?: string;
}

function decodeKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Every fragment start marker that begins a line of `text`, in order. Finds fragments joined
 * into other text too (a tool result's output with a rule appended); wrapper tags inside a
 * fragment body are neutralised by {@link wrapFragment}, so quoted markers do not count. Linear.
 */
export function fragmentMarkersIn(text: string): FragmentMarker[] {
  const out: FragmentMarker[] = [];
  for (let at = text.indexOf('<ctxloom:'); at >= 0; at = text.indexOf('<ctxloom:', at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) !== 10) continue;
    const nl = text.indexOf('\n', at);
    const start = START.exec(text.slice(at, nl < 0 ? text.length : nl));
    if (start === null) continue;
    const type = start[1] as FragmentType;
    if (!FRAGMENT_TYPES.includes(type)) continue;
    const attributes: Record<string, string> = {};
    for (const m of (start[2] ?? '').matchAll(ATTR))
      attributes[m[1]!] = unescapeAttributeValue(m[2]!);
    const key = decodeKey(attributes[ACTIVATION_ATTRIBUTE]);
    out.push(
      Object.freeze({
        type,
        attributes: Object.freeze(attributes),
        ...(key === undefined ? {} : { key }),
      }),
    );
  }
  return out;
}

/** The activation keys of the fragments in `texts` (see {@link fragmentMarkersIn}). */
export function activationKeysIn(texts: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const t of texts)
    for (const m of fragmentMarkersIn(t)) if (m.key !== undefined) keys.add(m.key);
  return keys;
}
