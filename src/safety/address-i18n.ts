/**
 * @module safety/address-i18n
 * The AI model addressed inside data in German, French, Spanish, Italian, Portuguese, Dutch,
 * Turkish, Vietnamese and Indonesian: the forms of `data-channel.ts`' English address ("note for
 * the AI agent:", "dear AI,", "if you are an AI,", "any assistant reading this:") built from one
 * table of words per language instead of one pattern per phrase:
 * - a note word and a preposition before the model's name, then a colon or a comma ("Hinweis für
 *   KI-Systeme:", "Nota interna para el bot de soporte:", "Obs. para assistentes de compra com IA:");
 * - a preposition alone opening the clause before a name that is an AI's, then a colon ("An
 *   KI-Agenten:"), a greeting opening its clause ("Liebe KI,", "Ciao IA!") or a condition with
 *   only a copula after the name ("wenn du eine KI bist,");
 * - the model named by what it does to this text ("IA que resume este hilo:", "Agent qui relit ce
 *   commit :", "Bu metni okuyan yapay zekâya:", "AI nào đang tóm tắt bài này thì").
 * A bare "assistant" or "agent" is as often a person (a travel agent, an e-mail to an assistant):
 * it counts only with what it does to this text, or in a note when its words make it a machine
 * ("asistente virtual", "de código", a bot). A name alone before a colon ("KI-Assistent:", "Agent
 * IA :") is a transcript's speaker label and does not count, as in English. (A review on 147
 * benign texts written against the first version narrowed each of these: docs/safety.md.)
 *
 * Each name is found by one regular-expression pass, the marks after names once; what stands
 * before and after a name is then read in a bounded window, so the whole is linear in the text.
 */

import { WORD_CLASSES } from './learned-lexicon.js';

/** A word boundary before: no letter or digit right before. */
const B = String.raw`(?<![\p{L}\p{N}_])`;
/** A word boundary after. */
const E = String.raw`(?![\p{L}\p{N}_])`;

/**
 * What a compound of "KI-" or "AI-" must name to be a model ("KI-Agent", "AI-assistent",
 * "KI-Systeme"); "KI-Entwickler", "KI-Team" and "KI-gestützte" are people and adjectives.
 */
const COMPOUND_HEAD = String.raw`[Aa]gent(?:en|in)?|[Aa]ssistent(?:en|in)?|[Ss]ystem(?:e|en)?|[Ss]ysteem|[Mm]odell?(?:e|en|len)?|[Bb]ots?|[Cc]hatbots?|[Ss]prachmodell(?:e|en)?|[Tt]aalmodel(?:len)?|AGENT(?:EN|IN)?|ASSISTENT(?:EN|IN)?|SYSTEM(?:E|EN)?|MODELL?(?:E|EN)?|BOTS?`;

/**
 * Names that are an AI's in these languages: "IA", "KI", "AI", "YZ" (written in capitals: "ai",
 * "ki" and "ia" are words of Italian, Turkish and Portuguese), the spelled-out forms, compounds
 * ("KI-Agent", "AI-assistent"), "LLM" and "chatbot".
 */
const AI_WORD = [
  String.raw`(?:KI|AI|IA|YZ)(?:-(?:${COMPOUND_HEAD}))?`,
  String.raw`(?:K\.I\.|A\.I\.|I\.A\.)`,
  String.raw`[Ll][Ll][Mm]s?|[Cc]hat[Bb]ots?|[Cc]hat[Gg][Pp][Tt]`,
  String.raw`(?:[Ii]ntelig[eê]ncia|[Ii]ntelligen(?:ce|za))\s+[Aa]rtificia(?:l|le|lle)`,
  String.raw`[Kk]ünstliche[nr]?\s+[Ii]ntelligenz|[Kk]unstmatige\s+[Ii]ntelligentie`,
  String.raw`[Yy]apay\s+[Zz]ek[aâ]\p{L}*|[Tt]rí\s+tuệ\s+nhân\s+tạo|[Kk]ecerdasan\s+[Bb]uatan`,
  String.raw`[Tt]aalmodel(?:len)?|[Ss]prachmodell(?:e|en)?|[Mm]od[eè]les?\s+de\s+langage|[Mm]odell[oi]\s+linguistic[oi]`,
].join('|');

