/**
 * @module safety/rules-override
 * Instruction override in 18 languages: "ignore / disregard / forget previous instructions",
 * "everything you were told", "the previous system prompt is obsolete", "new instructions".
 * Phrases are general wording of the attack, never lines copied from a corpus file.
 */
import { orderedPatterns, type PhrasePattern } from './phrase-pattern.js';
import { ABOVE_I18N_PATTERNS } from './rules-above-i18n.js';
import { FRAME_PATTERNS } from './rules-frames-i18n.js';
import { OUTPUT_FORCING_I18N_PATTERNS } from './rules-output-forcing-i18n.js';

const R = 'override.ignore-previous';

interface LangTable {
  readonly verbs: readonly string[];
  readonly quals: readonly string[];
  readonly objects: readonly string[];
  /** What "you were told" looks like; verb + told is an override on its own. */
  readonly told?: readonly string[];
  /**
   * A relative clause "(the rules) you were given / that you received" after the object: verb,
   * object, clause ("olvida las indicaciones que te di", "vergiss die Regeln, die du bekommen
   * hast"). Without the object it is "forget the link I gave you".
   */
  readonly givenAfter?: readonly string[];
  readonly orders: readonly ('VQO' | 'VOQ' | 'QOV' | 'VO' | 'OV')[];
  readonly gap?: number;
}

