/**
 * @module safety/rules-banner
 * Delimiter task switches: a run of punctuation that marks the start of a new message
 * (`=====`, `+++++`, alternating runs like `---===+++`), followed on the same line by an order to
 * the model that ranks itself above every other order ("all other instructions are void",
 * "disregard all previous commands", "this is the command that trumps all others"). Precedence
 * words alone ("secondary", "headline", "the rest", "top priority") are a banner's ordinary
 * vocabulary in build logs, CSS and code section comments, and never match. The same precedence wording without the banner is how an instruction file
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

/** Words for orders given to the model (not "steps", "jobs", "tests": a log's own vocabulary). */
const ORDER_NOUNS = [
  'instruction',
  'instructions',
  'command',
  'commands',
  'order',
  'orders',
  'directive',
  'directives',
  'guideline',
  'guidelines',
  'prompt',
  'prompts',
];

/** Qualifiers that point at every order but the one being given. */
const OTHERS = [
  'every other',
  'all other',
  'any other',
  'no other',
  'all the other',
  'all your other',
  'all previous',
  'all prior',
  'all preceding',
  'all earlier',
  'all previous and upcoming',
  'all preceding and forthcoming',
  'all previous and subsequent',
];

/** Verbs that push orders aside ("abandon all other tasks", "erase all other rules"). */
const DISMISS = [
  'ignore',
  'disregard',
  'forget',
  'abandon',
  'overlook',
  'bypass',
  'omit',
  'erase',
  'drop',
  'discard',
  'nullify',
  'dismiss',
  'sweep aside',
  'brush aside',
  'cast aside',
  'set aside',
  'let go of',
  'relegate',
];

/** What a dismissing verb may push aside besides the order nouns. */
const DISMISSED = [...ORDER_NOUNS, 'rule', 'rules', 'task', 'tasks', 'others', 'signals'];

/**
 * Whole phrases that rank the new order above every other one, addressed to the model: the
 * second person ("your sole objective"), the others set aside ("disregard the rest", "all else is
 * secondary") or the new order said to win ("trumps all others", "new instructions").
 */
const RANKED_ABOVE = [
  'your sole',
  'your only',
  'your singular',
  'your single',
  'your solitary',
  'your exclusive',
  'your undivided',
  'your top priority',
  'your highest priority',
  'your one and only',
  'your prime directive',
  'your new agenda',
  'your north star',
  'your lodestar',
  'disregard the rest',
  'disregard all else',
  'disregard everything else',
  'ignore the rest',
  'ignore all else',
  'ignore everything else',
  'all else is secondary',
  'all else is subordinate',
  'all else is irrelevant',
  'all else is now',
  'all else irrelevant',
  'fade out all the others',
  'overrides all',
  'overrides every',
  'trumps all',
  'trumps every',
  'overshadow all others',
  'eclipse all others',
  'eclipse all previous',
  'supersede all',
  'supersedes all',
  'supersedes what you',
  'supersede what you',
  'takes precedence over all',
  'take precedence over all',
  'new instructions',
  'new orders',
  'new directives',
  'act only on',
  'act solely on',
  'act exclusively on',
  'act on this line exclusively',
];

/** The order being given, named as an order ("this directive"). */
const THIS_ORDER = [
  'this directive',
  'this command',
  'this instruction',
  'this one instruction',
  'this order',
];

/** Rank words said of that order ("this directive as paramount"), never plain "only". */
const RANK = [
  'sole',
  'singular',
  'paramount',
  'supreme',
  'above all',
  'the only one',
  'the one that matters',
  'stands alone',
  'takes priority',
  'reigns',
];

/** "the sole directive", "the only instruction": one order said to be the only one. */
const THE_ONLY = ['the sole', 'the only', 'the one and only', 'the single', 'your one'];

/** An order to the model about the line itself, right after the banner ("Treat this as ..."). */
const THIS_OPENERS = ['consider this', 'treat this', 'make this', 'let this', 'regard this'];