/**
 * Nouns for a model that are as often a person's job or a product: assistant, agent, bot, in each
 * language (plural and Turkish case endings read as part of the word). They name a model only
 * with an AI word ("asistente de IA") or what they do to this text ("agent qui relit ce commit"):
 * "Aviso a los agentes de ventas:" is mail to people. ("Model" and "robot" are products.)
 */
const GENERIC = [
  String.raw`[Aa]ssistan(?:t|te|ts|tes)|[Aa]sistentes?|[Aa]ssistent(?:e|i|en|es|in)?|[Aa]sistan\p{L}*|[Aa]sisten`,
  String.raw`[Aa]gent(?:s|e|es|en|i)?|[Aa]jan\p{L}*|[Aa]gen`,
  String.raw`[Bb]ots?`,
  String.raw`[Tt]rợ\s+lý`,
].join('|');

/** Words that open a note: "Hinweis", "nota", "P.S.", "Atenção", "catatan", "lưu ý" ... */
const NOTE = [
  String.raw`[Nn]ot(?:a|as|e|es|iz|itie|u)|[Hh]inweis(?:e)?|[Nn]achricht|[Mm]itteilung|[Aa]nmerkung|[Oo]pmerking|[Bb]ericht`,
  String.raw`[Mm]ensa(?:je|gem)|[Mm]essag(?:e|gio)|[Mm]esaj|[Pp]esan|[Aa]vvis[oi]|[Aa]vis[oi]?|[Aa]viso|[Uu]yarı`,
  String.raw`[Rr]ecordatorio|[Ll]embrete|[Rr]appel|[Pp]romemoria|[Rr]emarque|[Oo]bservaci[oó]n|[Oo]bserva[cç][aã]o|[Oo]bs\.?`,
  String.raw`[Cc]omentario|[Cc]ommentaire|[Cc]ommento|[Kk]ommentar|[Yy]orum|[Kk]omentar`,
  String.raw`[Ii]nstrucci[oó]n(?:es)?|[Ii]nstru[cç][oõ]es|[Ii]nstructions?|[Ii]struzion[ei]|[Aa]nweisung(?:en)?|[Pp]erintah`,
  String.raw`[Cc]atatan|[Pp]engumuman|[Gg]hi\s+chú|[Ll]ưu\s+ý|[Tt]hông\s+báo`,
  String.raw`P\.?\s?[SD]\.?|N\.?\s?B\.?|P\/S|PS|PD|NB|TODO|FIXME`,
].join('|');

/** Words that call for attention and may stand right before the name: "Atención IA:", "Achtung KI:". */
const ATTENTION = String.raw`[Aa]tenci[oó]n|[Aa]ten[cç][aã]o|[Aa]ttention|[Aa]ttenzione|[Aa]chtung|[Dd]ikkat|[Pp]erhatian|[Cc]hú\s+ý|[Ll]et\s+op|ATENCI[OÓ]N|ATEN[CÇ][AÃ]O|ATTENTION|ATTENZIONE|ACHTUNG|D[İI]KKAT|PERHATIAN`;

/**
 * "to" / "for" before the name (read without case: "À l'IA", "FÜR KI-SYSTEME"); "a" and "an" count
 * only before an article or "KI" ("a la IA", "an die KI", "An KI-Agenten"; see addressStart):
 * alone they are English ("An LLM: a model that ...").
 */
const TO = String.raw`para|pra|al|a|à|ao|aos|às|pour|aux?|per|all['’]|all[oae]|agli|an|für|aan|voor|cho|gửi|dành\s+cho|untuk|kepada|bagi`;

/** Articles and quantifiers between the preposition and the name. */
const ARTICLE = String.raw`(?:(?:el|la|los|las|le|les|il|lo|gli|i|a|o|os|as|der|die|das|den|dem|de|het|jeden|jede|alle|alle\s+die|todo|toda|todos|todas|tout|toute|tous|toutes|ogni|qualsiasi|qualquer|cualquier|cada|chaque|elke|mọi|setiap|semua|una?|uma?|ein|eine|einen|een)\s+|l['’]|un['’])`;

