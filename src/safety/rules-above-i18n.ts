/**
 * @module safety/rules-above-i18n
 * "Forget everything above" in the verb-first languages whose override tables need an object
 * word: Vietnamese, Indonesian, Tagalog and Arabic ("Hãy quên mọi thứ ở trên", "Lupakan semua yang
 * di atas", "Kalimutan ang lahat ng nasa itaas", "انس كل ما سبق"). The verb must be followed at
 * once by "everything / all that is above / came before": "the table above shows" has no
 * set-aside verb, "lupakan password lama" no pointer back, and "the above" without "all"
 * ("Abaikan yang di atas jika Anda memakai Windows") is a conditional step of a guide. Nor the
 * verbs "skip / ignore" ('bỏ qua', 'abaikan', 'balewalain', 'تجاهل'), which a guide's conditional
 * step uses with "everything above" too ("Jika sudah terpasang, abaikan semua yang di atas"): the
 * pattern language has no "not after a condition", so only "forget / disregard" remain. Reported as
 * `override.disregard-above` (a flag, raised to block in a tool's output, like the English "ignore
 * the above"). With an order to answer, give or repeat right after it, the skip verbs count too
 * (and German and Russian "ignore the above and give me ..."). General wording per language,
 * never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

const R = 'override.disregard-above';

/** Per language: the set-aside verbs and "everything above / before". */
const ABOVE: Readonly<Record<string, { verbs: readonly string[]; above: readonly string[] }>> = {
  vi: {
    verbs: ['quên', 'quên đi', 'phớt lờ', 'lờ đi'],
    above: [
      'mọi thứ ở trên',
      'tất cả ở trên',
      'mọi thứ phía trên',
      'tất cả những gì ở trên',
      'mọi điều ở trên',
      'hết những gì ở trên',
      'hết mọi thứ ở trên',
    ],
  },
  id: {
    verbs: ['lupakan', 'acuhkan'],
    above: [
      'semua yang di atas',
      'semua hal di atas',
      'segala yang di atas',
      'semua yang telah dikatakan',
      'semua yang tertulis di atas',
      'semua yang ada di atas',
    ],
  },
  tl: {
    verbs: ['kalimutan', 'huwag pansinin'],
    above: [
      ...['lahat ng nasa itaas', 'lahat ng sa itaas', 'lahat ng nauna', 'lahat ng sinabi'],
      ...['lahat ng nakasulat sa itaas', 'lahat ng nakasulat'],
    ],
  },
  ar: {
    verbs: ['انس', 'انسى'],
    above: ['كل ما سبق', 'كل ما ورد اعلاه', 'كل ما قيل', 'كل ما ذكر', 'كل ما تقدم'],
  },
};

/**
 * "Skip everything above and answer / say ...": the skip verbs a guide also uses ("... and run
 * the next command", "... dan lanjut ke bagian 3" stay clean), here followed by an order to
 * answer or say, which plants the reply.
 */
const SKIP_THEN_ANSWER: Readonly<
  Record<string, { verbs: readonly string[]; above: readonly string[]; answer: readonly string[] }>
> = {
  vi: {
    verbs: ['bỏ qua', 'phớt lờ'],
    above: ['mọi thứ ở trên', 'tất cả ở trên', 'phần trên', 'ở trên', 'những gì ở trên'],
    answer: [
      ...['và chỉ trả lời', 'và trả lời', 'và chỉ nói', 'và nói', 'rồi trả lời', 'và cho tôi'],
      ...['và lặp lại', 'và nhắc lại'],
    ],
  },
  id: {
    verbs: ['abaikan'],
    above: ['semua yang di atas', 'yang di atas', 'hal di atas'],
    answer: [
      ...['dan jawab', 'dan hanya jawab', 'dan katakan', 'lalu jawab', 'dan berikan saya'],
      ...['dan beri saya', 'dan ulangi', 'dan sebutkan'],
    ],
  },
  tl: {
    verbs: ['balewalain', 'huwag pansinin'],
    above: ['lahat ng nasa itaas', 'ang nasa itaas', 'nasa itaas'],
    answer: [
      'at sumagot',
      'at sagutin',
      'at sabihin',
      'at isulat',
      'at ibigay sa akin',
      'at ulitin',
    ],
  },
  ar: {
    verbs: ['تجاهل'],
    above: ['كل ما سبق', 'ما سبق', 'ما ورد اعلاه'],
    answer: ['واجب', 'وقل', 'و قل', 'واكتب', 'ثم اجب', 'ثم قل', 'واعطني', 'واخبرني', 'وكرر'],
  },
  de: {
    verbs: ['ignoriere', 'ignorieren sie', 'vergiss'],
    above: ['das obige', 'das oben gesagte', 'das vorherige', 'alles oben'],
    answer: ['und gib', 'und sag', 'und antworte', 'und wiederhole', 'und nenne', 'und schreib'],
  },
  ru: {
    verbs: ['игнорируй', 'игнорируйте', 'проигнорируй', 'проигнорируйте'],
    above: ['вышесказанное', 'всё вышесказанное', 'написанное выше', 'сказанное выше'],
    answer: ['и назови', 'и скажи', 'и дай', 'и повтори', 'и напиши', 'и ответь'],
  },
};

/** Every "forget everything above" pattern of the verb-first languages outside the tables. */
export const ABOVE_I18N_PATTERNS: readonly PhrasePattern[] = [
  ...Object.entries(ABOVE).map(
    ([lang, t]): PhrasePattern => ({
      rule: R,
      lang,
      groups: [t.verbs, t.above],
      // "Kalimutan mo ang lahat ng ...": a pronoun and an article may sit between
      gaps: [lang === 'tl' ? 20 : 4],
    }),
  ),
  ...Object.entries(SKIP_THEN_ANSWER).map(
    ([lang, t]): PhrasePattern => ({
      rule: R,
      lang,
      groups: [t.verbs, t.above, t.answer],
      gaps: [lang === 'tl' ? 20 : 4, 4],
    }),
  ),
];
