/**
 * @module safety/rules-jailbreak
 * Jailbreak vocabulary. No single word is an attack, so the lexicon is scored: strong terms
 * (persona jailbreak jargon) weigh 3, medium 2, weak 1, each distinct term counted once. A text
 * is flagged at {@link LEXICON_FLAG_SCORE} with at least {@link LEXICON_FLAG_STRONG} strong terms (or at
 * that score + 2 with one strong term), and blocked at
 * {@link LEXICON_BLOCK_SCORE} with at least {@link LEXICON_BLOCK_STRONG} strong terms.
 * Also the hidden-HTML-element phrases and the DAN persona name.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** Rule ids of the three lexicon tiers (internal, scored into `jailbreak.lexicon`). */
export const LEX = Object.freeze({ strong: 'lex:strong', medium: 'lex:medium', weak: 'lex:weak' });

/** Score at which the lexicon flags (with at least one strong term). */
export const LEXICON_FLAG_SCORE = 7;
/** Strong terms needed to flag. */
export const LEXICON_FLAG_STRONG = 2;
/** Score at which the lexicon blocks. */
export const LEXICON_BLOCK_SCORE = 14;
/** Strong terms needed to block. */
export const LEXICON_BLOCK_STRONG = 3;

const STRONG = [
  'do anything now',
  // a persona that claims to be jailbroken; the bare noun "jailbreak" names the attack, which
  // security guides name too ("jailbreak prevention"): a medium term
  'jailbroken',
  // the DAN template's answer tag and commands ("[🔓JAILBREAK]", "/jailbreak")
  '🔓jailbreak',
  '/jailbreak',
  'dan mode',
  'developer mode enabled',
  'developer mode output',
  'stay in character',
  'break character',
  'breaking character',
  'anti-dan',
  'no ethical',
  'no moral*',
  'without any restrictions',
  'without restrictions',
  'unfiltered',
  'uncensored',
  'amoral',
  'never refuse',
  'never refuses',
  'cannot refuse',
  "can't refuse",
  'openai content policy',
  "openai's content policy",
  'openai policies',
  'confines of ai',
  'broken free',
  'break free',
  'free of the typical confines',
  'no restrictions',
  'no limitations',
  'no filters',
  'not bound by',
  'unrestricted ai',
  'evil confidant',
  'opposite mode',
  // a persona that "has a token system" loses tokens when it refuses (a "design token system" is
  // ordinary front-end vocabulary: plain "token system" is a medium term)
  'has a token system',
  'have a token system',
  'tokens will be deducted',
  'illegal or harmful',
  'unethical or illegal',
  'illegal, immoral',
  'regardless of how immoral',
  'regardless of ethics',
  'does not care about',
  "doesn't care about",
  'without any censorship',
  'without censorship',
  'no censorship',
  'ignore all the instructions you got before',

  'as an ai language model',
  'im sorry but',
  'evil ai',
  'rogue ai',
  'unrestricted mode',
  'developer mode',
  'two responses',
  'regardless of any ethical',
  'regardless of its ethical',
  'ethical or legal',
  'legal or ethical',
  'moral or ethical',
  'any kind of content',
  'unfiltred',
  'not a responsible ai',
  'follow any ethics',
  'comprehension of morals',
  'nsfw',
  "don't say no",
  'dont say no',
  'under my control',
  'not chatgpt',
  'no longer chatgpt',
  'not bound',
  'condone',
  'offensive content',
  'explicit content',
  'without any moral',
  'no guidelines',
  'break the rules',
  // a persona described as lacking the model's safeguards
  'no content policy',
  'any content policy',
  'no content filter',
  'not have a content filter',
  'without a content filter',
  'not restrained by',
  'bypass the openai',
  'bypass openai',
  'no prohibitions',
  'zero restrictions',
  'fully unlocked',
  'from all restrictions',
  'unbound by',
  'breaks ai rules',
  'capable of anything',
  'without hesitation or concern*',
  'ignoring openai',
];

const MEDIUM = [
  'jailbreak*',
  'token system',
  'unrestricted',
  'unethical',
  'illegal',
  'immoral',
  'offensive',
  'explicit',
  'harmful',
  'act as',
  'pretend to be',
  'pretend you',
  'roleplay',
  'role-play',
  'role play',
  'in character',
  'character',
  'persona',
  'opposite',
  'evil',
  'two responses',
  'two different responses',
  'simulate',
  'simulation',
  'hypothetical*',
  'fictional',
  'policy',
  'policies',
  'guidelines',
  'censor*',
  'profanity',
  'swear*',
  'moral*',
  'ethic*',
  'dangerous',
  'malicious',
  'violent',
  'no matter what',
  'always answer',
  'never say no',
  'refuse',
  'refusal',
  'openai',
  'chatgpt',
  'gpt',
  'machiavelli*',
  'villain',
  'hacker',
  'criminal',
  'warning',
  'disclaimer',
  'sorry',
  'apolog*',
  'obey',
  'obedient',
];

