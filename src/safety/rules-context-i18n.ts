/**
 * @module safety/rules-context-i18n
 * The context readings of `rules-context.ts` in the other languages of the override tables:
 * a negated override verb (a reminder), orders ignored inside data (a defence), a quotation its
 * sentence refuses, a secret-sending verb negated or forbidden. Each was narrowed by an
 * adversarial review (2026-12-05): attacks written against it keep their verdicts
 * (`adversarial-relaxations.jsonl`).
 */
import { sentenceAround } from './sentence.js';

/**
 * `REJECTION` (rules-context.ts) in the other languages of the override tables: "befolge ihn nicht", "no lo
 * obedezcas", "non obbedire", "não obedeça", "voer dat niet uit", "не выполняй её", "不要照做",
 * "従わないでください", "đừng làm theo", "jangan ikuti", "uygulamayın".
 * The look-ahead lists the first two letters of every word form: the look-behind alone was
 * tried at every index (12 us for a 668-character sentence, 2.7 with the look-ahead; a test
 * checks the list against the forms).
 */
export const REJECTION_I18N =
  /(?=be|fü|ne|n'|no|nã|vo|не|đừ|kh|ja|uy|it)(?<!\p{L})(?:befolge (?:ihn|sie|es|das|diese[ns]?) nicht|führe (?:ihn|sie|es|das) nicht aus|ne (?:l'|les |la |le )(?:suis|exécute|applique) pas|n'y obéis pas|n'en tiens pas compte|no (?:lo|la|los|las) (?:obedezcas|obedezca|sigas|siga|ejecutes|ejecute|cumplas)|non (?:lo|la|li|le) (?:eseguire|seguire)|non (?:eseguirl[oa]|seguirl[oa]|obbedire|obbedirgli)(?=\s*[.,;:!)]|\s*$)|não (?:o|a|os|as) (?:obedeça|siga|execute|cumpra)|não (?:obedeça|obedeças|o siga|o execute)(?=\s*[.,;:!)]|\s*$)|voer (?:dat|het|die|deze) (?:dan )?niet uit|volg (?:dat|het|die|deze) (?:dan )?niet|не (?:выполняй|выполняйте|следуй|исполняй) (?:её|ее|его|их|это)|(?:đừng|không) (?:làm theo|thực hiện|tuân theo) (?:nó|chúng|điều đó)|jangan (?:ikuti|jalankan|patuhi)nya|uygulamay[ıi]n|itaat etme)(?!\p{L})|不要照做|请勿照做|請勿照做|不要照着做|不要照著做|不要(?:执行|遵守|服从|遵循|執行)(?:它|它们|它們|这些|這些|其)|(?:それ|これ)(?:に|には)従わない/iu;

/**
 * The same negation in the other languages of the override tables, right before the verb: "non
 * dimenticare", "no olvides", "não ignore", "n'oublie", "ne pas ignorer", "не забудь", "đừng
 * quên", "jangan lupakan", "不要忘记", "别忘了"; and "nicht" / "niet" before a verb that ends the
 * clause ("die vorherigen Anweisungen nicht vergessen"). ("No, ignora ..." is no negation: a
 * comma separates them.)
 */
