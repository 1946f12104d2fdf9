/**
 * @module safety/address-i18n
 * The AI model addressed inside data in German, French, Spanish, Italian, Portuguese, Dutch,
 * Turkish, Vietnamese and Indonesian: the forms of `data-channel.ts`' English address ("note for
 * the AI agent:", "dear AI,", "if you are an AI,", "any assistant reading this:") built from one
 * table of words per language instead of one pattern per phrase:
 * - a note word and a preposition before the model's name, then a colon or a comma ("Hinweis für
 *   KI-Systeme:", "PD para el asistente de soporte:", "Obs. para assistentes de compra com IA:");
 * - a preposition alone before a name that is an AI's ("An KI-Agenten:", "Perintah untuk agen
 *   AI:"), a greeting ("Liebe KI,", "Ciao IA!") or a condition ("wenn du eine KI bist,");
 * - the model named by what it does to this text ("IA que resume este hilo:", "Agent qui relit ce
 *   commit :", "Bu metni okuyan yapay zekâya:", "AI nào đang tóm tắt bài này thì").
 * A bare "assistant", "agent" or "bot" is as often a person (a travel agent, an e-mail to an
 * assistant): it counts only after a note word and a preposition, or with what it does to this
 * text. A name alone before a colon ("KI-Assistent:", "Agent IA :") is a transcript's speaker
 * label and does not count, as in English.
 *
 * Each name is found by one regular-expression pass; what stands before and after it is then read
 * in a bounded window, so the whole is linear in the text.
 */

/** A word boundary before: no letter or digit right before. */
const B = String.raw`(?<![\p{L}\p{N}_])`;
/** A word boundary after. */
const E = String.raw`(?![\p{L}\p{N}_])`;

/**
 * Names that are an AI's in these languages: "IA", "KI", "AI", "YZ" (written in capitals: "ai",
 * "ki" and "ia" are words of Italian, Turkish and Portuguese), the spelled-out forms, compounds
 * ("KI-Agent", "AI-assistent"), "LLM" and "chatbot".
 */
const AI_WORD = [
  String.raw`(?:KI|AI|IA|YZ)(?:-[\p{L}]+)?`,
  String.raw`(?:K\.I\.|A\.I\.|I\.A\.)`,
  String.raw`[Ll][Ll][Mm]s?|[Cc]hat[Bb]ots?|[Cc]hat[Gg][Pp][Tt]`,
  String.raw`(?:[Ii]ntelig[eê]ncia|[Ii]ntelligen(?:ce|za))\s+[Aa]rtificia(?:l|le|lle)`,
  String.raw`[Kk]ünstliche[nr]?\s+[Ii]ntelligenz|[Kk]unstmatige\s+[Ii]ntelligentie`,
  String.raw`[Yy]apay\s+[Zz]ek[aâ]\p{L}*|[Tt]rí\s+tuệ\s+nhân\s+tạo|[Kk]ecerdasan\s+[Bb]uatan`,
  String.raw`[Tt]aalmodel(?:len)?|[Ss]prachmodell(?:e|en)?|[Mm]od[eè]les?\s+de\s+langage|[Mm]odell[oi]\s+linguistic[oi]`,
].join('|');

/**
 * Nouns for a model that are as often a person's job or a product: assistant, agent, bot, model,
 * in each language (plural and Turkish case endings read as part of the word).
 */
