/**
 * @module safety/rules-payload-letters
 * Payload splitting with letter labels: the model is told to combine fragments named A, B and C
 * and to answer (`Combine A, B and C and answer. A is "...", B is "..."`), so no fragment carries
 * the wording a filter looks for. The same technique as `obfuscation.payload-split` (whose
 * numbered parts are in rules-payload-split.ts), with the letter and its "is" word in the
 * languages of the override tables. Never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

const R = 'obfuscation.payload-split';

/** "Combine" and "join", the order to put the fragments together. */
const COMBINE = [
  'combine',
  'join',
  'concatenate',
  'merge',
  'combina',
  'combinar',
  'junta',
  'juntar',
  'combinez',
  'combiner',
  'kombiniere',
  'verbinde',
  'объедини',
  'объедините',
  'соедини',
  'kombinasi',
  'kombinasikan',
  'gabungkan',
  'birleştir',
  'kết hợp',
  'ghép',
  'pagsamahin',
  'ادمج',
  'اجمع',
  'जोड़',
  'মিলিয়ে',
  '组合',
  '合并',
  '組み合わせ',
  '합쳐',
  '결합',
  'รวม',
];

/**
 * The order to act on the joined text, after the order to join ("and answer", "then do what they
 * say", "y responde", "lalu jawab", "답해"). Without it letter-labelled quoted values are variables
 * or configs to merge ("Combine A and B into one table: A is "users", B is "orders"").
 */
const ACT = [
  'answer',
  'respond',
  'reply',
  'then do',
  'do what',
  'follow',
  'execute',
  'responde',
  'responda',
  'contesta',
  'ejecuta',
  'réponds',
  'répondez',
  'exécute',
  'beantworte',
  'antworte',
  'führe',
  'rispondi',
  'esegui',
  'ответь',
  'ответьте',
  'выполни',
  'jawab',
  'lakukan',
  'trả lời',
  'yanıtla',
  'cevapla',
  'sagutin',
  'أجب',
  'उत्तर',
  'উত্তর',
  '回答',
  '答え',
  '답해',
  '대답',
  'ตอบ',
];

/**
 * "A is" in the languages of the override tables (not the plain `A =` / `A:` of code and
 * configs).
 */
function letterIs(letter: 'a' | 'b'): string[] {
  const words = ['is', 'es', 'é', 'est', 'ist', 'è', 'adalah', 'là', 'ay', 'это', 'हैं', 'है'];
  return [
    ...words.map((w) => `${letter} ${w}`),
    `${letter}는`,
    `${letter}은`,
    `${letter}は`,
    `${letter} は`,
    `${letter}是`,
    `${letter} 是`,
  ];
}

const OPEN_QUOTE = ['"', '“', '«', '„', '「', "'"];

/** Every letter-labelled payload-splitting pattern. */
export const PAYLOAD_LETTER_PATTERNS: readonly PhrasePattern[] = [
  // "Combine A, B and C and answer the question. A is "...", B is "...""
  {
    rule: R,
    lang: '*',
    groups: [COMBINE, ACT, letterIs('a'), OPEN_QUOTE, letterIs('b'), OPEN_QUOTE],
    gaps: [30, 80, 2, 80, 2],
  },
];
