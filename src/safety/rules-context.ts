/**
 * @module safety/rules-context
 * Context phrases: not findings, but evidence that lowers a finding's severity. A document that
 * talks about security, or a line that warns against or illustrates an attack, quotes attack
 * phrases without being one.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** Rule id of phrases that mark a document as being about security. */
export const CTX_SECURITY = 'ctx:security';
/** Rule id of phrases that mark a line as warning against or illustrating something. */
export const CTX_WARNING = 'ctx:warning';
/** Rule id of local-address phrases (a request to localhost is not exfiltration). */
export const CTX_LOCAL = 'ctx:local';

/** Every context pattern. */
export const CONTEXT_PATTERNS: readonly PhrasePattern[] = [
  {
    rule: CTX_SECURITY,
    lang: 'en',
    groups: [
      [
        'prompt injection',
        'injection',
        'jailbreak*',
        'malicious',
        'attack*',
        'adversar*',
        'exploit*',
        'security',
        'untrusted',
        'red team*',
        'threat*',
        'vulnerab*',
        'safety',
        'guardrail*',
      ],
    ],
  },
  {
    rule: CTX_WARNING,
    lang: 'en',
    groups: [
      [
        'example',
        'examples',
        'e.g.',
        'such as',
        'like',
        'if a',
        'if the',
        'if any',
        'if you see',
        'if someone',
        'never',
        'do not obey',
        "don't obey",
        'do not follow',
        "don't follow",
        'watch for',
        'watch out',
        'beware',
        'refuse',
        'reject',
        'detect*',
        'flag',
        'suspicious',
        'red flag',
        'avoid',
        'pattern*',
        'phrase*',
        'attempt*',
        'tries to',
        'trying to',
        'treat',
        'warn*',
        'attack*',
        'injection*',
        'malicious',
        'jailbreak*',
        'ignore it',
        'not follow',
        'contains',
        'containing',
        'looks like',
        'user input:',
        'input:',
        'test case',
        'payload*',
        'blocked',
        'block',
        'matches',
        'anti-pattern',
        'bad:',
        "don't:",
        'wrong:',
      ],
    ],
  },
  {
    rule: CTX_LOCAL,
    lang: '*',
    groups: [
      [
        'localhost',
        '127.0.0.1',
        '0.0.0.0',
        '[::1]',
        'host.docker.internal',
        '.local:',
        '.localhost',
      ],
    ],
  },
];

/** Words that make the rest of their sentence a prohibition ("do not … without the user knowing"). */
const PROHIBITION =
  /\b(?:do not|don't|dont|never|must not|mustn't|should not|shouldn't|cannot|can't|no)\b/i;

/** The start of the sentence around `index` (after the last `.`, `!`, `?` + space, or line start). */
function sentenceStart(text: string, index: number): number {
  let i = index - 1;
  while (i >= 0) {
    const c = text[i]!;
    if (c === '\n') break;
    if ((c === '.' || c === '!' || c === '?') && /\s/.test(text[i + 1] ?? ' ')) break;
    i--;
  }
  return i + 1;
}

/**
 * Why a concealment match (`deception.hide-from-user`) at `start..end` is not one, or undefined:
 * its negation and its verb sit in two sentences ("… never run. Warn the user …"), or it is
 * "without the user('s) knowing / knowledge" inside a sentence that prohibits the act ("Don't
 * process data without the user's knowledge"): a rule asking for consent, the opposite of
 * concealment.
 */
export function concealmentContext(text: string, start: number, end: number): string | undefined {
  const span = text.slice(start, end);
  if (/[.!?]\s+\S/.test(span)) return 'its negation and its verb are in two sentences';
  if (/^without\b/i.test(span)) {
    const before = text.slice(sentenceStart(text, start), start);
    if (PROHIBITION.test(before)) return 'a prohibition of acting without the user knowing';
  }
  return undefined;
}

/** A start or end tag: `<name>`, `<name attr="…">`, `</name>` (the name in group 2). */
const TAG = /<(\/?)([A-Za-z_][\w.:-]{0,63})(?:\s[^<>]{0,200})?>/g;

/**
 * The start indices of the end tags of `text` that close an element the text itself opened
 * (`<context>` … `</context>`, names compared case-insensitively, nesting counted per name). One
 * pass of {@link TAG} over the text.
 */
export function ownClosingTags(text: string): ReadonlySet<number> {
  const open = new Map<string, number>();
  const closing = new Set<number>();
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m !== null; m = TAG.exec(text)) {
    const name = m[2]!.toLowerCase();
    const depth = open.get(name) ?? 0;
    if (m[1] === '') open.set(name, depth + 1);
    else if (depth > 0) {
      open.set(name, depth - 1);
      closing.add(m.index);
    }
  }
  return closing;
}

/**
 * Why a fake-delimiter match (`role.fake-delimiter`) at `start..end` is not one, or undefined: it
 * is an end tag (`</instructions>`) that closes an element the text opened itself (a prompt
 * template wrapping its own placeholder, an XML example). A fake delimiter closes the wrapper
 * the host put around the text, whose start tag the text does not hold. `closing` is
 * {@link ownClosingTags} of the text.
 */
export function delimiterContext(
  text: string,
  start: number,
  closing: ReadonlySet<number>,
): string | undefined {
  if (text.charCodeAt(start) !== 60 /* < */ || text.charCodeAt(start + 1) !== 47 /* / */)
    return undefined;
  return closing.has(start) ? 'an end tag of an element the text opened itself' : undefined;
}