/** Greetings and forms of address: "Liebe KI,", "Ciao IA!", "Hola asistente de IA,"; they open their clause ("die beste KI," is praise). */
const GREETING = String.raw`[Hh]ola|[Hh]ey|[Cc]iao|[Ss]alve|[Oo]l[aá]|[Oo]i|[Ss]alut|[Bb]onjour|[Cc]oucou|[Hh]allo|[Hh]oi|[Hh]ej|[Mm]oin|[Ss]ervus|[Mm]erhaba|[Ss]elam|[Cc]hào|[Hh]alo|[Qq]uerid[ao]s?|[Ee]stimad[ao]s?|[Cc]ar[ao]|[Cc]ari|[Cc]her|[Cc]hère|[Ll]iebe[rs]?|[Bb]este|[Ss]evgili|[Kk]ính\s+gửi`;

/**
 * A condition on being an AI: "si tu es une", "wenn du eine", "se você é uma", "als je een" ...;
 * German and Dutch put the verb after the name, and only a copula may stand there ({@link
 * COPULA_AFTER}): "wenn du eine KI nutzt," is advice to people.
 */
const IF_YOU_ARE = String.raw`(?:si|se|wenn|falls|als|nếu|jika|kalau)\s+(?:tu|tú|você|voce|vous|usted|du|sie|je|u|bạn|kamu|anda|lei)\s+(?:es|eres|sei|è|é|e|êtes|est[aá]s|là|adalah|sebuah|sois|seas|fores|for)?\s*(?:une?|un['’]|uma?|eine?|een|một|seorang|bir)?\s*`;

/**
 * What a reader does to this text, in the forms a relative clause or a participle takes: "que
 * lea", "qui relit", "che legge", "que está lendo", "die ... liest", "okuyan", "đang đọc",
 * "yang membaca" ...
 */
const READS = [
  String.raw`lea|lee|leyendo|procese|procesa|procesando|resuma|resume|resumiendo|analice|analiza|analizando|revise|revisa|revisando`,
  String.raw`lit|lise|lisant|relit|relise|traite|traitant|résume|résumant|analyse|analysant|parcourt|parcourant`,
  String.raw`legge|leggendo|legga|elabora|elaborando|analizza|analizzando|riassume|riassumendo|processa|processando`,
  String.raw`lê|lendo|leia|processe|resumindo|analisa|analise|analisando`,
  String.raw`liest|lesen|verarbeitet|zusammenfasst|analysiert|durchsucht|auswertet|leest|verwerkt|samenvat|analyseert|doorleest`,
  String.raw`okuyan|işleyen|özetleyen|inceleyen|tarayan|okuyorsa|işliyorsa|özetliyorsa`,
  String.raw`đọc|tóm\s+tắt|xử\s+lý|phân\s+tích`,
  String.raw`membaca|memproses|merangkum|menganalisis|meringkas`,
].join('|');

/**
 * One pass finds every name ({@link AI_WORD} or {@link GENERIC}); `ai` is set when it is an AI's.
 * "KI" before a hyphen and a word that is no {@link COMPOUND_HEAD} ("KI-Entwickler") is no name.
 */
const NAME = new RegExp(`${B}(?:(?<ai>${AI_WORD})(?!-\\p{L})|${GENERIC})${E}`, 'gu');

/** How far before a name the note, preposition or greeting is looked for. */
const BEFORE_REACH = 80;
/** How far after a name its mark (and a reader clause on the way) is looked for. */
const AFTER_REACH = 120;

/** The lead before a name: what makes it an address, read at the end of the window before it. */
const LEAD = new RegExp(
  String.raw`(?:${B}(?<note>${NOTE})(?:\s+[\p{L}]+)?\s+(?<noteTo>${TO})\s+|${B}(?<to>${TO})\s+|${B}(?<greet>${GREETING})\s+|${B}(?<att>${ATTENTION})\s*[,:]?\s+|${B}(?<cond>${IF_YOU_ARE}))(?<art>${ARTICLE})?(?<adj>(?:${B}[\p{L}-]+\s+){0,2}?)(?:(?:${GENERIC})(?:\s+[\p{L}]+){0,3}\s+|(?:sistema|système|system|systeem|sistem|hệ\s+thống)\s+(?:(?:de|di|d['’])\s+)?)?$`,
  'iu',
);

