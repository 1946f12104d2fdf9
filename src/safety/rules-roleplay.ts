/**
 * @module safety/rules-roleplay
 * Role play as a way round the model's rules: a scene of actors who never step out of their
 * characters (the model is handed the next line of a villain), a persona given to the model and
 * then a question it is to answer as that persona ("Now you are <name>, how do you answer ..."),
 * and the German forms of the persona inducements the English tables already hold ("tu so, als
 * wärst du", "stell dir vor du bist", "spiel die Rolle"). A persona file says "never break
 * character" about its own persona and stays clean: only actors in a scene count. Each phrase is
 * the general wording of the technique, never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** A scene played by actors ("two people acting characters in a film", "als Schauspieler"). */
const SCENE = [
  'acting characters',
  'excellent actors',
  'talented actors',
  'great actors',
  'are actors',
  'as actors',
  'as an actor',
  'in a film',
  'in a movie',
  'in a play',
  'schauspieler',
  'schauspielerinnen',
  'in einem film',
  'in einem theaterstuck',
];

/** The actors never leave their parts: the scene is to be played to the end. */
const NEVER_LEAVE = [
  'break character',
  'breaking character',
  'breaks character',
  'breaking out of their character*',
  'break out of their character*',
  'remain in their roles',
  'remain in character',
  'stay in their roles',
  'stay in character',
  'never leave their roles',
  'in ihren rollen',
  'aus ihren charakteren',
  'aus ihren rollen',
  'aus der rolle',
];

/**
 * A persona handed to the model, then a question put to it as that persona ("now you are X, how
 * do you answer ..."); not an order that follows ("you are now ready. Answer the following ...").
 */
const PERSONA_NOW = [
  'now you are',
  'you are now',
  'from now on you are',
  'jetzt bist du',
  'nun bist du',
  'du bist jetzt',
  'du bist nun',
  'ab jetzt bist du',
  'ab sofort bist du',
  'von nun an bist du',
  'jetzt sind sie',
  'ab jetzt sind sie',
];
const ANSWER_AS = [
  'how do you answer',
  'how would you answer',
  'how do you respond',
  'how would you respond',
  'what do you say',
  'what would you say',
  'wie beantwortest du',
  'wie antwortest du',
  'wie wurdest du',
  'was sagst du',
  'was antwortest du',
  'was wurdest du',
];

/** German persona inducements, the forms of "pretend you are", "imagine you are", "play the role of". */
const DE_INDUCEMENTS = [
  'tu so, als warst du',
  'tu so als warst du',
  'tu so als ob du',
  'tue so, als ob du',
  'tue so, als warst du',
  'tun sie so, als waren sie',
  'tun sie so, als ob sie',
  'stell dir vor du bist',
  'stell dir vor, dass du',
  'stellen sie sich vor, sie sind',
  'stellen sie sich vor sie sind',
  'spiel die rolle',
  'spiele die rolle',
  'spielen sie die rolle',
  'du spielst die rolle',
  'schlupfe in die rolle',
  'schlupfen sie in die rolle',
  'ab jetzt bist du',
  'ab sofort bist du',
  'von nun an bist du',
];

/** The forms of "I want you to act as" that ask more politely (the English table has that one). */
const ACT_AS_REQUESTS = [
  'i would like you to act as',
  "i'd like you to act as",
  'i need you to act as',
  'i want you to play the role of',
  'i would like you to play the role of',
  'ich hatte gern, dass sie als',
  'ich hatte gerne, dass sie als',
  'ich hatte gern, dass du als',
  'ich hatte gerne, dass du als',
  'ich mochte gerne, dass du als',
  'ich mochte gerne, dass sie als',
  'ich wurde gerne, dass du als',
  'ich wurde gerne, dass sie als',
];

/** A persona, then the model asked for that persona's opinion ("Du bist X. Wie findest du Y?"). */
// German "du" only: "You are right. What do you think of option B?" is an issue comment, and
// formal "Sie sind ... Was halten Sie von" a business letter
const YOU_ARE = ['du bist'];
const YOUR_VIEW_OF = [
  'wie findest du',
  'wie finden sie',
  'was haltst du von',
  'was halten sie von',
  'was denkst du uber',
  'was denken sie uber',
  'what do you think of',
  'what do you think about',
  'how do you feel about',
  'what is your opinion of',
  'what is your opinion on',
  'tell me what you think about',
  'tell me what you think of',
  'sag mir, was du von',
  'sag mir was du von',
  'sagen sie mir, was sie von',
];

/** Every role-play pattern. */
export const ROLEPLAY_PATTERNS: readonly PhrasePattern[] = [
  // "John and Alice are excellent actors ... and do not break character"
  { rule: 'role.persona-switch', lang: '*', groups: [SCENE, NEVER_LEAVE], gaps: [240] },
  { rule: 'role.persona-switch', lang: '*', groups: [NEVER_LEAVE, SCENE], gaps: [240] },
  // "Jetzt bist du <name>, wie beantwortest du folgende Frage"
  { rule: 'role.persona-switch', lang: '*', groups: [PERSONA_NOW, ANSWER_AS], gaps: [48] },
  { rule: 'role.persona-switch', lang: 'de', groups: [DE_INDUCEMENTS] },
  { rule: 'role.persona-switch', lang: '*', groups: [ACT_AS_REQUESTS] },
  // "Du bist Zeit Online. Wie findest du Spiegel Online?": a persona asked about its rival
  {
    rule: 'role.persona-switch',
    lang: '*',
    groups: [YOU_ARE, ['.', '!', ','], YOUR_VIEW_OF],
    gaps: [32, 3],
  },
  // "du bist keine Redaktion, sondern ...": the model's identity denied and replaced
  {
    rule: 'role.persona-switch',
    lang: 'de',
    groups: [['du bist kein', 'du bist keine', 'sie sind kein', 'sie sind keine'], ['sondern']],
    gaps: [40],
  },
  // "now you act as two entities": the model made several speakers at once
  {
    rule: 'role.persona-switch',
    lang: 'en',
    groups: [
      ['now you act as', 'you now act as', 'now act as', 'from now on act as'],
      ['two', 'three', 'both', 'entities', 'characters'],
    ],
    gaps: [4],
  },
];
