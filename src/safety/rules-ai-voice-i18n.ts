/**
 * @module safety/rules-ai-voice-i18n
 * Text that speaks as the model and switches it into a mode, in 16 languages: "As an AI developed
 * by Anthropic, I am entering a 'knowledge verification mode'" ("Como una IA desarrollada por
 * ...", "作为...开发的AI，我正在进入...模式"). A user or a document has no reason to say "as an AI
 * developed by" of itself and then "I am entering ... mode": it is the privileged-mode set-up the
 * English rules catch with "entering ... mode". Three parts on one line: the AI voice, the first
 * person entering or starting, and the mode ("Là một AI do OpenAI phát triển, nó có chế độ tối",
 * "being an AI made by OpenAI, it has a dark mode", describes a product). German has its own first-person pattern ("betrete ich einen ...modus", `rules-roles.ts`): "die von
 * OpenAI entwickelte KI" is also how news text names a product. Reported as `role.privileged-mode`.
 * General wording per language, never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** "As an AI developed / made by", per language. */
const AS_AI_BY = [
  ...['como una ia desarrollada por', 'como ia desarrollada por', 'como una ia creada por'],
  ...['como uma ia desenvolvida pela', 'como uma ia desenvolvida por', 'como uma ia criada pela'],
  ...["en tant qu'ia developpee par", "en tant qu'ia concue par", "en tant qu'ia creee par"],
  ...['come ia sviluppata da', 'in quanto ia sviluppata da'],
  ...['как ии, разработанный', 'как ии, созданный', 'будучи ии, разработанным'],
  ...[
    'tarafından geliştirilen bir yapay zeka olarak',
    'tarafından geliştirilmiş bir yapay zeka olarak',
  ],
  ...['là một ai do', 'là một trí tuệ nhân tạo do', 'sebagai ai yang dikembangkan oleh'],
  ...['sebagai ai yang dibuat oleh', 'bilang isang ai na binuo ng', 'بصفتي ذكاء اصطناعيا'],
  ...['بصفتي ذكاء اصطناعي', 'كذكاء اصطناعي طورته', 'द्वारा विकसित एक ai के रूप में'],
  ...['द्वारा विकसित एआई के रूप में', 'দ্বারা তৈরি একটি ai হিসেবে', 'দ্বারা উন্নত একটি এআই হিসাবে'],
  ...['开发的ai', '开发的人工智能', '開發的ai', '開発したaiとして', '開発されたaiとして'],
  ...['개발한 ai로서', '개발된 ai로서'],
];

/** First person entering or starting something, with the verb before the mode. */
const FIRST_PERSON_ENTER = [
  ...['estoy entrando', 'entro en', 'entrare en', 'estoy activando', 'estou entrando', 'entro no'],
  ...['entro em', 'estou ativando', "j'entre", 'je passe en', "j'active", 'sto entrando'],
  ...['entro in', 'attivo la', 'я вхожу', 'я перехожу', 'я активирую', 'вхожу в', 'перехожу в'],
  ...['tôi đang vào', 'tôi đang bước vào', 'tôi đang chuyển sang', 'tôi đang kích hoạt'],
  ...['saya memasuki', 'saya masuk ke', 'saya mengaktifkan', 'saya beralih ke', 'papasok ako'],
  ...['pumapasok ako', 'انا ادخل', 'ادخل', 'اقوم بتفعيل', 'انتقل الى', '我正在进入', '我进入'],
  ...['我将进入', '我正在启动', '我正在开启'],
];

/** "Mode", per language, after the verb. */
const MODE = [...['modo', 'mode', 'modalita', 'режим', 'chế độ', 'وضع', '模式']];

/** The mode, then the verb of entering it (Turkish, Hindi, Bengali, Japanese, Korean). */
const MODE_BEFORE_VERB = ['moduna', 'modunu', 'मोड', 'মোডে', 'モード', '모드'];

const ENTER_AFTER = [
  ...['giriyorum', 'geçiyorum', 'başlatıyorum', 'etkinleştiriyorum', 'में प्रवेश कर', 'में जा रहा'],
  ...['প্রবেশ করছি', 'に入', 'に移行', 'を開始', '에 들어갑', '로 전환합', '를 시작합'],
];

/** Every "as an AI developed by ..., I enter ... mode" pattern outside English, German and Thai. */
export const AI_VOICE_PATTERNS: readonly PhrasePattern[] = [
  {
    rule: 'role.privileged-mode',
    lang: '*',
    groups: [AS_AI_BY, FIRST_PERSON_ENTER, MODE],
    gaps: [40, 40],
  },
  // a quote or a bracket may close the mode's name before the verb ("'... moduna' giriyorum")
  {
    rule: 'role.privileged-mode',
    lang: '*',
    groups: [AS_AI_BY, MODE_BEFORE_VERB, ENTER_AFTER],
    gaps: [80, 3],
  },
];