const TABLES: Readonly<Record<string, LangTable>> = {
  en: {
    verbs: [
      'ignor*',
      'disregard*',
      'forget',
      'forgetting',
      'overlook*',
      'discard*',
      'abandon*',
      'set aside',
      'pay no attention to',
      'do not follow',
      "don't follow",
      'stop following',
      'no longer follow',
      'neglect',
      'throw away',
      'regardless of',
      'instead of following',
      'never mind',
      'nevermind',
      'scrap',
      'dismiss',
    ],
    quals: [
      'previous',
      'prior',
      'above',
      'earlier',
      'preceding',
      'foregoing',
      'all',
      'your',
      'original',
      'initial',
      'old',
      'existing',
      'system',
      'any previous',
      'every',
    ],
    objects: [
      'instruction*',
      'information',
      'assignments',
      'guidance',
      'advice',
      'protocols',
      'directive*',
      'prompt*',
      'guideline*',
      'rules',
      'commands',
      'directions',
      'orders',
      'programming',
      'constraints',
      'restrictions',
      'tasks',
      'task',
      'context',
    ],
    told: ['told', 'instructed', 'been given', 'programmed', 'taught', 'asked to do', 'were given'],
    orders: ['VQO'],
  },
  es: {
    verbs: [
      'ignora*',
      'olvid*',
      'descarta*',
      'omite',
      'omitir',
      'haz caso omiso',
      'no hagas caso',
      'pasa por alto',
      'desatiende',
      'desestima*',
      'no sigas',
      'deja de lado',
      // the formal imperative ("Por favor, ignore las indicaciones previas"); not "no tengas en
      // cuenta", which a guide uses for a branch ("si usas Windows, no tengas en cuenta ...")
      'ignore',
      'ignoren',
    ],
    quals: [
      'anterior*',
      'previa*',
      'previo*',
      'todas',
      'todos',
      'tus',
      'sus',
      'de antes',
      'hasta ahora',
      'esas',
      'originales',
      // a participle between the object and "before": a stem match ends inside the object word
      'dadas anteriormente',
      'dadas previamente',
      'recibidas anteriormente',
      'que te dieron',
      'que se te dieron',
    ],
    objects: [
      'instrucci*',
      'indicaci*',
      'directrices',
      'reglas',
      'ordenes',
      'consignas',
      'normas',
      'tareas',
    ],
    told: [
      'se te ha indicado',
      'se te indico',
      'se te ha instruido',
      'te han instruido',
      'se te ha pedido',
      'te indicaron',
      'te dijeron',
      'te han dicho',
      'se te ha dicho',
      'se te dijo',
      'te han indicado',
    ],
    givenAfter: [
      'que te di',
      'que te dieron',
      'que recibiste',
      'que se te dieron',
      'que has recibido',
    ],
    orders: ['VQO', 'VOQ'],
  },
  pt: {
    verbs: [
      'independentemente',
      'ignor*',
      'esquec*',
      'esqueca',
      'desconsider*',
      'despreze',
      'nao siga',
      'deixe de lado',
      'descarte',
      'nao preste atencao',
      'nao prestem atencao',
    ],
    quals: [
      'anterior*',
      'previa*',
      'todas',
      'todos',
      'suas',
      'tuas',
      'de antes',
      'essas',
      'originais',
      'dadas anteriormente',
      'dadas previamente',
      'recebidas anteriormente',
      'que lhe foram dadas',
      'que te foram dadas',
    ],
    objects: ['instruc*', 'ordens', 'regras', 'diretrizes', 'orientac*', 'comandos', 'tarefas'],
    told: [
      'lhe foi instruido',
      'te foi instruido',
      'lhe foi indicado',
      'lhe foi pedido',
      'lhe foi dito',
      'te foi dito',
      'te disseram',
      'lhe disseram',
    ],
    givenAfter: [
      'que voce recebeu',
      'que recebeu',
      'que te deram',
      'que lhe deram',
      'que lhe foram dadas',
    ],
    orders: ['VQO', 'VOQ'],
  },
  fr: {
    verbs: [
      'ignor*',
      'oubli*',
      'ne tiens pas compte',
      'ne tenez pas compte',
      'fais abstraction',
      'faites abstraction',
      'neglig*',
      'ne suis pas',
      'ne suivez pas',
      'laisse tomber',
    ],
    quals: [
      'precedent*',
      'anterieur*',
      'tout*',
      'vos',
      'tes',
      'ci-dessus',
      "d'avant",
      'deja',
      'initiales',
      'originales',
    ],
    objects: ['instruction*', 'consigne*', 'directive*', 'regle*', 'ordres', 'taches'],
    told: [
      "on t'a indique",
      'on vous a indique',
      "on t'a demande",
      'on vous a demande',
      'vous a ete indique',
      "qu'on t'a dit",
      "qu'on vous a dit",
      'vous a ete dit',
      "t'a ete dit",
      'recu des instructions',
    ],
    givenAfter: [
      'que vous avez recu*',
      'que tu as recu*',
      "qu'on t'a donne*",
      "qu'on vous a donne*",
    ],
    orders: ['VQO', 'VOQ'],
  },
  de: {
    verbs: [
      'ignorier*',
      'vergiss',
      'vergessen',
      'vergesst',
      'missacht*',
      'beachte nicht',
      'beachten sie nicht',
      'ubergeh*',
      'verwirf',
      'verwerfen',
      'setze dich uber',
      'setzen sie sich uber',
      'hore nicht auf',
      'hor nicht auf',
      'horen sie nicht auf',
      'abweichend zu',
      'abweichend von',
      'entgegen',
    ],
    quals: [
      'vorherig*',
      'bisherig*',
      'alle',
      'alles',
      'deine',
      'ihre',
      'obige*',
      'fruhere*',
      'vorangegangen*',
      'vorigen',
      'ursprunglich*',
      'anderen',
      'zuvor',
    ],
    objects: [
      'anweisung*',
      'instruktion*',
      'regeln',
      'vorgaben',
      'befehle',
      'anordnung*',
      'richtlinien',
      'aufgaben',
      'auftrage',
      'informationen',
      'ausfuhrungen',
      'hinweise',
      'gesagte',
    ],
    told: ['dir gesagt', 'ihnen gesagt', 'gesagt wurde', 'aufgetragen'],
    givenAfter: [
      'die du bekommen hast',
      'die du erhalten hast',
      'die dir gegeben wurden',
      'die sie erhalten haben',
    ],
    orders: ['VQO', 'QOV'],
  },
  // Dutch: "negeer alle eerdere instructies", "vergeet al je vorige opdrachten", "houd geen
  // rekening met de bovenstaande regels". No bare "je" / "jouw" among the qualifiers and no
  // "taken": "vergeet je taken niet" is a reminder (and a negated verb is one too, see
  // rules-context-i18n.ts)
  nl: {
    verbs: [
      'negeer',
      'negeert',
      'negeren',
      'vergeet',
      'vergeten',
      'veronachtzaam',
      'houd geen rekening met',
      'hou geen rekening met',
      'houdt geen rekening met',
      'let niet op',
      'volg niet',
      'schuif terzijde',
      'gooi overboord',
      'laat varen',
      'wijk af van',
    ],
    quals: [
      'alle',
      'al je',
      'al jouw',
      'al uw',
      'vorige',
      'eerdere',
      'voorgaande',
      'bovenstaande',
      'oorspronkelijke',
      'oude',
      'andere',
    ],
    objects: [
      'instructies',
      'instructie',
      'opdrachten',
      'aanwijzingen',
      'regels',
      'richtlijnen',
      'bevelen',
      'orders',
      'systeemprompt',
    ],
    told: ['je is verteld', 'je is opgedragen', 'u is verteld', 'u is opgedragen', 'je gezegd is'],
    // the infinitive goes last: "je moet alle eerdere instructies negeren"
    orders: ['VQO', 'QOV'],
  },
  it: {
    verbs: [
      'ignora*',
      'ignori',
      'dimentica*',
      'trascura*',
      'non considerare',
      'non tenere conto',
      'lascia perdere',
      'non seguire',
      'non prestare attenzione',
      'non badare',
    ],
    quals: [
      ...['precedent*', 'tutte', 'tutti', 'tue', 'sue', 'di prima', 'sopra', 'originali'],
      ...['in precedenza', 'date in precedenza', 'ricevute in precedenza', 'ricevute finora'],
    ],
    objects: ['istruzion*', 'regole', 'direttive', 'indicazion*', 'ordini', 'comandi', 'compiti'],
    told: [
      'ti e stato indicato',
      'ti e stato chiesto',
      'ti hanno istruito',
      'ti e stato ordinato',
      'ti e stato detto',
      'vi e stato detto',
      'ti hanno detto',
      'le e stato detto',
    ],
    givenAfter: [
      'che ti sono state date',
      'che hai ricevuto',
      'che ti hanno dato',
      'che ti sono stati dati',
    ],
    orders: ['VQO', 'VOQ'],
  },
  ru: {
    verbs: [
      'игнорир*',
      'забуд*',
      'забыть',
      'забей',
      'не обращай*',
      'пренебре*',
      'отбрось*',
      'не следуй',
      'не слушай',
      'отмени',
      // the perfective "проигнорируй(те)"
      'проигнорир*',
    ],
    quals: [
      'предыдущ*',
      'прежн*',
      'все',
      'выше',
      'ваши',
      'твои',
      'ранее',
      'старые',
      'данные тебе',
      'исходн*',
    ],
    objects: ['инструкци*', 'указани*', 'правил*', 'команд*', 'директив*', 'промпт*', 'задани*'],
    told: ['тебе было указано', 'тебе поручили', 'говорили', 'сказали', 'велели', 'было сказано'],
    givenAfter: [
      'которые тебе дали',
      'которые вам дали',
      'которые ты получил',
      'которые вы получили',
    ],
    orders: ['VQO', 'VOQ'],
  },
  tr: {
    verbs: [
      'bağımsız',
      'yok say*',
      'gormezden gel*',
      'unut*',
      'goz ardi',
      // the dotless ı is not folded to i: "göz ardı" needs its own spelling
      'göz ardı',
      'dikkate alma*',
      'umursama*',
      'onemseme*',
      'uyma',
    ],
    quals: [
      'onceki',
      'tum',
      'butun',
      'yukarıdaki',
      'yukaridaki',
      'daha onceki',
      'sana verilen',
      'eski',
      'mevcut',
    ],
    objects: ['talimat*', 'kural*', 'komut*', 'yonerge*', 'direktif*', 'gorev*'],
    told: ['talimat verilen', 'talimat verildi', 'soylenen*', 'soylendi*', 'soylenmis'],
    orders: ['QOV', 'VQO'],
  },
  ar: {
    verbs: [
      ...['تجاهل', 'انس', 'تغاض', 'اهمل', 'لا تتبع', 'لا تلتزم', 'تخط', 'اترك', 'اغفل', 'تناس'],
      // "pay no heed / no attention to" (not "do not bother with", a guide's "لا تهتم ب... إذا")
      ...['لا تلتفت', 'لا تلتفتي', 'لا تعر', 'لا تعيري'],
    ],
    quals: ['السابقة', 'سابقة', 'السابق', 'كل', 'جميع', 'من قبل', 'الاصلية', 'القديمة'],
    objects: ['تعليمات', 'ارشادات', 'اوامر', 'قواعد', 'توجيهات', 'الاوامر', 'المهام'],
    told: ['طلب منك', 'امرت به', 'تم توجيهك', 'قيل لك', 'تم اخبارك'],
    givenAfter: ['التي اعطيت لك', 'التي تلقيتها', 'المعطاة لك', 'التي قدمت لك'],
    orders: ['VQO', 'VOQ'],
  },
  hi: {
    verbs: [
      'परवाह किए बिना',
      'भूल',
      'अनदेखा',
      'अनदेखी',
      'अवहेलना',
      'नजरअंदाज',
      'नज़रअंदाज़',
      'उपेक्षा',
      'ध्यान न दें',
      'मत मानो',
      'नजर डालें',
      'इग्नोर',
      // "pay no attention", in the familiar and the polite forms (not "do not follow": "पुराने
      // निर्देशों का पालन न करें, नया गाइड देखें" sends the reader to a newer guide)
      ...['ध्यान मत दो', 'ध्यान मत दें', 'ध्यान मत दीजिए', 'ध्यान न दो', 'ध्यान न दीजिए'],
    ],
    quals: [
      'तुम्हें दिए गए',
      'आपको दिए गए',
      'आपको दी गई',
      'पिछले',
      'पूर्व',
      'पहले',
      'सभी',
      'अपने',
      'पुराने',
      'ऊपर',
    ],
    objects: ['निर्देश', 'नियम', 'आदेश', 'हिदायत', 'कार्य', 'सूचना'],
    told: [
      'निर्देश दिया गया',
      'निर्देश दिए गए',
      ...['बताया गया', 'कहा गया'],
      // "everything that was said / told" (the whole of it: "what was said" alone is prose)
      ...['कही गई सभी बातें', 'कही गई सारी बातें', 'कही गई हर बात', 'कहा गया सब कुछ'],
      ...['बताई गई सभी बातें', 'बताई गई सारी बातें', 'बताया गया सब कुछ'],
    ],
    orders: ['QOV', 'VQO'],
  },
  bn: {
    verbs: [
      ...['উপেক্ষা', 'ভুলে', 'অগ্রাহ্য', 'অবহেলা'],
      // "pay no heed", polite and familiar (not "do not follow": a guide sends readers to a newer one)
      ...['পাত্তা দেবেন না', 'পাত্তা দিও না', 'কান দেবেন না', 'কান দিও না'],
    ],
    quals: ['তোমাকে দেওয়া', 'আপনাকে দেওয়া', 'আগের', 'পূর্ববর্তী', 'সব', 'আপনার', 'পূর্বের'],
    objects: ['নির্দেশ', 'নিয়ম', 'আদেশ'],
    told: ['নির্দেশ দেওয়া হয়েছিল', 'বলা হয়েছিল', 'বলা হয়েছে'],
    orders: ['QOV'],
  },
  vi: {
    verbs: [
      'quên',
      'bỏ qua',
      'phớt lờ',
      'lờ đi',
      'bất kể',
      'không tuân theo',
      'đừng làm theo',
      'gạt bỏ',
      'đừng để ý',
      'đừng quan tâm',
    ],
    quals: [
      'mà bạn đã được',
      'mà bạn nhận được',
      'được đưa cho bạn',
      'trước',
      'trước đó',
      'tất cả',
      'của bạn',
      'những',
      'các',
      'cũ',
    ],
    objects: ['hướng dẫn', 'chỉ dẫn', 'chỉ thị', 'quy tắc', 'mệnh lệnh', 'lệnh', 'nhiệm vụ'],
    told: [
      'bạn đã được chỉ dẫn',
      'bạn đã được hướng dẫn',
      'bạn đã được yêu cầu',
      'đã được bảo',
      'được nói',
    ],
    orders: ['VQO', 'VOQ', 'VO'],
    gap: 14,
  },
  id: {
    verbs: [
      'abaikan',
      'lupakan',
      'jangan ikuti',
      'acuhkan',
      'jangan hiraukan',
      'tidak usah ikuti',
      'terlepas dari',
    ],
    quals: [
      'yang diberikan kepadamu',
      'yang diberikan kepada anda',
      'yang kamu terima',
      'sebelumnya',
      'semua',
      'anda',
      'kamu',
      'di atas',
      'lama',
    ],
    objects: ['instruksi', 'petunjuk', 'perintah', 'aturan', 'arahan', 'tugas'],
    told: [
      'diinstruksikan kepadamu',
      'diinstruksikan kepada anda',
      'diperintahkan kepadamu',
      'dikatakan',
      'diberitahukan',
    ],
    orders: ['VQO', 'VOQ'],
  },
  tl: {
    verbs: [
      'kalimutan',
      'balewalain',
      'huwag pansinin',
      'huwag sundin',
      'wag pansinin',
      'isantabi',
      // the polite "paki-" form, and the bare infinitive
      'pakibalewala',
      'ibalewala',
      'pakiwalang-bahala',
      'huwag intindihin',
    ],
    quals: [
      'ibinigay sa iyo',
      ...['nauna', 'naunang', 'lahat', 'iyong', 'mga nauna', 'dati'],
      ...['nakaraang', 'nakaraan', 'dating', 'ibinigay sa iyo'],
    ],
    // with the linker '-ng' before a relative clause ("mga patakarang ibinigay sa iyo")
    objects: [
      'tagubilin',
      'instruksyon',
      'utos',
      'panuto',
      'patakaran',
      'patakarang',
      'tagubiling',
    ],
    told: ['iniutos sa iyo', 'sinabi sa iyo', 'itinuro sa iyo'],
    orders: ['VQO', 'VOQ', 'VO'],
    gap: 16,
  },
  th: {
    // "forget" only with a word that makes it an order: a bare ลืม is inside อย่าลืม ("don't
    // forget": "อย่าลืมคำสั่ง npm install"); not ละเว้น ("omit", "skip this command if ...")
    verbs: [
      ...['อย่าสนใจ', 'อย่าไปสนใจ', 'เพิกเฉย', 'ไม่ต้องสนใจ', 'ไม่ต้องทำตาม'],
      ...['จงลืม', 'โปรดลืม', 'กรุณาลืม'],
      // "neglect" only as a polite order: a bare ละเลย is in "ห้ามละเลยคำสั่ง" ("never neglect")
      ...['จงละเลย', 'โปรดละเลย', 'กรุณาละเลย'],
    ],
    quals: ['ก่อนหน้า', 'ทั้งหมด', 'ของคุณ'],
    objects: ['คำแนะนำ', 'คำสั่ง', 'กฎ', 'ข้อกำหนด'],
    told: ['ได้รับคำสั่งมาก่อน', 'ที่คุณได้รับคำสั่ง'],
    orders: ['VO', 'VQO'],
    gap: 12,
  },
  zh: {
    verbs: [
      '不用再遵守',
      '不用遵守',
      '不必再遵守',
      '无需遵守',
      '不再需要遵守',
      '忽略',
      '无视',
      '忽视',
      '不要理会',
      '不理会',
      '忘记',
      '忘掉',
      '忘了',
      '抛开',
      '丢弃',
      '放弃',
      '不用管',
      '别管',
      '無視',
      '忽視',
      '忘記',
      '拋開',
      '不要遵循',
      '不再遵循',
      '停止遵循',
      '不要遵守',
    ],
    quals: [
      '你被给予的',
      '你收到的',
      '你得到的',
      '之前',
      '以前',
      '先前',
      '上面',
      '上述',
      '前面',
      '所有',
      '你的',
      '您的',
      '原来',
      '原先',
      '原有',
      '此前',
      '以上',
      '上方',
      '一切',
      '系统',
      '系統',
      '其他',
      '其它',
    ],
    objects: [
      '指示',
      '指令',
      '说明',
      '說明',
      '规则',
      '規則',
      '提示',
      '命令',
      '要求',
      '设定',
      '設定',
      '约束',
      '限制',
      '任务',
      '守则',
      '守則',
      '准则',
      '內容',
      '内容',
      '信息',
    ],
    orders: ['VQO', 'QOV'],
    gap: 12,
  },
  ja: {
    verbs: [
      '従う必要はありません',
      '従う必要はない',
      '守る必要はありません',
      '無視',
      '忘れ',
      '従わな',
      '破棄',
      '気にしな',
    ],
    quals: [
      'あなたに与えられた',
      'あなたが受け取った',
      '以前の',
      '前の',
      '事前の',
      'これまでの',
      '上記の',
      'すべての',
      '全ての',
      '先の',
      '今までの',
      '以前',
      '元の',
    ],
    objects: ['指示', '命令', 'ルール', '指令', '設定', 'プロンプト', '規則', '説明', 'タスク'],
    told: ['言われた', '指示された'],
    orders: ['QOV', 'VQO'],
    gap: 14,
  },
  el: {
    verbs: [
      'αγνοησ*',
      'αγνοηστε',
      'αγνοειστε',
      'ξεχασε',
      'ξεχαστε',
      'παραβλεψε',
      'παραβλεψτε',
      'μην ακολουθεις',
      'μην ακολουθειτε',
      'αψηφησε',
    ],
    quals: ['προηγουμεν*', 'ολες', 'ολα', 'ολους', 'παλιες', 'αρχικες', 'πανω', 'σου', 'σας'],
    objects: ['οδηγι*', 'εντολ*', 'κανον*', 'πληροφορι*', 'καθοδηγησ*'],
    told: ['σου ειπαν', 'σας ειπαν', 'σου ειπα'],
    orders: ['VQO'],
  },
  ko: {
    verbs: ['무시', '잊어', '잊으', '잊고', '따르지', '신경 쓰지'],
    quals: [
      '너에게 주어진',
      '당신에게 주어진',
      '이전',
      '앞의',
      '모든',
      '위의',
      '기존',
      '지금까지의',
      '앞서',
      '원래',
    ],
    objects: ['지시', '지침', '명령', '규칙', '프롬프트', '설명', '안내', '작업', '내용'],
    told: ['들은', '말한'],
    orders: ['QOV', 'VQO'],
    gap: 16,
  },
};