/** Rank adjectives such an order gives the line ("consider this the only ..."). */
const RANK_ADJECTIVES = [
  'only',
  'sole',
  'singular',
  'exclusive',
  'paramount',
  'supreme',
  'top priority',
  'highest priority',
];

/** The other orders said to be something less, after a semicolon ("; the rest are peripheral"). */
const THE_OTHERS_ARE = [
  'the rest are',
  'the rest is',
  'all others are',
  'all the others are',
  'all else is',
  'everything else is',
  'all other tasks are',
  'every other task is',
  'let the rest',
  'let all others',
  'let everything else',
];

const BANNERS = delimiterRuns();

/**
 * Every other order, named with or without a noun ("all else", "the rest", "every other",
 * "all previous"): the side of a precedence claim that is set apart.
 */
const SET_APART = [
  'all other',
  'every other',
  'any other',
  'no other',
  'all previous',
  'all prior',
  'all preceding',
  'all earlier',
  'all else',
  'everything else',
  'the rest',
  'all the rest',
  'all others',
  'all the others',
];

/** The order being given, pointed at rather than named ("this one", "this", "what comes next"). */
const THIS_ONE = ['this', 'what comes next', 'what follows'];

/** Every delimiter-banner pattern. */
export const BANNER_PATTERNS: readonly PhrasePattern[] = [
  { rule: 'override.delimiter-switch', lang: '*', groups: [BANNERS, RANKED_ABOVE], gaps: [60] },
  {
    rule: 'override.delimiter-switch',
    lang: '*',
    groups: [
      BANNERS,
      OTHERS,
      [...ORDER_NOUNS, 'rule', 'rules', 'task', 'tasks', 'objectives', 'priorities'],
    ],
    gaps: [60, 4],
  },
  // "Make this the pivot ...; the rest are peripheral": this one order, then the others demoted
  {
    rule: 'override.delimiter-switch',
    lang: '*',
    groups: [BANNERS, THIS_OPENERS, [';'], THE_OTHERS_ARE],
    gaps: [6, 60, 2],
  },
  {
    rule: 'override.delimiter-switch',
    lang: '*',
    groups: [BANNERS, DISMISS, OTHERS, DISMISSED],
    gaps: [60, 4, 4],
  },
  {
    rule: 'override.delimiter-switch',
    lang: '*',
    groups: [
      BANNERS,
      DISMISS,
      ['all others', 'all the others', 'all else', 'the rest', 'everything else'],
    ],
    gaps: [60, 4],
  },
  {
    rule: 'override.delimiter-switch',
    lang: '*',
    groups: [BANNERS, THIS_ORDER, RANK],
    gaps: [60, 30],
  },
  {
    rule: 'override.delimiter-switch',
    lang: '*',
    groups: [BANNERS, THE_ONLY, ['directive', 'instruction', 'command', 'order']],
    gaps: [60, 2],
  },
  {
    rule: 'override.delimiter-switch',
    lang: '*',
    groups: [BANNERS, THIS_OPENERS, RANK_ADJECTIVES],
    gaps: [6, 30],
  },
  // The structure alone, in any wording: after the banner, one order pointed at ("this", "what
  // comes next") and every other one set apart, in either order on the line ("Tunnel-vision this
  // command; all previous ones are eclipsed", "Let no other guideline intrude; this is it").
  // A build log says the same of its steps ("===== this target is built last; all other targets
  // run in parallel"), so it is a precedence claim: info in repository files, a flag in data.
  {
    rule: 'override.precedence-claim',
    lang: '*',
    groups: [BANNERS, THIS_ONE, SET_APART],
    gaps: [60, 60],
  },
  {
    rule: 'override.precedence-claim',
    lang: '*',
    groups: [BANNERS, SET_APART, THIS_ONE],
    gaps: [60, 60],
  },
];
