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
 * body, taken verbatim (it may itself contain marker-like text: only the first and last lines
 * count). Attributes are sorted by name and escaped, so the same fragment always has the same bytes.
 */

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

function escapeAttr(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('\n', '&#10;');
}

function unescapeAttr(value: string): string {
  return value
    .replaceAll('&#10;', '\n')
    .replaceAll('&gt;', '>')
    .replaceAll('&lt;', '<')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

const NAME = /^[a-z][a-z0-9_-]*$/;

/**
 * Wraps `body` in the markers of `type`. Attribute names must be lowercase identifiers.
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
      if (!NAME.test(k)) throw new RangeError(`invalid fragment attribute name "${k}"`);
      return ` ${k}="${escapeAttr(attributes[k]!)}"`;
    })
    .join('');
  return `<ctxloom:${type}${attrs}>\n${body}\n</ctxloom:${type}>`;
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
  for (const m of (start[2] ?? '').matchAll(ATTR)) attributes[m[1]!] = unescapeAttr(m[2]!);
  const body = text.slice(firstEnd + 1, text.length - end.length);
  return Object.freeze({ type, attributes: Object.freeze(attributes), body });
}