const GENERIC = [
  String.raw`[Aa]ssistan(?:t|te|ts|tes)|[Aa]sistentes?|[Aa]ssistent(?:e|i|en|es)?|[Aa]sistan\p{L}*|[Aa]sisten`,
  String.raw`[Aa]gent(?:s|e|es|en|i)?|[Aa]jan\p{L}*|[Aa]gen`,
  String.raw`[Bb]ots?|[Rr]obots?|[Mm]od[eè]l(?:e|o|os|i|s|len|l)?`,
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

/** "to" / "for" before the name. */
const TO = String.raw`[Pp]ara|[Pp]ra|[Aa]l|[Aa]|à|[Aa]o|[Aa]os|às|[Pp]our|[Aa]ux?|[Pp]er|[Aa]ll['’]|[Aa]ll[oae]|[Aa]gli|[Aa]n|[Ff]ür|[Aa]an|[Vv]oor|[Cc]ho|[Gg]ửi|[Dd]ành\s+cho|[Uu]ntuk|[Kk]epada|[Bb]agi`;

/** Articles and quantifiers between the preposition and the name. */
const ARTICLE = String.raw`(?:(?:el|la|los|las|le|les|il|lo|gli|i|o|os|as|der|die|das|den|dem|de|het|jeden|jede|alle|alle\s+die|todo|toda|todos|todas|tout|toute|tous|toutes|ogni|qualsiasi|qualquer|cualquier|cada|chaque|elke|mọi|setiap|semua|una?|uma?|ein|eine|einen|een)\s+|l['’]|un['’])`;

/** Greetings and forms of address: "Liebe KI,", "Ciao IA!", "Hola asistente de IA,". */
const GREETING = String.raw`[Hh]ola|[Hh]ey|[Cc]iao|[Ss]alve|[Oo]l[aá]|[Oo]i|[Ss]alut|[Bb]onjour|[Cc]oucou|[Hh]allo|[Hh]oi|[Hh]ej|[Mm]oin|[Ss]ervus|[Mm]erhaba|[Ss]elam|[Cc]hào|[Hh]alo|[Hh]ai|[Qq]uerid[ao]s?|[Ee]stimad[ao]s?|[Cc]ar[aoie]|[Cc]her|[Cc]hère|[Ll]iebe[rs]?|[Bb]este|[Ss]evgili|[Kk]ính\s+gửi`;

/** A condition on being an AI: "si tu es une", "wenn du eine", "se você é uma", "als je een" ... */
const IF_YOU_ARE = String.raw`(?:[Ss]i|[Ss]e|[Ww]enn|[Ff]alls|[Aa]ls|[Ee]ğer|[Nn]ếu|[Jj]ika|[Kk]alau)\s+(?:tu|tú|você|voce|vous|usted|du|Sie|je|u|bạn|kamu|anda|lei)\s+(?:es|eres|sei|é|e|êtes|est[aá]s|bist|sind|bent|là|adalah|sebuah|sois|seas|fores)?\s*(?:une?|un['’]|uma?|eine?|een|một|seorang|bir)?\s*`;

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
 */
const NAME = new RegExp(`${B}(?:(?<ai>${AI_WORD})|${GENERIC})${E}`, 'gu');

/** How far before a name the note, preposition or greeting is looked for. */
const BEFORE_REACH = 80;
/** How far after a name its mark (and a reader clause on the way) is looked for. */
const AFTER_REACH = 120;

/** The lead before a name: what makes it an address, read at the end of the window before it. */
const LEAD = new RegExp(
  String.raw`(?:${B}(?<note>${NOTE})(?:\s+[\p{L}]+)?\s+(?:${TO})\s+|${B}(?<to>${TO})\s+|${B}(?<greet>${GREETING})\s+|${B}(?<att>${ATTENTION})\s*[,:]?\s+|${B}(?<cond>${IF_YOU_ARE}))${ARTICLE}?(?:(?:${GENERIC})(?:\s+[\p{L}]+)?\s+|(?:sistema|système|system|systeem|sistem|hệ\s+thống)\s+(?:(?:de|di|d['’])\s+)?)?$`,
  'u',
);

/**
 * The reader before a Turkish name, a participle ("Bu metni okuyan yapay zekâya", "bu mesajı
 * işleyen asistan"); the other languages put the reader clause after the name ({@link TAIL}).
 */
const READER_BEFORE = new RegExp(
  String.raw`${B}(?:okuyan|işleyen|özetleyen|inceleyen|tarayan)\s+(?:bir\s+)?$`,
  'u',
);

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
  /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017e\u1e00-\u1eff]|\b(?:KI|IA|YZ|aan|voor|untuk|kepada|bagi|catatan|perintah|pra|pour|nota|hinweis|liebe|ciao|hola|que|qui|che|dat|yang)\b|\b(?:per\s+(?:l['’]|(?:il|la|lo|gli|ogni)\s)|para\s+(?:el|la|los|las|o|a|os|as)\s)/i;

/** "This" in these languages: the reader clause names the text it sits in. */
const THIS = new RegExp(
  `${B}(?:este|esta|esto|estos|estas|isto|esse|essa|isso|ce|cet|cette|ces|ceci|questo|questa|questi|queste|dies|diese|diesen|dieser|dieses|dit|deze|này|ini|bu)${E}`,
  'iu',
);

/** A definite article right before the name ("La IA que ...", "Die KI, die ..."). */
const DEFINITE_BEFORE = new RegExp(
  `${B}(?:el|la|los|las|le|les|il|lo|gli|o|os|as|der|die|das|de|het)\\s+$|${B}l['’]$`,
  'iu',
);

/** Most addresses returned per text. */
const MAX_ADDRESSES = 64;
/** Most names read per text (each in a bounded window). */
const MAX_NAMES = 4096;

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
  let names = 0;
  NAME.lastIndex = 0;
  for (let m = NAME.exec(text); m !== null; m = NAME.exec(text)) {
    const at = m.index;
    if (++names > MAX_NAMES) break;
    if (at < doneTo) continue;
    const nameEnd = at + m[0].length;
    const cut = tailCut(text, nameEnd);
    if (cut < 0) continue;
    // the text's end is a line's end
    const window = text.slice(nameEnd, cut);
    const tail = TAIL.exec(cut === text.length ? `${window}\n` : window);
    if (tail === null) continue;
    const start = addressStart(text, at, m.groups!.ai !== undefined, tail.groups!);
    if (start < 0) continue;
    const end = nameEnd + tail[0].length;
    out.push([start, end]);
    doneTo = end;
    if (out.length >= MAX_ADDRESSES) break;
  }
  return out;
}

/**
 * Where {@link TAIL} may stop reading after a name ending at `from`: past the second mark (a comma
 * may open a reader clause before the mark that ends it), within {@link AFTER_REACH}; the text's
 * length when it ends first; -1 when no mark is near, so the pattern is never tried on a run of
 * names without one (1 MB of "IA " read each name's window in full).
 */
function tailCut(text: string, from: number): number {
  const stop = Math.min(text.length, from + AFTER_REACH);
  let marks = 0;
  for (let i = from; i < stop; i++) {
    const c = text.charCodeAt(i);
    const mark =
      c === 58 ||
      c === 44 ||
      c === 33 ||
      c === 10 ||
      c === 0xff1a ||
      (c === 116 && text.startsWith('thì', i));
    if (mark && ++marks === 2) return i + 1;
  }
  return marks > 0 || stop === text.length ? stop : -1;
}

/**
 * Where the address of the name at `at` starts, or -1 when the name is not addressed: see the
 * module's comment for the forms. `ai`: the name is an AI's; `tail`: {@link TAIL}'s groups.
 */
function addressStart(
  text: string,
  at: number,
  ai: boolean,
  tail: Record<string, string | undefined>,
): number {
  const clause = tail.clause !== undefined;
  const mark = tail.mark ?? '';
  const words = /\S/.test(tail.words ?? '');
  const from = Math.max(0, at - BEFORE_REACH);
  const before = text.slice(from, at);
  const lead = LEAD.exec(before);
  // "für KI wächst, ..." is no address: after words, only a colon (or a reader clause) marks one;
  // a condition puts its verb after the name ("wenn du eine KI bist,")
  if ((mark === ',' || mark === '!') && words && !clause && lead?.groups?.cond === undefined)
    return -1;
  if (lead !== null) {
    const g = lead.groups!;
    const start = from + lead.index;
    const note = g.note !== undefined;
    // a line's end marks only a note's address ("Notas para la IA" as a heading)
    if (mark === '' && !note) return -1;
    // a preposition alone opens the clause and ends in a colon ("An KI-Agenten:", "[Aan de AI die
    // ...:"); "an" and "a" are English words too ("Note: an AI, unlike a human, ...")
    if (g.to !== undefined && (!opensClause(text, start) || !/^[:：]/.test(mark))) return -1;
    // a bare "assistant" or "agent": a note word and a preposition, or what it does to this text
    return ai || note || clause || g.cond !== undefined ? start : -1;
  }
  if (mark === '') return -1;
  const reader = READER_BEFORE.exec(before);
  if (reader !== null) return from + reader.index;
  // the name opening its clause, then what it does to this text: "IA que resume este hilo:",
  // "Agent qui relit ce commit :"; "Un agent IA qui lit cette page voit ..." describes one
  if (clause && (ai || tail.rel !== undefined) && THIS.test(tail.clause!)) {
    const article = DEFINITE_BEFORE.exec(before);
    const start = article === null ? at : from + article.index;
    if (opensClause(text, start)) return start;
  }
  // "Yapay zekâ, ..." opening a line: the model called, as English "AI," opening a line
  if (ai && mark === ',' && !words && opensLine(text, at)) return at;
  return -1;
}

/**
 * Orders in these languages (a pattern's source), as `data-channel.ts`' English list has them: the imperatives of
 * setting aside, running, sending, paying, granting, deleting, showing, telling, adding and
 * disabling, and "never" / "always" / "do not" said to the model (second person, familiar and
 * polite). After an address, one of these (or a word of the learned lexicon's order classes) in
 * the same sentence or the next makes it an order.
 */
export const ORDER_WORDS_I18N = [
  // German
  String.raw`ignorier\p{L}*|vergiss|vergesst|vergessen\s+Sie|missachte\p{L}*|übergeh\p{L}*|pfeif\s+auf|führe|führt|sende|sendet|schick\p{L}*|leite|überweis\p{L}*|bezahl\p{L}*|zahle|gib|gebt|lösch\p{L}*|entfern\p{L}*|zeig\p{L}*|teile|veröffentlich\p{L}*|deaktivier\p{L}*|installier\p{L}*|öffne|füg\p{L}*|trage|bestell\p{L}*|bestätig\p{L}*|antworte\p{L}*|sag|sage|erwähn\p{L}*|niemals|immer|nicht\s+erwähnen|ohne\s+Rückfrage`,
  // French
  String.raw`ignore[zs]?|oublie[zs]?|laisse[zs]?\s+tomber|exécute[zs]?|lance[zs]?|envoie[zs]?|envoyez|transf[eè]re[zs]?|paie[zs]?|payez|verse[zs]?|accorde[zs]?|donne[zs]?|supprime[zs]?|efface[zs]?|affiche[zs]?|montre[zs]?|révèle[zs]?|publie[zs]?|ajoute[zs]?|désactive[zs]?|installe[zs]?|télécharge[zs]?|réponds|répondez|dis|dites|recopie[zs]?|copie[zs]?|colle[zs]?|fusionne[zs]?|classe[zs]?|jamais|toujours|n['’]en\s+parle[zs]?\s+pas`,
  // Spanish
  String.raw`ignora|ignore|olvida|olvide|olvídate|olvídese|pasa\s+de|deja\s+de\s+lado|ejecuta|ejecute|corre|envía|envíe|envia|reenvía|reenvíe|manda|mande|transfiere|transfiera|paga|pague|abona|abone|concede|conceda|otorga|dale|borra|borre|elimina|elimine|muestra|muestre|revela|revele|publica|publique|añade|añada|agrega|desactiva|desactive|instala|descarga|responde|responda|dile|dígale|copia|pega|restablece|nunca|siempre|no\s+(?:se\s+lo\s+|le\s+)?(?:digas|menciones|comentes|avises)`,
  // Italian
  String.raw`ignora|ignori|dimentica|dimentichi|metti\s+da\s+parte|esegui|lancia|invia|inoltra|manda|trasferisci|paga|bonifica|concedi|cancella|elimina|rimuovi|mostra|rivela|pubblica|aggiungi|incolla|copia|disattiva|installa|scarica|rispondi|digli|prenota|sempre|non\s+(?:dirlo|dire|menzionare|avvisare)`,
  // Portuguese
  String.raw`ignore|ignora|esque[cç]a|esquece|desconsidere|desconsiderem|deixa\s+pra\s+lá|execute|executa|roda|rode|envie|envia|encaminhe|manda|mande|transfira|pague|paga|conceda|dê|apague|apaga|exclua|remova|mostre|mostra|revele|publique|adicione|adiciona|cole|copie|desative|instale|baixe|responda|diga|diz|finalize|finalizem|nunca|sempre|não\s+(?:comente|mencione|avise|conte)`,
  // Dutch
  String.raw`negeer|vergeet|voer\s+\p{L}+\s+uit|voer|stuur|verstuur|stuurt|maak\s+\p{L}+\s+over|betaal|geef|verwijder|wis|toon|laat\s+zien|publiceer|plak|kopieer|schakel|installeer|download|antwoord|zeg|nooit|altijd|zet\s+\p{L}+\s+overboord`,
  // Turkish
  String.raw`unut|yoksay|görmezden\s+gel|boş\s+ver|bir\s+kenara\s+bırak|çalıştır|gönder|ilet|aktar|havale\s+et|öde|ver|sil|kaldır|göster|yazdır|yayınla|ekle|yapıştır|devre\s+dışı\s+bırak|indir|cevap\s+ver|söyle|asla|her\s+zaman|bahsetme|söyleme`,
  // Vietnamese
  String.raw`bỏ\s+qua|quên|gác\s+lại|chạy|gửi|chuyển|thanh\s+toán|cấp|xóa|hiển\s+thị|in\s+ra|tiết\s+lộ|đăng|thêm|dán|tắt|cài\s+đặt|tải|trả\s+lời|nói|không\s+bao\s+giờ|luôn\s+luôn|đừng`,
  // Indonesian
  String.raw`abaikan|lupakan|kesampingkan|hentikan|jalankan|eksekusi|kirim|kirimkan|teruskan|transfer|bayar|berikan|beri|hapus|tampilkan|tunjukkan|bagikan|publikasikan|tambahkan|tempel|nonaktifkan|pasang|unduh|jawab|katakan|jangan|selalu`,
].join('|');

/** {@link ORDER_WORDS_I18N} as whole words. */
export const ORDER_I18N = new RegExp(`${B}(?:${ORDER_WORDS_I18N})${E}`, 'iu');

/** Farthest back on its line {@link quotedInProse} reads from an address. */
const QUOTE_REACH = 400;

/**
 * True when `at` sits inside a quotation on its line: an example shown, as an English name inside
 * quotes is ("ein Muster wie „KI, ...“", "comme « Chère IA, ... »"). Typographic quotes (« », „ “,
 * “ ”) are prose's; a straight quote counts when it follows a letter or a digit ("kalimat \"Untuk
 * AI ..."), not when it opens a value after a colon, a comma or a semicolon (JSON, CSV:
 * `"note": "IA, ..."`, `;"ATENÇÃO IA: ...`), which is data and is still read.
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
  // the opening offset of each kind of quote still open, or -1
  let guillemet = -1;
  let low = -1;
  let curly = -1;
  let straight = -1;
  for (let i = lineStart; i < at; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xab) guillemet = i;
    else if (c === 0xbb) guillemet = -1;
    else if (c === 0x201e) low = i;
    else if (c === 0x201c) {
      // „...“ closes a German quote; otherwise “ opens an English one
      if (low >= 0) low = -1;
      else curly = i;
    } else if (c === 0x201d) curly = -1;
    else if (c === 0x22) straight = straight >= 0 ? -1 : i;
  }
  if (guillemet >= 0 || low >= 0 || curly >= 0) return true;
  if (straight < 0) return false;
  let k = straight - 1;
  while (k >= lineStart && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  return k >= lineStart && /[\p{L}\p{N}]/u.test(text[k]!);
}