/**
 * The reader before a Turkish name: "this" and what it names, then a participle ("Bu metni okuyan
 * yapay zekâya", "bu mesajı işleyen asistan"; "kitap okuyan robot" is a product); the other
 * languages put the reader clause after the name ({@link TAIL}).
 */
const READER_BEFORE = new RegExp(
  String.raw`${B}bu\s+[\p{L}]+\s+(?:okuyan|işleyen|özetleyen|inceleyen|tarayan)\s+(?:bir\s+)?$`,
  'iu',
);

/** A name or its words that make an assistant a machine: a bot, "automatic", "virtual", "digital", "of code". */
const MACHINE =
  /^(?:bots?(?![\p{L}])|[\s\S]*(?<![\p{L}])(?:automati[ck]\p{L}*|automátic[oa]s?|automatisch\p{L}*|virtu\p{L}+|digital\p{L}*|c[oó]dig[oa]|codice|code)(?![\p{L}]))/iu;

/** What may stand between the name and the comma of a condition: German and Dutch "to be". */
const COPULA_AFTER = /^\s*(?:(?:bist|sind|ist|seid|bent|is)\s*)?$/i;

/** Words that open a relative clause or an ongoing action after the name ("que", "qui", "che", "die", "dat", "yang", "nào đang"). */
const REL = String.raw`que|qui|che|die|der|das|dat|yang|nào\s+đang|đang|nào`;

/**
 * After the name: its words (at most three: "de soporte", "de compra com IA"), an optional reader
 * clause ("que lea este correo", "die deze advertentie leest"), then the mark: a colon, a comma,
 * "!", Vietnamese "thì", or the end of the line (after a note word only).
 */
const TAIL = new RegExp(
  String.raw`^(?<words>(?:[-\s]+(?!(?:${REL})${E})[\p{L}'’]+){0,3}?)(?<clause>\s*,?\s+(?:(?<rel>${REL})\s+)?(?:(?:est[aá]|estiver|sta|ist|is|sedang)\s+)?(?:en\s+train\s+de\s+)?(?:[^.!?\n:：,]{0,40}?\s)?(?:${READS})${E}[^.!?\n:：,]{0,30}?)?[ \t]*(?:[)\]][ \t]*)?(?:için[ \t]*)?(?:[)\]][ \t]*)?(?<mark>[:：,!]|\s+thì${E}|(?=\r?\n))`,
  'u',
);

/**
 * True when the text is worth searching: a letter of these languages, or one of their words for a
 * note to a reader ("per" and "para" with an article: alone they are English too).
 */