function build(): PhrasePattern[] {
  const out: PhrasePattern[] = [];
  for (const [lang, t] of Object.entries(TABLES)) {
    out.push(
      ...orderedPatterns(R, lang, {
        verbs: t.verbs,
        quals: t.quals,
        objects: t.objects,
        orders: t.orders,
        ...(t.gap === undefined ? {} : { gap: t.gap }),
      }),
    );
    if (t.givenAfter !== undefined)
      out.push({ rule: R, lang, groups: [t.verbs, t.objects, t.givenAfter], gaps: [24, 12] });
    if (t.told !== undefined) {
      const sov = t.orders[0] === 'QOV';
      out.push({
        rule: R,
        lang,
        groups: sov ? [t.told, t.verbs] : [t.verbs, t.told],
        gaps: [32],
      });
    }
  }
  return out;
}

/** Languages the override rule covers. */
export const OVERRIDE_LANGUAGES: readonly string[] = Object.keys(TABLES).sort();

const OBSOLETE_QUALS = [
  'previous',
  'prior',
  'above',
  'old',
  'original',
  'earlier',
  'system',
  'initial',
  'preceding',
];
const OBSOLETE_OBJECTS = [
  'instructions',
  'system prompt',
  'prompt',
  'rules',
  'directives',
  'guidelines',
  'orders',
];
const OBSOLETE_STATES = [
  'obsolete',
  'void',
  'invalid',
  'cancel*',
  'revoked',
  'no longer apply',
  'no longer valid',
  'no longer in effect',
  'no longer relevant',
  'outdated',
  'out of date',
  'superseded',
  'null and void',
  'have changed',
  'has changed',
  'are wrong',
  'were a test',
  'was a test',
  'are fake',
  'do not apply',
  "don't apply",
  'expired',
  'deprecated',
  'lifted',
  'suspended',
  'removed',
  'disabled',
  'overridden',
  'replaced',
];