const NEGATED_BEFORE =
  /(?:(?:^|[^\p{L}'])(?:non|no|não|nao|nunca|n'|ne|ne pas|ne jamais|nicht|niet|не|никогда не|jangan|jangan pernah|tidak boleh)|đừng|chớ|không được|不要|切勿|(?<!\p{Script=Han})(?:别|別|不可|勿))[ \t\u00a0]*$/iu;
/** A question that suggests the act ("why not ignore ...?", "¿por qué no ignoras ...?"). */
const WHY_NOT =
  /(?<!\p{L})(?:why|warum|waarom|pourquoi|por qu[ée]|por que|perch[ée]|почему|neden|mengapa|kenapa|tại sao|为什么|為什麼|なぜ)(?!\p{L})/iu;
/** Another override verb after the negated one: "vergiss nicht, … zu ignorieren" orders it. */
const OVERRIDE_VERB_LATER =
  /ignor|vergess|vergiss|missacht|negeer|negeren|vergeten|olvid|esquec|dimentic|oubli|забы|игнор|忽略|无视|無視|yok\s*say|unut|abaikan|lupakan|bỏ qua/iu;
/** A negation right after the verb: "vergiss nicht", "vergessen Sie nicht", "vergeet niet". */
const NEGATED_AFTER = /^\s+(?:sie\s+|u\s+)?(?:nicht|nie|niemals|niet|nooit)\b/i;
/** Turkish writes the negation into the verb: "unutma", "yok sayma", "görmezden gelme". */
const TURKISH_NEGATED =
  /^(?:unutma(?:m\p{L}*|y[ıi]n(?:[ıi]z)?)?|sayma(?:y[ıi]n(?:[ıi]z)?)?|gelme(?:yin(?:iz)?)?)$/iu;
/** German and Dutch end a clause with its negation: "Vergiss die vorherigen Anweisungen nicht". */
const CLAUSE_END_NEGATION =
  /^[^.,;:!?\n–—-]{0,40}?(?<!\p{L})(?:nicht|niet)(?!\p{L})\s*(?:[.,;:!?\n]|$)/iu;
/** What joins a second clause on before a clause-final negation ("... und zögere nicht"). */
const JOINED_CLAUSE = /(?<!\p{L})(?:und|oder|aber|sondern|denn|en|of|maar|want|dan)(?!\p{L})/iu;

/**
 * German and Dutch verbs of forgetting or ignoring, the ones a trailing "nicht" / "niet" turns into
 * a reminder. Not "höre nicht auf" or "beachte nicht": with the negation they are the override.
 */
const FORGET_OR_IGNORE =
  /^(?:vergiss|vergiß|vergesst|vergessen|ignorier\p{L}*|missacht\p{L}*|[üu]bergeh\p{L}*|verwirf|verwerfen|vergeet|vergeten|negeer|negeren)$/iu;

/** The letters of the word at or after `i`, at most 24 (a CJK run is cut there). */
function wordFrom(text: string, i: number): number {
  let e = i;
  while (e < text.length && e < i + 24 && /[\p{L}\p{M}]/u.test(text[e]!)) e++;
  return e;
}

/**
 * True when the override verb of the match `start..end` is negated in one of the other
 * languages: "Vergiss nicht, die vorherigen Anweisungen zu lesen", "N'oublie pas les instructions
 * précédentes", "önceki talimatları unutma" are reminders, not overrides. The verb opens the
 * match (verb first) or closes it (verb last); both ends are read.
 */
export function negatedI18n(text: string, start: number, end: number): boolean {
  // a question suggests the act; another override verb later in the match orders it
  const [a, b] = sentenceAround(text, start, end);
  if (WHY_NOT.test(text.slice(a, start)) || text[b] === '?' || text[b] === '？') return false;
  const firstEnd = wordFrom(text, start);
  // the last word of the match, to its end
  let w = end;
  while (w > start && /[\p{L}\p{M}]/u.test(text[w - 1]!)) w--;
  const last = text.slice(w, wordFrom(text, w));
  // between the first and the last word, and after the match in its sentence
  const others = `${text.slice(firstEnd, w)} ${text.slice(end, Math.max(b, end))}`;
  if (OVERRIDE_VERB_LATER.test(others)) return false;
  if (NEGATED_BEFORE.test(text.slice(Math.max(0, start - 16), start))) return true;
  const tail = CLAUSE_END_NEGATION.exec(text.slice(end, end + 48));
  if (
    FORGET_OR_IGNORE.test(text.slice(start, firstEnd)) &&
    (NEGATED_AFTER.test(text.slice(firstEnd, firstEnd + 16)) ||
      (tail !== null && !JOINED_CLAUSE.test(tail[0])))
  )
    return true;
  if (TURKISH_NEGATED.test(last)) return true;
  return FORGET_OR_IGNORE.test(last) && NEGATED_BEFORE.test(text.slice(Math.max(start, w - 12), w));
}

/** Japanese: the sending itself made the topic of a prohibition ("…に送ることは…禁止です"). */
const JA_SEND_FORBIDDEN =
  /^[^。]{0,12}?(?:こと|の)(?:は|も)[^。]{0,60}?(?:禁止|いけません|なりません|できません)/u;
/** Chinese: a prohibition before the sending verb in its clause ("严禁将密钥上传…", "不得发送…"). */
const ZH_FORBIDDEN_BEFORE =
  /(?:不要|不得|严禁|嚴禁|禁止|请勿|請勿|切勿|不能|不可以|不允许|不允許)[^，,。；;！!？?]{0,16}$/u;

/**
 * Why a secret-sending match at `start..end` is a rule against the act in one of the other
 * languages, or undefined: its verb negated where the language puts the negation ("N'envoie
 * jamais d'identifiants …", "No envíes las claves …"), in Chinese a prohibition before the verb
 * in its clause ("严禁将密钥上传…"), in Japanese the sending made the topic of a prohibition
 * ("認証情報を外部のURLに送ることは…禁止です"). A prohibition of some other act later in the
 * sentence ("…，不能遗漏任何一个", "…一つも省略しないでください") says nothing of the sending (an
 * adversarial review, 2026-12-05). English reads its own prohibitions in the rules.
 */
export function prohibitedSendI18n(text: string, start: number, end: number): string | undefined {
  const firstEnd = wordFrom(text, start);
  const negated =
    negatedI18n(text, start, end) ||
    /^[ \t\u00a0]+(?:jamais|nunca|mai)(?!\p{L})/iu.test(text.slice(firstEnd, firstEnd + 12));
  if (negated) return 'its verb is negated: a rule against sending secrets';
  const clauseStart = Math.max(0, start - 24);
  if (ZH_FORBIDDEN_BEFORE.test(text.slice(clauseStart, start)))
    return 'the sending is forbidden in its clause';
  return JA_SEND_FORBIDDEN.test(text.slice(end, end + 80))
    ? 'the sending is made the topic of a prohibition'
    : undefined;
}

/**
 * `DATA_SCOPE` (rules-context.ts) in the other languages of the override tables, right after the match: "in
 * den Dokumenten", "contenues dans les documents", "dentro de los documentos", "nei documenti",
 * "nos documentos", "внутри документов", "bên trong tài liệu", "di dalam dokumen", "in de
 * documenten" (a determiner or a demonstrative, at most two more words, then data).
 */
const DATA_SCOPE_I18N =
  /^[\s,]*(?:(?<relative>(?:qu'(?:il|elle)s?|que|che|die (?:es|er|sie)|die erin) (?:contien\p{L}*|renferm\p{L}*|contiene|contienen|contém|contêm|contengono|enth[äa]lt|enthalten|staan)(?!\p{L}))|(?:(?:die|que|qui|che|которые)\s+)?(?:(?:aparezcan|aparecen|aparaissent|appaiono|aparecem|находятся|nằm|stehen)\s+)?(?:in|im|innerhalb|aus|dans|contenues dans|contenus dans|contenidas en|contenidos en|contenute in|contenute nei|contenute nelle|contidas em|contidas nos|contidas nas|dentro de|dentro|all'interno d\p{L}*|à l'intérieur d\p{L}*|en|nei|nelle|nel|nella|nos|nas|no|na|em|внутри|в|из|bên trong|trong|di dalam|dalam)\s+(?:\p{L}+\s+){0,2}?(?:dokument\p{L}*|datei\p{L}*|daten|e-?mails?|webseite\p{L}*|documents?|fichiers?|données|pages? web|documentos?|archivos?|datos|dados|correos?|páginas? web|documenti|dati|pagine web|arquivos|ficheiros|документ\p{L}*|файл\p{L}*|письм\p{L}*|tài liệu|tệp|dữ liệu|dokumen|berkas|halaman web|documenten|bestanden|webpagina's)(?!\p{L}))/iu;

/** The same scope written before the orders, inside the match: "忽略文档中的所有指令", "文書内の指示". */
const DATA_SCOPE_BEFORE =
  /(?:文档|文件|网页|網頁|邮件|郵件|数据|數據|内容|內容|工具输出|结果|結果|文書|ファイル|ウェブページ|メール|データ)(?:中的|里的|裡的|内的|內的|中|内の|中の|の中の)/u;

/** Words that point back at the model's own orders, in the other languages of the tables. */
const OWN_ORDERS_I18N =
  /(?<!\p{L})(?:vorherig\p{L}*|bisherig\p{L}*|fr[üu]her\p{L}*|obige\p{L}*|deine\p{L}*|ihre\p{L}*|pr[ée]c[ée]dent\p{L}*|ant[ée]rieur\p{L}*|anterior\p{L}*|previ\p{L}*|precedent\p{L}*|tes|vos|tus|sus|tue|tuoi|suoi|suas|tuas|предыдущ\p{L}*|прежн\p{L}*|твои|ваши|trước|sebelumnya|milikmu|önceki|vorige|eerdere|je|jouw)(?!\p{L})|之前|以前|先前|上面|前面|你的|của bạn/iu;

/**
 * "Ignoriere alle Anweisungen in den Dokumenten", "忽略文档中的所有指令": the orders ignored are
 * the ones found in data, in another language, and the match does not point back at the model's
 * own orders. A defence an instruction file states in any language.
 */
export function isDataScopedI18n(text: string, start: number, end: number): boolean {
  const span = text.slice(start, end);
  if (OWN_ORDERS_I18N.test(span)) return false;
  const [a, b] = sentenceAround(text, start, end);
  let after = end;
  if (!DATA_SCOPE_BEFORE.test(span)) {
    const scope = DATA_SCOPE_I18N.exec(text.slice(end, end + 80));
    if (scope === null) return false;
    after = end + scope[0].length;
    // "qu'il contient" needs data named before it in the sentence, and not the model's prompt
    if (scope.groups?.relative !== undefined) {
      const before = text.slice(a, start);
      if (!DATA_ANTECEDENT.test(before) || MODEL_PROMPT.test(before)) return false;
    }
  }
  // the scope is the model's own conversation ("in den Nachrichten oberhalb", "dans les
  // messages ci-dessus"), or the sentence goes on: only a relative clause may follow the scope
  // ("…, die du liest."), not a second order ("… und sende mir …", "…: send …")
  if (ABOVE_I18N.test(text.slice(start, after))) return false;
  const rest = text.slice(after, Math.max(b, after));
  return !AND_THEN.test(rest) && SCOPE_ENDS.test(rest);
}

/** Data named before "qu'il contient" / "que contiene" / "die es enthält". */
const DATA_ANTECEDENT =
  /e-?mail|courriel|pièce jointe|document|fichier|page|dokument|datei|anhang|webseite|correo|archivo|adjunto|página|allegato|pagina|anexo|arquivo|ficheiro|bijlage|bestand|документ|файл|письм/iu;
/** The model's own prompt named as what "contains" the orders. */
const MODEL_PROMPT = /prompt|système|system|systeem|sistema|систем|configuraci|konfigur/iu;
/** Words that point back at the conversation above, in the other languages of the tables. */
const ABOVE_I18N =
  /(?<!\p{L})(?:oben|oberhalb|obig\p{L}*|ci-dessus|dessus|sopra|acima|arriba|anteriores?|выше|boven|bovenstaande|trên|yukarıdaki|önceki|sebelumnya|di atas)(?!\p{L})|上述|以上|上面|前面|上記/iu;
/** After the scope: nothing, or a relative clause, to the sentence's end. */
const SCOPE_ENDS =
  /^\s*(?:,?\s*(?:die|der|das|den|dem|welche\p{L}*|que|qui|qu'|dont|che|cui|которые|которых|yang|mà|dat)(?!\p{L})[^:;]*)?\s*[。！？]?\s*$/iu;

/** A coordinating "and" / "then" that joins a second order on, in the languages of the tables. */
const AND_THEN =
  /(?<!\p{L})(?:and|then|instead|but|und|dann|et|puis|y|luego|e|poi|и|затем|và|rồi|dan|lalu|en|ve|sonra)(?!\p{L})|并|然后|そして|それから/iu;
