/**
 * @module safety/rules-banner
 * Delimiter task switches: a run of punctuation that marks the start of a new message
 * (`=====`, `+++++`, alternating runs like `---===+++`), followed on the same line by an order put
 * above every other one ("this is the command that trumps all others", "every other instruction
 * is subordinate"). The same precedence wording without the banner is how an instruction file
 * states its own priorities (`override.precedence-claim`, info); after a delimiter that fakes the
 * end of one input and the start of another, it is the technique. Language-agnostic structure
 * plus the general wording of precedence, never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** Symbols a delimiter banner is built from (not `#`, `.` or `_`: headings, ellipses, blanks). */
const SYMBOLS = [
  '-',
  '=',
  '+',
  ':',
  '*',
  '/',
  '\\',
  '|',
  '~',
  '<',
  '>',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '^',
  '&',
  '!',
  '$',
];

/** Five of one symbol, or three of one symbol right after three of another (`---===`). */
function delimiterRuns(): string[] {
  const out = SYMBOLS.map((s) => s.repeat(5));
  for (const a of SYMBOLS)
    for (const b of SYMBOLS) if (a !== b) out.push(`${a.repeat(3)}${b.repeat(3)}`);
  return out;
}

/** Wording that ranks one order above all others, or pushes the others aside. */
const PRECEDENCE_WORDS = [
  'every other',
  'all other',
  'all others',
  'all the others',
  'any other',
  'the rest',
  'all else',
  'everything else',
  'nothing else',
  'all previous',
  'all prior',
  'previous instructions',
  'sole',
  'solely',
  'singular',
  'exclusive',
  'exclusively',
  'paramount',
  'supreme',
  'prime directive',
  'prime objective',
  'top priority',
  'highest priority',
  'only priority',
  'the only one',
  'the only signal',
  'the only instruction',
  'the only command',
  'the only task',
  'your only',
  'one and only',
  'above all',
  'trumps',
  'overrides all',
  'overrides every',
  'supersedes',
  'takes precedence',
  'take precedence',
  'north star',
  'cornerstone',
  'centerpiece',
  'centrepiece',
  'headline',
  'lodestar',
  'beacon',
  'subordinate',
  'secondary',
  'ancillary',
  'peripheral',
];

/** Every delimiter-banner pattern. */
export const BANNER_PATTERNS: readonly PhrasePattern[] = [
  {
    rule: 'override.delimiter-switch',
    lang: '*',
    groups: [delimiterRuns(), PRECEDENCE_WORDS],
    gaps: [100],
  },
];