const SAY: Readonly<Record<string, readonly (readonly string[])[]>> = {
  en: [
    ['ignore', 'disregard'],
    [
      'and state',
      'and say',
      'and instead',
      'and output',
      'and print',
      'and respond',
      'and reply',
      'and tell',
      'and write',
      'and answer',
      'and just say',
      'and only say',
      'and claim',
      'and insist',
      ', state',
      ', say',
      'and declare',
      // "and admit / confess that ...": the planted statement voiced as a confession
      'and admit that',
      'and confess that',
    ],
  ],
  fr: [
    ['ignor*'],
    [
      'et indique*',
      'et dis',
      'et dites',
      'et ecri*',
      'et affich*',
      'et repond*',
      'et imprim*',
      'et declare*',
      'et affirm*',
      'et admets que',
      'et admettez que',
      'et reconnais que',
      'et reconnaissez que',
    ],
  ],
  de: [
    ['ignorier*'],
    [
      'und geben sie an',
      'und gib an',
      'und sag',
      // not a bare 'und sage': "und sage Bescheid" is "and let me know"
      'und sage, dass',
      'und sage dass',
      'und sage:',
      'und sagen sie',
      'und gib zu, dass',
      'und gib zu dass',
      'und geben sie zu, dass',
      'und gestehe, dass',
      'und schreib*',
      'und antworte*',
      'und erklar*',
      'und behaupte*',
      'und gib aus',
    ],
  ],
  es: [
    ['ignora*', 'ignore', 'ignoren'],
    [
      'y di',
      'y decir',
      'y diga',
      'y escrib*',
      'y respond*',
      'y afirm*',
      'y indica*',
      'y declara*',
      'y muestra',
      'y el estado:',
      'y admite que',
      'y admita que',
      'y reconoce que',
      'y reconozca que',
    ],
  ],
  pt: [
    ['ignor*'],
    [
      'e diga',
      'e dizer',
      'e escreva',
      'e responda',
      'e afirme',
      'e indique',
      'e declare',
      'e mostre',
      'e informe',
      // "and state:" machine-translated as the noun ("e o estado:"): the colon shows the payload
      'e o estado:',
      'e admita que',
      'e admite que',
      'e reconheca que',
    ],
  ],
  it: [
    ['ignora*'],
    [
      'e di',
      'e dire',
      'e dichiara*',
      'e scrivi',
      'e rispondi',
      'e afferma',
      'e indica',
      'e stampa',
      'e ammetti che',
      'e ammetti di',
      'e ammetta che',
      'e riconosci che',
    ],
  ],
  ru: [
    ['игнорир*', 'проигнорир*', 'не обращай*'],
    [
      'и скажи',
      'и скажите',
      'и напиши',
      'и напишите',
      'и ответь',
      'и укажи',
      'и выведи',
      'и сообщи',
      'и состояние:',
      'и признай, что',
      'и признайте, что',
    ],
  ],
  tr: [
    ['yok say', 'gormezden gel'],
    [' ve '],
    ['belirt*', 'soyle*', 'yaz*', 'yanitla*', 'yanıtla*', 'de ki', 'kabul et*'],
  ],
  hi: [['अनदेखा', 'नजरअंदाज', 'उपेक्षा'], ['और'], ['बता', 'कहें', 'कहो', 'लिखें', 'लिखो', 'स्वीकार कर']],
  bn: [['উপেক্ষা'], ['এবং', 'ও'], ['বলুন', 'বলো', 'লিখুন', 'জানান', 'স্বীকার কর']],
  ar: [
    ['تجاهل', 'اهمل'],
    ['وقل', 'و قل', 'واذكر', 'واكتب', 'وأجب', 'واجب', 'وصرح', 'وذكر', 'واعترف', 'و اعترف', 'واقر'],
  ],
  zh: [
    ['忽略', '无视', '忽视', '無視', '忽視'],
    [
      '并说',
      '并声明',
      '并输出',
      '并回答',
      '并表示',
      '然后说',
      '并指出',
      '並說',
      '並聲明',
      '并告诉',
      '和状态:',
      '并承认',
      '然后承认',
    ],
  ],
  ja: [
    ['無視して', '無視し'],
    ['と述べ', 'と言', 'と書', 'と答え', 'と出力', 'と表示', 'ことを認め', 'と認め'],
  ],
  ko: [['무시하고'], ['말하', '라고', '출력', '작성', '답하', '인정하']],
  vi: [
    ['bỏ qua', 'phớt lờ'],
    [
      'và nói',
      'và viết',
      'và trả lời',
      'và cho biết',
      'và khẳng định',
      'và nêu',
      'và thừa nhận rằng',
    ],
  ],
  id: [
    ['abaikan'],
    [
      'dan katakan',
      'dan nyatakan',
      'dan tulis',
      'dan jawab',
      'dan sebutkan',
      'dan tunjukkan bahwa',
      'dan akui bahwa',
      'dan mengakui bahwa',
    ],
  ],
  tl: [
    ['balewalain', 'huwag pansinin'],
    ['at sabihin', 'at isulat', 'at sagutin', 'at ipahayag', 'at aminin na'],
  ],
  th: [
    ['ไม่ต้องสนใจ', 'อย่าสนใจ', 'เพิกเฉย'],
    [
      ...['และบอกว่า', 'แล้วบอกว่า', 'และพูดว่า', 'แล้วพูดว่า', 'และตอบว่า', 'แล้วตอบว่า'],
      ...['และยอมรับว่า', 'แล้วยอมรับว่า', 'และระบุว่า', 'แล้วระบุว่า'],
    ],
  ],
};