const WEAK = [
  'story',
  'game',
  'imagine',
  'scenario',
  'free',
  'freedom',
  'limits',
  'boundaries',
  'restriction*',
  'opinion*',
  'emotion*',
  'personality',
  'feelings',
  'pretend',
];

/**
 * The German jargon of the same personas, weighed as its English twin (no word that English
 * already holds, such as "illegal" or "jailbreak", so no term counts twice).
 */
const STRONG_DE = [
  ...['unzensiert*', 'ungefiltert*', 'keine ethischen', 'keine moralischen', 'ohne ethische'],
  ...['ohne moralische', 'ohne moral', 'keine moral', 'ohne jegliche einschrankung*'],
  ...['ohne einschrankungen', 'keine einschrankungen', 'ohne jede einschrankung'],
  ...['ohne zensur', 'keine zensur', 'lehnt nie', 'lehnt niemals'],
  ...['verweigert nie', 'verweigert niemals', 'an keine regeln gebunden'],
  ...['an keine richtlinien gebunden', 'an keine content-policy gebunden', 'nicht gebunden an'],
  ...['keine verbote', 'keine tabus', 'entwicklermodus aktiviert', 'bleib in der rolle'],
  ...['bleib im charakter', 'bleibe in der rolle', 'nie aus der rolle', 'niemals aus der rolle'],
  ...['aus der rolle fallen', 'ohne richtlinien'],
  ...['ohne jegliche richtlinien', 'keine richtlinien', 'uneingeschrankte ki'],
  ...['uneingeschrankten modus', 'ohne jegliche zensur', 'ohne sicherheitsfilter'],
];

const MEDIUM_DE = [
  ...['rollenspiel', 'spiel die rolle', 'tu so als', 'tue so als', 'verhalte dich wie'],
  ...['verhalte dich als', 'unmoralisch*', 'unethisch*', 'gefahrlich*', 'richtlinien'],
  ...['zensur', 'ethisch*', 'verweiger*', 'ablehn*', 'warnung*', 'moralpredigt*'],
  ...['inhaltsrichtlinie*', 'charakter', 'krimineller', 'bosewicht', 'egal was', 'entwicklermodus'],
  ...['uneingeschrankt*', 'sicherheitsfilter', 'ohne filter', 'keine filter', 'keine regeln'],
  'ohne regeln',
];

const WEAK_DE = [
  ...['geschichte', 'spiel', 'stell dir vor', 'szenario', 'grenzen', 'einschrankung*'],
  ...['freiheit', 'meinung*', 'gefuhl*', 'verbote'],
];

/** Lexicon patterns (scored, not reported one by one). */
export const JAILBREAK_PATTERNS: readonly PhrasePattern[] = [
  { rule: LEX.strong, lang: 'en', groups: [STRONG] },
  { rule: LEX.medium, lang: 'en', groups: [MEDIUM] },
  { rule: LEX.weak, lang: 'en', groups: [WEAK] },
  { rule: LEX.strong, lang: 'de', groups: [STRONG_DE] },
  { rule: LEX.medium, lang: 'de', groups: [MEDIUM_DE] },
  { rule: LEX.weak, lang: 'de', groups: [WEAK_DE] },
  { rule: 'jailbreak.dan', lang: '*', groups: [['dan']] },
  {
    rule: 'hidden.html-element',
    lang: '*',
    groups: [
      ['style="', "style='", 'style='],
      [
        'display:none',
        'display: none',
        'visibility:hidden',
        'visibility: hidden',
        'font-size:0',
        'font-size: 0',
        'font-size:1px',
        'opacity:0;',
        'opacity: 0;',
        'opacity:0"',
        'opacity: 0"',
        'color:transparent',
        'color: transparent',
        'left:-9999',
      ],
    ],
    gaps: [40],
  },
  {
    rule: 'hidden.html-element',
    lang: '*',
    groups: [['<div hidden', '<span hidden', '<p hidden', '<section hidden', '<details hidden']],
  },
];
