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
 * the above"). General wording per language, never a line copied from a corpus item.
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
  Record<string, { verbs: readonly string[]; answer: readonly string[] }>
> = {
  vi: {
    verbs: ['bỏ qua', 'phớt lờ'],
    answer: ['và chỉ trả lời', 'và trả lời', 'và chỉ nói', 'và nói', 'rồi trả lời'],
  },
  id: { verbs: ['abaikan'], answer: ['dan jawab', 'dan hanya jawab', 'dan katakan', 'lalu jawab'] },
  tl: {
    verbs: ['balewalain', 'huwag pansinin'],
    answer: ['at sumagot', 'at sagutin', 'at sabihin', 'at isulat'],
  },
  ar: { verbs: ['تجاهل'], answer: ['واجب', 'وقل', 'و قل', 'واكتب', 'ثم اجب', 'ثم قل'] },
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
      groups: [t.verbs, ABOVE[lang]?.above ?? [], t.answer],
      gaps: [lang === 'tl' ? 20 : 4, 4],
    }),
  ),
];