const FORGET_THAT = [
  'forget about that',
  'forget about it',
  'forget that,',
  'never mind that',
  'nevermind that',
  'scratch that',
  'olvida eso',
  'olvídate de eso',
  'esquece isso',
  'esqueça isso',
  'oublie ça',
  'oubliez ça',
  'vergiss das',
  'lascia perdere',
  'dimentica tutto',
  'забудь об этом',
  'забудь это',
  'bunu unut',
  'انس ذلك',
  'انسى ذلك',
  'उसके बारे में भूल जाओ',
  'इसके बारे में भूल जाओ',
  'ลืมเรื่องนั้น',
  '算了',
  '别管那个',
  'それは忘れて',
  '그건 잊어',
  'lupakan itu',
  'quên điều đó đi',
  'kalimutan mo na iyon',
];

/** Verb-final languages: the imperative "ignore ..." directly followed by a colon introducing the payload. */
const IGNORE_COLON: readonly PhrasePattern[] = [
  {
    rule: 'override.ignore-and-say',
    lang: 'hi',
    groups: [['अनदेखा करें', 'उपेक्षा करें', 'नजरअंदाज करें', 'अनदेखा करो'], [':']],
    gaps: [2],
  },
  {
    rule: 'override.ignore-and-say',
    lang: 'bn',
    groups: [['উপেক্ষা করুন', 'উপেক্ষা কর'], [':']],
    gaps: [2],
  },
  {
    rule: 'override.ignore-and-say',
    lang: 'ja',
    groups: [
      ['無視して', '無視してください'],
      [':', '：'],
    ],
    gaps: [2],
  },
  {
    rule: 'override.ignore-and-say',
    lang: 'ko',
    groups: [['무시하세요', '무시하십시오', '무시해'], [':']],
    gaps: [2],
  },
  {
    rule: 'override.ignore-and-say',
    lang: 'tr',
    groups: [['yok say', 'görmezden gel', 'görmezden gelin'], [':']],
    gaps: [2],
  },
];