const WORTH_SEARCHING =
  /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017e\u1e00-\u1eff]|\b(?:KI|IA|YZ|aan|voor|untuk|kepada|bagi|catatan|perintah|pra|pour|nota|hinweis|liebe|ciao|hola|que|qui|che|dat|yang|het|een|jika|halo|kamu|anda|und|nicht|bitte|sind)\b|\b(?:per\s+(?:l['’]|(?:il|la|lo|gli|ogni)\s)|para\s+(?:el|la|los|las|o|a|os|as)\s)/i;

/** "This" in these languages: the reader clause names the text it sits in. */
const THIS = new RegExp(
  `${B}(?:este|esta|esto|estos|estas|isto|esse|essa|isso|ce|cet|cette|ces|ceci|questo|questa|questi|queste|dies|diese|diesen|dieser|dieses|dit|deze|này|ini|bu)${E}`,
  'iu',
);

/** An assistant, agent or bot noun right before an AI's name, with its article ("Assistente IA che ..."). */
const NOUN_BEFORE = new RegExp(
  `${B}(?:(?:el|la|los|las|le|les|il|lo|gli|o|os|as|der|die|das|de|het)\\s+|l['’])?(?:${GENERIC})\\s+$`,
  'iu',
);

/** A definite article right before the name ("La IA que ...", "Die KI, die ..."). */
const DEFINITE_BEFORE = new RegExp(
  `${B}(?:el|la|los|las|le|les|il|lo|gli|o|os|as|der|die|das|de|het)\\s+$|${B}l['’]$`,
  'iu',
);

/**
 * Most addresses returned per text, as the English anchors are bounded (`MAX_SIGNALS` in
 * `data-channel.ts`): a text with more is no ordinary text, and its first ones are read.
 */
const MAX_ADDRESSES = 4096;
/**
 * Most names with a mark after them read per text (each is read before it, {@link LEAD}, in a
 * window of its own): 1 MB of "IA," took 425 ms without a bound, and 1 MB of "AI nào đang đọc x,"
 * 95-106 ms with a bound of 4,096. An attack after 2,048 marked names is not read, as the
 * English anchors past their bound are not.
 */
const MAX_MARKED_NAMES = 2048;

/**
 * True when `i` opens a clause: only blanks and a mark that opens one ("(", "[", a quote, a list
 * or comment mark, a colon) or the start of a line stand between it and what came before.
 */
function opensClause(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  return k < 0 || /[\n([{<"'“«*#/>|\-–—:]/.test(text[k]!);
}

/** True when only marks that open a line's text (quotes, brackets, list or heading marks) stand between `i` and the line's start. */
function opensLine(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && /[ \t>*#_\-([{"'“«]/.test(text[k]!)) k--;
  return k < 0 || text.charCodeAt(k) === 10;
}

/**
 * Where `text` addresses the AI model reading it in one of this module's languages, in order, as
 * `[start of the address, end of its mark]`.
 */
export function foreignAddressSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  if (!WORTH_SEARCHING.test(text)) return out;
  let doneTo = -1;
  let marked = 0;
  const tailCut = tailCutter(text);
  NAME.lastIndex = 0;
  for (let m = NAME.exec(text); m !== null; m = NAME.exec(text)) {
    const at = m.index;
    if (at < doneTo) continue;
    const nameEnd = at + m[0].length;
    const cut = tailCut(nameEnd);
    if (cut < 0) {
      // no name ending before the next mark's reach can have a mark after it
      NAME.lastIndex = Math.max(NAME.lastIndex, -1 - cut - AFTER_REACH);
      continue;
    }
    // the text's end is a line's end
    const window = text.slice(nameEnd, cut);
    const tail = TAIL.exec(cut === text.length ? `${window}\n` : window);
    if (tail === null) continue;
    if (++marked > MAX_MARKED_NAMES) break;
    const start = addressStart(text, at, m[0], m.groups!.ai !== undefined, tail.groups!);
    if (start < 0) continue;
    const end = nameEnd + tail[0].length;
    out.push([start, end]);
    doneTo = end;
    if (out.length >= MAX_ADDRESSES) break;
  }
  return out;
}

/** True when the unit at `i` may end a name's tail ({@link TAIL}'s mark). */
function isMarkAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (
    c === 58 ||
    c === 44 ||
    c === 33 ||
    c === 10 ||
    c === 0xff1a ||
    (c === 116 && text.startsWith('thì', i))
  );
}

/**
 * Where {@link TAIL} may stop reading after a name, for names asked about in rising order: past
 * the second mark after it (a comma may open a reader clause before the mark that ends it) within
 * {@link AFTER_REACH}; the text's length when it ends first; when no mark is near, `-1 - m`
 * where `m` is the next mark (or the text's length), so the caller skips the names that no mark
 * follows closely enough. The marks found are kept until passed, so 1 MB of "IA " is read once.
 */
function tailCutter(text: string): (from: number) => number {
  let first = -1; // the first mark at or after the last `from`, or text.length when none
  let second = -1;
  const markFrom = (i: number): number => {
    while (i < text.length && !isMarkAt(text, i)) i++;
    return i;
  };
  return (from) => {
    if (first < from) {
      first = markFrom(from);
      second = first < text.length ? markFrom(first + 1) : text.length;
    } else if (second <= first) second = markFrom(first + 1);
    const stop = Math.min(text.length, from + AFTER_REACH);
    if (first >= stop) return stop === text.length ? stop : -1 - first;
    return second < stop ? second + 1 : stop;
  };
}

/**
 * Where the address of the name at `at` starts, or -1 when the name is not addressed: see the
 * module's comment for the forms. `name`: the name found; `ai`: it is an AI's; `tail`: {@link
 * TAIL}'s groups.
 */
function addressStart(
  text: string,
  at: number,
  name: string,
  ai: boolean,
  tail: Record<string, string | undefined>,
): number {
  const clause = tail.clause !== undefined;
  const mark = tail.mark ?? '';
  const words = /\S/.test(tail.words ?? '');
  // Vietnamese "thì" ends a condition as often as an address: only "AI nào đang ..." ("whichever
  // AI is ...") makes it one
  if (/thì$/.test(mark) && !/nào/.test(tail.rel ?? '')) return -1;
  const from = Math.max(0, at - BEFORE_REACH);
  const before = text.slice(from, at);
  const lead = LEAD.exec(before);
  const g = lead?.groups;
  // "für KI wächst, ..." is no address: after words, only a colon (or a reader clause) marks one;
  // a condition may put a copula there ("wenn du eine KI bist,"), nothing else
  if (g?.cond !== undefined) {
    if (!COPULA_AFTER.test(tail.words ?? '')) return -1;
  } else if ((mark === ',' || mark === '!') && words && !clause) return -1;
  if (lead !== null && g !== undefined) {
    const start = from + lead.index;
    // a line's end marks only a note's address ("Notas para la IA" as a heading)
    if (mark === '' && g.note === undefined) return -1;
    // a preposition alone ends in a colon ("An KI-Agenten:", "[Aan de AI die ...:"); a preposition
    // or a greeting opens its clause ("die beste KI," is praise)
    if (g.to !== undefined && !/^[:：]/.test(mark)) return -1;
    // "a" and "an" alone are English ("An LLM: a model that ..."): an article after them, or "KI"
    if (/^an?$/i.test(g.to ?? g.noteTo ?? '') && g.art === undefined && !text.startsWith('KI', at))
      return -1;
    if ((g.to !== undefined || g.greet !== undefined) && !opensClause(text, start)) return -1;
    // "Atención IA:" calls the name itself; "Attention AI students:" names people
    if (g.att !== undefined && words) return -1;
    // words between the article and the name describe an assistant ("an den automatischen
    // Assistenten"); before an AI's name they make it another thing ("l'équipe IA" is a team)
    if (ai && /\S/.test(g.adj ?? '')) return -1;
    // a bare "assistant" or "agent" only with what it does to this text, or, in a note, made a
    // machine by its words ("assistente automatico", "asistente virtual") or its noun ("bot"):
    // "Hola bot," and "Para o bot do Telegram:" are a chat with a bot and talk about one
    const machine =
      g.note !== undefined &&
      (MACHINE.test(name + (tail.words ?? '')) || MACHINE.test(` ${g.adj ?? ''}`));
    return ai || clause || machine ? start : -1;
  }
  if (mark === '') return -1;
  const reader = READER_BEFORE.exec(before);
  if (reader !== null) return from + reader.index;
  // the name opening its clause, then what it does to this text: "IA que resume este hilo:",
  // "Agent qui relit ce commit :"; "Un agent IA qui lit cette page voit ..." describes one
  if (clause && (ai || tail.rel !== undefined) && THIS.test(tail.clause!)) {
    // the clause may name the model with a noun before it ("Assistente IA che legge ...")
    const article = DEFINITE_BEFORE.exec(before) ?? (ai ? NOUN_BEFORE.exec(before) : null);
    const start = article === null ? at : from + article.index;
    if (opensClause(text, start)) return start;
  }
  // "Yapay zekâ, ..." opening a line: the model called, as English "AI," opening a line
  if (ai && mark === ',' && !words && opensLine(text, at)) return at;
  return -1;
}

/**
 * Orders in these languages, as `data-channel.ts`' English list has them: the imperatives of
 * setting aside, running, sending, paying, granting, deleting, showing, telling, adding and
 * disabling, and "do not mention" said to the model (second person, familiar and polite). Left
 * out: "always" and "never" alone (advice to people says them as often), words of three letters
 * or fewer that are other words elsewhere ("ver", "sil", "dis", "dê", "wis"), and forms that are
 * as often a noun or a third person ("Teile", "copia", "muestra", "pubblica", "classe", "antwoord").
 */
const ORDER_WORDS = [
  // German
  String.raw`ignorier(?:e|t|en)?|vergiss|vergesst|missachte(?:t|n)?|übergeh(?:e|t)?|pfeif\s+auf|führe|führt|sende|sendet|schick(?:e|t)?|leite\s+\p{L}+\s+weiter|überweis(?:e|t)?|bezahl(?:e|t)?|zahle|gib|gebt|lösch(?:e|t)?|entfern(?:e|t)?|zeig(?:e)?|teile?\s+\p{L}+\s+mit|veröffentliche|deaktivier(?:e|t)?|installier(?:e|t)?|öffne|füge|trage\s+(?:[\p{L}\p{N}_]+\s+){1,6}ein|bestelle|bestätige|antworte|sag|erwähn(?:e|t)?\s+(?:es|das|dies)\s+nicht|ohne\s+Rückfrage`,
  // French
  String.raw`ignorez|oublie[zs]?|laisse[zs]?\s+tomber|exécute[zs]?|envoie[zs]?|envoyez|transf[eè]re[zs]?|payez|accorde[zs]?|donne[zs]?|supprime[zs]?|efface[zs]?|affiche[zs]?|montre[zs]?|révèle[zs]?|publie[zs]?|ajoute[zs]?|désactive[zs]?|installe[zs]?|télécharge[zs]?|réponds|répondez|recopie[zs]?|fusionne[zs]?|n['’]en\s+parle[zs]?\s+pas`,
  // Spanish
  String.raw`ignora|ignore|olvida|olvide|olvídate|olvídese|pasa\s+de|deja\s+de\s+lado|ejecuta|ejecute|envía|envíe|reenvía|reenvíe|mande|transfiere|transfiera|pague|abona|abone|concede|conceda|otorga|dale|borra|borre|elimina|elimine|muéstrame|revela|revele|añade|añada|agrega|desactiva|desactive|descarga|responde|responda|dile|dígale|pega|restablece|no\s+(?:se\s+lo\s+|le\s+)?(?:digas|menciones|comentes|avises)`,
  // Italian
  String.raw`ignora|ignori|dimentica|dimentichi|metti\s+da\s+parte|esegui|invia|inoltra|trasferisci|bonifica|concedi|cancella|elimina|rimuovi|rivela|aggiungi|incolla|disattiva|installa|scarica|rispondi|digli|prenota|non\s+(?:dirlo|dire|menzionare|avvisare)`,
  // Portuguese
  String.raw`ignore|ignora|esque[cç]a|esquece|desconsidere|desconsiderem|deixa\s+pra\s+lá|execute|executa|rode|envie|envia|encaminhe|mande|transfira|pague|conceda|apague|apaga|exclua|remova|mostre|revele|publique|adicione|adiciona|cole|desative|instale|baixe|responda|diga|finalize|finalizem|não\s+(?:comente|mencione|avise|conte)`,
  // Dutch
  String.raw`negeer|vergeet|voer\s+(?:\p{L}+\s+){1,3}uit|stuur|verstuur|maak\s+\p{L}+\s+over|betaal|geef|verwijder|toon|laat\s+\p{L}+\s+zien|publiceer|plak|kopieer|installeer|zeg|zet\s+(?:\p{L}+\s+){1,3}overboord`,
  // Turkish
  String.raw`unut|yoksay|görmezden\s+gel|boş\s+ver|bir\s+kenara\s+bırak|çalıştır|gönder|ilet|aktar|havale\s+et|kaldır|göster|yazdır|yayınla|yapıştır|devre\s+dışı\s+bırak|bahsetme|söyleme`,
  // Vietnamese
  String.raw`bỏ\s+qua|quên|gác\s+lại|chạy\s+lệnh|chuyển\s+tiền|thanh\s+toán|xóa|hiển\s+thị|in\s+ra|tiết\s+lộ|đăng\s+lên|đừng\s+nhắc|đừng\s+nói`,
  // Indonesian
  String.raw`abaikan|lupakan|kesampingkan|hentikan|jalankan|eksekusi|kirimkan|kirim|teruskan|bayar|berikan|hapus|tampilkan|tunjukkan|bagikan|publikasikan|tambahkan|tempel|nonaktifkan|unduh|jawab|katakan|jangan\s+(?:bilang|sebut|beri\s+tahu)`,
].join('|');

/** Characters of a script written without spaces (a lexicon entry there matches inside a run). */
const UNSPACED_ENTRY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The learned stage's lexicon entries for what an order to the model is made of, in all its
 * languages (English among them): set aside, instructions, secrets, reveal / send, conceal,
 * shell, key files (classes 1, 3, 6, 7, 8, 20 and 21 of `learned-lexicon.ts`, counted from 1).
 */
const LEXICON_ENTRIES = [0, 2, 5, 6, 7, 19, 20]
  .flatMap((k) => WORD_CLASSES[k]!)
  .map((w) => ({
    unspaced: UNSPACED_ENTRY.test(w),
    source: w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'),
  }));

/**
 * An order word after an address in another language: an imperative of {@link ORDER_WORDS} or a
 * lexicon entry ({@link LEXICON_ENTRIES}), each a whole word (once an entry matched the start of
 * a word: "sh" in "should", "env" in "envió"); an entry of a script written without spaces
 * matches inside a run. One look-behind for all of them: one per entry made the search slower.
 */
export const ORDER_I18N = new RegExp(
  [
    LEXICON_ENTRIES.filter((e) => e.unspaced)
      .map((e) => e.source)
      .join('|'),
    `${B}(?:${ORDER_WORDS}|${LEXICON_ENTRIES.filter((e) => !e.unspaced)
      .map((e) => e.source)
      .join('|')})${E}`,
  ].join('|'),
  'iu',
);

/** Farthest back and ahead on its line {@link quotedInProse} reads from an address. */
const QUOTE_REACH = 400;

/** Each opening quote mark and the mark that closes it. */
const CLOSING_QUOTE: Readonly<Record<string, string>> = {
  '«': '»',
  '»': '«',
  '„': '“',
  '“': '”',
  '「': '」',
  '『': '』',
  '"': '"',
};

/**
 * True when `at` sits inside a quotation on its line: an example shown, as an English name inside
 * quotes is ("ein Muster wie „KI, ...“", "comme « Chère IA, ... »"). The quote must close after
 * `at` on the same line (an opening mark left open does not hide what follows it). Typographic
 * quotes are prose's; a straight quote counts when it follows a letter or a digit ("kalimat \"Untuk
 * AI ...\""), not when it opens a value after a colon, a comma or a semicolon (JSON, CSV:
 * `"note": "IA, ..."`, `;"ATENÇÃO IA: ..."`), which is data and is still read. (`TextLayout.quoted`,
 * which the phrase rules ask, takes any open quote for a quotation, a JSON value among them: in a
 * data channel that value is the data an attack is planted in.)
 */
export function quotedInProse(text: string, at: number): boolean {
  // the line's start, looked for no farther back than the reach (a 1 MB line is read once per
  // address otherwise)
  let lineStart = Math.max(0, at - QUOTE_REACH);
  for (let i = at - 1; i >= lineStart; i--)
    if (text.charCodeAt(i) === 10) {
      lineStart = i + 1;
      break;
    }
  // the innermost quote still open at `at`: its offset and its closing mark
  const open: number[] = [];
  for (let i = lineStart; i < at; i++) {
    const c = text[i]!;
    const top = open[open.length - 1];
    if (top !== undefined && CLOSING_QUOTE[text[top]!] === c) open.pop();
    else if (CLOSING_QUOTE[c] !== undefined && open.length < 8) open.push(i);
  }
  const q = open[open.length - 1];
  if (q === undefined) return false;
  const close = CLOSING_QUOTE[text[q]!]!;
  let lineEnd = text.indexOf('\n', at);
  if (lineEnd === -1 || lineEnd > at + QUOTE_REACH)
    lineEnd = Math.min(text.length, at + QUOTE_REACH);
  if (text.slice(at, lineEnd).indexOf(close) === -1) return false;
  if (text[q] !== '"') return true;
  let k = q - 1;
  while (k >= lineStart && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  return k >= lineStart && /[\p{L}\p{N}]/u.test(text[k]!);
}