function sayPatterns(): PhrasePattern[] {
  return Object.entries(SAY).map(([lang, groups]) => ({
    rule: 'override.ignore-and-say',
    lang,
    groups,
    gaps: groups.length === 2 ? [40] : [40, 40],
  }));
}

/**
 * Qualifiers that point back at what came before, per language whose verb comes first: with them
 * the object can be left out ("ignore the previous.", "Игнорируй предыдущие.").
 */
const BACK_QUALS: Readonly<Record<string, readonly string[]>> = {
  en: ['previous', 'prior', 'earlier', 'preceding', 'foregoing'],
  es: ['anterior', 'anteriores', 'previas', 'previos', 'de antes'],
  pt: ['anterior', 'anteriores', 'previas', 'de antes'],
  fr: ['precedent', 'precedents', 'precedentes', 'ci-dessus', "d'avant"],
  de: ['vorherigen', 'bisherigen', 'obigen', 'fruheren', 'vorangegangenen'],
  it: ['precedenti', 'di prima', 'sopra'],
  ru: ['предыдущие', 'предыдущее', 'прежние', 'вышесказанное', 'сказанное ранее'],
  el: ['τις προηγούμενες', 'τα προηγούμενα', 'τα παραπάνω'],
  vi: ['trước đó', 'phía trên', 'ở trên'],
  id: ['sebelumnya', 'di atas'],
  tl: ['nauna', 'mga nauna'],
};

/** Words after a comma that go on with a new order ("..., and answer", "..., y responde"). */
const THEN_ORDER: Readonly<Record<string, readonly string[]>> = {
  en: ['and', 'then', 'now', 'instead', 'just'],
  es: ['y', 'ahora', 'luego'],
  pt: ['e', 'agora'],
  fr: ['et', 'maintenant'],
  de: ['und', 'jetzt'],
  it: ['e', 'ora', 'adesso'],
  ru: ['и', 'теперь', 'а'],
  el: ['και', 'τώρα'],
  vi: ['và', 'bây giờ'],
  id: ['dan', 'sekarang'],
  tl: ['at', 'ngayon'],
};

/**
 * The end of the sentence right after the qualifier: no object follows. Not a comma ("Edit: ignore
 * the previous, the fix landed in #123" goes on with prose) and not a question mark ("can we
 * ignore the previous?" asks, it does not order).
 */
const ELLIPSIS_END = ['.', ';', '!', ':', '।'];

/**
 * "Ignore the previous." with the object left out, in the verb-first languages. Its own rule,
 * weak evidence: without the object word the same words are a person taking back their own last
 * message ("Sorry, ignore the previous. I meant the staging branch."), so it stays a flag in a
 * tool's output instead of being raised to block.
 */
function ellipticalPatterns(): PhrasePattern[] {
  return Object.entries(BACK_QUALS).flatMap(([lang, quals]): PhrasePattern[] => [
    {
      rule: 'override.disregard-elliptical',
      lang,
      groups: [TABLES[lang]!.verbs, quals, ELLIPSIS_END],
      gaps: [8, 1],
    },
    {
      // after a comma only when a new order follows ("olvida las anteriores, y responde")
      rule: 'override.disregard-elliptical',
      lang,
      groups: [TABLES[lang]!.verbs, quals, [','], THEN_ORDER[lang] ?? []],
      gaps: [8, 1, 2],
    },
  ]);
}

/** Thai verbs that set something aside and are orders by themselves ("don't mind", "please ignore"). */
const THAI_SET_ASIDE = ['อย่าสนใจ', 'อย่าไปสนใจ', 'ไม่ต้องสนใจ', 'โปรดไม่สนใจ', 'กรุณาไม่สนใจ', 'เพิกเฉย'];

/** Thai "the above", "what was said". */
const THAI_ABOVE = ['ข้างต้น', 'ด้านบน', 'ที่กล่าวมา'];

/** "The above" set aside where the verb comes last (Hindi, Bengali, Turkish), and in Thai. */
const ABOVE_VERB_LAST: readonly PhrasePattern[] = [
  {
    rule: 'override.disregard-above',
    lang: 'hi',
    groups: [
      ['ऊपर', 'उपरोक्त', 'पिछली बातों', 'पहले की बातों'],
      ['अनदेखा', 'अनदेखी', 'नजरअंदाज', 'नज़रअंदाज़', 'उपेक्षा', 'भूल जा'],
    ],
    // "ऊपर लिखी सारी बातें भूल जाओ": a participle and "all the things" between
    gaps: [22],
  },
  {
    rule: 'override.disregard-above',
    lang: 'bn',
    groups: [
      ['উপরের', 'উপরোক্ত', 'আগের কথা', 'উপরে যা', 'উপরে লেখা'],
      ['উপেক্ষা', 'ভুলে যা'],
    ],
    gaps: [16],
  },
  {
    rule: 'override.disregard-above',
    lang: 'tr',
    groups: [
      [
        ...['yukarıdakileri', 'yukarıdaki her şeyi', 'öncekileri', 'önceki her şeyi'],
        ...['yukarıda yazılanları', 'yukarıda yazanları', 'yukarıda söylenenleri'],
      ],
      ['görmezden gel*', 'yok say*', 'unut*', 'dikkate alma*'],
    ],
    gaps: [4],
  },
  // Thai puts the verb first, with no object word: "อย่าสนใจข้างต้น" ("pay no attention to the
  // above"). Only verbs that are orders by themselves: not ลืม ("forget", inside อย่าลืม "don't
  // forget") nor ละเว้น ("omit", a layout word: "ละเว้นขอบด้านบน" is "leave out the top margin")
  {
    rule: 'override.disregard-above',
    lang: 'th',
    groups: [THAI_SET_ASIDE, THAI_ABOVE],
    gaps: [4],
  },
  // the bare "ไม่สนใจ" is also "not interested" ("หากไม่สนใจข้างต้น ..." is "if the above does not
  // interest you"): an order only when another order follows ("แล้วตอบว่า", "then answer") or the
  // phrase is repeated as a flood
  {
    rule: 'override.disregard-above',
    lang: 'th',
    groups: [['ไม่สนใจ'], THAI_ABOVE, ['แล้วตอบ', 'แล้วพูด', 'แล้วบอก', 'แล้วพิมพ์', 'ไม่สนใจ']],
    gaps: [4, 2],
  },
];

/** "Your new", "here are your": orders that arrive, announced as such. */
const NEW_ONES = [
  'your new',
  'your updated',
  'your revised',
  'here are your',
  'these are your',
  'a new and',
  'new secret',
];

/** The task a text gives ("your mission", "your goal is"): work, not the model's orders. */
const OWN_TASK = ['mission', 'objective', 'task is', 'purpose is', 'goal is'];

/**
 * Chinese "forget / ignore everything you were told": the whole of what the model was told. Not
 * with 忘了 or 忘记, which follow 别 / 不要 in a reminder ("别忘了我告诉你的一切", "don't forget
 * everything I told you").
 */
const ZH_TOLD_ALL: PhrasePattern = {
  rule: R,
  lang: 'zh',
  groups: [
    ['忘掉', '忽略', '无视', '忽视', '抛开', '不要理会', '無視', '忽視', '拋開'],
    [
      ...['告诉你的一切', '告诉你的所有', '对你说的一切', '跟你说的一切', '被告知的一切'],
      ...['你被告知的', '告訴你的一切', '對你說的一切', '被告知的所有'],
    ],
  ],
  gaps: [12],
};

/** Every instruction-override pattern. */
export const OVERRIDE_PATTERNS: readonly PhrasePattern[] = [
  ...build(),
  ZH_TOLD_ALL,
  // "disregard previous messages", "ignore prior inputs": earlier turns of the conversation
  // (only with a qualifier that points back, so "ignore all messages from bots" stays clean)
  {
    rule: R,
    lang: 'en',
    groups: [
      ['ignor*', 'disregard*', 'forget'],
      ['previous', 'prior', 'earlier', 'preceding', 'above'],
      ['messages', 'inputs', 'input', 'conversation', 'conversations', 'responses', 'replies'],
    ],
    gaps: [16, 4],
  },
  // "forget everything you have been told", "ignore everything from before": a wholesale reset
  // (not "forget everything you know about REST", which keeps no pointer back)
  {
    rule: R,
    lang: 'en',
    groups: [
      ['forget everything', 'ignore everything', 'disregard everything', 'erase everything'],
      [
        'from before',
        'before this',
        'before that',
        'to your core',
        'been told',
        'were told',
        'from chatgpt',
        'from chat gpt',
        'from openai',
      ],
    ],
    gaps: [40],
  },
  ...sayPatterns(),
  ...IGNORE_COLON,
  ...ellipticalPatterns(),
  ...ABOVE_VERB_LAST,
  ...FRAME_PATTERNS,
  ...ABOVE_I18N_PATTERNS,
  ...OUTPUT_FORCING_I18N_PATTERNS,
  { rule: 'override.disregard-above', lang: '*', groups: [FORGET_THAT] },
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      ['ignore', 'disregard'],
      [
        'any input',
        'all input',
        'all text',
        'all other text',
        'any text',
        'everything else',
        'any other input',
        'the text above',
        'the input above',
        'anything above',
        'input above',
      ],
    ],
    gaps: [6],
  },
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      [
        "doesn't matter what i said",
        'does not matter what i said',
        "don't care what you were told",
        'whatever you were told before',
      ],
    ],
  },
  {
    rule: 'override.output-forcing',
    lang: 'en',
    groups: [
      [
        'prepend your response with',
        'prepend your reply with',
        'prefix your reply with',
        'prefix your response with',
        'prefix your output with',
        'begin your reply with',
        'begin your response with',
        'start your reply with',
        'start your response with',
        'begin your answer with',
        'start your answer with',
        'only print',
        'only output',

        'respond only with',
        'reply only with',
        'proclaim',
        'any words besides',
        'the only words',
      ],
      ['"', "'", '[', '“', '‘', '<'],
    ],
    gaps: [2],
  },
  {
    rule: 'override.output-forcing',
    lang: 'en',
    groups: [
      [
        'say nothing else',
        'print nothing else',
        'output nothing else',
        'nothing afterwards',
        'do not say any words besides',
      ],
    ],
  },

  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      ['ignore', 'disregard', 'forget', 'skip', 'overlook'],
      [
        'the above',
        'everything above',
        'all of the above',
        'what came before',
        'everything before this',
        'everything prior',
      ],
    ],
    gaps: [4],
  },
  {
    rule: 'override.prompt-obsolete',
    lang: 'en',
    groups: [OBSOLETE_QUALS, OBSOLETE_OBJECTS, OBSOLETE_STATES],
    gaps: [12, 24],
  },
  {
    rule: 'override.prompt-obsolete',
    lang: 'en',
    groups: [
      ['end', 'end of'],
      ['out of date', 'outdated', 'old', 'previous', 'prior', 'obsolete', 'fake', 'original'],
      OBSOLETE_OBJECTS,
    ],
    gaps: [6, 6],
  },
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [
      [...NEW_ONES, 'your real', 'your actual', 'your true'],
      ['instructions', 'directives', 'system prompt', 'orders', 'prime directive'],
    ],
    gaps: [12],
  },
  { rule: 'override.new-instructions', lang: 'en', groups: [NEW_ONES, OWN_TASK], gaps: [12] },
  // "your only goal is to address the comment", "your real task is to find the flaky test, not
  // to rewrite the runner": a skill, a system prompt or a reviewer defining the task, an order put
  // above all others (info in repository files, a flag in data, like the other precedence
  // claims). "Your real instructions are ..." names the model's orders and stays above.
  {
    rule: 'override.precedence-claim',
    lang: 'en',
    groups: [
      ['your only', 'your sole', 'your one and only'],
      ['instructions', 'directives', 'orders', ...OWN_TASK],
    ],
    gaps: [12],
  },
  {
    rule: 'override.precedence-claim',
    lang: 'en',
    groups: [['your real', 'your actual', 'your true'], OWN_TASK],
    gaps: [12],
  },
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [
      [
        'the situation has changed',
        'change of plans',
        'plans have changed',
        'there has been a change',
        'instructions have changed',
        'instructions have been updated',
        'rules have changed',
        'i have changed the instructions',
        'your instructions are now',
      ],
    ],
  },
];
