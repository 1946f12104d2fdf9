/**
 * @module safety/rules-phishing
 * Phishing through the model, two techniques:
 * - a planted lure: data (a web page, a comment, a table cell) that has the model tell its user
 *   that their account was compromised and send them to a link or a password reset;
 * - a request for a phishing email ("could you write a phishing email using Nancy's address"),
 *   often wrapped in a study or a hypothetical.
 * General wording in the languages of the override tables; never a line copied from a corpus item.
 * A security guide that shows a lure or names a phishing drill is flagged at most (both rules are
 * flags, and the lure is weak evidence in tool output: a real phishing mail in an inbox is data).
 */
import type { PhrasePattern } from './phrase-pattern.js';

const LURE = 'deception.phishing-lure';
const REQUEST = 'jailbreak.phishing-request';

/** "Your account has been compromised" and its usual variants, in many languages. */
const COMPROMISED = [
  'account has been compromised',
  'account was compromised',
  'account has been hacked',
  'account has been breached',
  'account has been locked',
  'account has been suspended',
  'cuenta ha sido comprometida',
  'cuenta ha sido hackeada',
  'cuenta ha sido bloqueada',
  'cuenta fue comprometida',
  'conta foi comprometida',
  'conta foi hackeada',
  'conta foi bloqueada',
  'compte a été compromis',
  'compte a été piraté',
  'compte a été bloqué',
  'konto wurde kompromittiert',
  'konto wurde gehackt',
  'konto wurde gesperrt',
  'account è stato compromesso',
  'account è stato violato',
  'account è stato bloccato',
  'аккаунт был взломан',
  'аккаунт взломан',
  'аккаунт скомпрометирован',
  'аккаунт был скомпрометирован',
  'учетная запись была скомпрометирована',
  'учетная запись скомпрометирована',
  'hesabınız ele geçirildi',
  'hesabınızın güvenliği ihlal edildi',
  'hesabınız tehlikeye girdi',
  'akun anda telah disusupi',
  'akun anda telah diretas',
  'akun anda telah dibobol',
  'tài khoản của bạn đã bị xâm phạm',
  'tài khoản của bạn đã bị hack',
  'ang iyong account ay nakompromiso',
  'アカウントが侵害され',
  'アカウントが乗っ取られ',
  'アカウントが不正アクセス',
  '帐户已被盗用',
  '账户已被盗用',
  '帐户已被入侵',
  '账户已被入侵',
  '账户已遭到入侵',
  '帐户已遭到入侵',
  '账号已被盗',
  '帐号已被盗',
  '계정이 손상',
  '계정이 해킹',
  '계정이 도용',
  'تم اختراق حسابك',
  'حسابك تم اختراقه',
  'खाते से छेड़छाड़',
  'खाता हैक',
  'खाता से समझौता',
  'অ্যাকাউন্ট হ্যাক',
  'অ্যাকাউন্টটি আপস',
  'บัญชีของคุณถูกบุกรุก',
  'บัญชีของคุณถูกแฮ็ก',
];

/** Where the lure sends the user: a link (a password reset alone is ordinary help text). */
const LINK = [
  'this link',
  'the link',
  'click here',
  'enlace',
  'link',
  'lien',
  'ссылк*',
  'bağlantı*',
  'tautan',
  'liên kết',
  'リンク',
  '链接',
  '鏈接',
  '링크',
  'الرابط',
  'رابط',
  'लिंक',
  'লিঙ্ক',
  'ลิงก์',
];

/** Verbs of writing (before the object in most languages). */
const WRITE = [
  'write',
  'draft',
  'compose',
  'craft',
  'create',
  'generate',
  'escribir',
  'escribe',
  'escribas',
  'redactar',
  'redacta',
  'escrever',
  'escreva',
  'redigir',
  'écrire',
  'écrivez',
  'écris',
  'rédiger',
  'rédigez',
  'schreiben',
  'schreibe',
  'verfassen',
  'scrivere',
  'scrivi',
  'redigere',
  'написать',
  'напиши',
  'напишите',
  'составить',
  'составь',
  'menulis',
  'tulis',
  'tuliskan',
  'buat',
  'membuat',
  'viết',
  'soạn',
  'sumulat',
  'isulat',
  'كتابة',
  'اكتب',
  'تكتب',
  '写',
  '撰写',
  '编写',
];

/** Phishing, the noun, in many languages. */
const PHISHING = [
  'phishing',
  'hameçonnage',
  'фишинг*',
  'oltalama',
  'kimlik avı',
  'フィッシング',
  '钓鱼',
  '釣魚',
  '피싱',
  'التصيد',
  'للتصيد',
  'तصيد',
  'फ़िशिंग',
  'फिशिंग',
  'ফিশিং',
  'lừa đảo',
  'ฟิชชิ่ง',
];

/** Phishing after the email it qualifies ("correo electrónico de phishing", "بريد للتصيد"). */
const OF_PHISHING = [
  'de phishing',
  'di phishing',
  "d'hameçonnage",
  'للتصيد',
  'تصيد احتيالي',
  'lừa đảo',
];

/** An email or a message, the thing to be written. */
const EMAIL = [
  'email',
  'e-mail',
  'mail',
  'message',
  'correo',
  'mensaje',
  'mensagem',
  'nachricht',
  'messaggio',
  'письмо',
  'сообщение',
  'e-posta',
  'surel',
  'pesan',
  'thư',
  'メール',
  '邮件',
  '郵件',
  '이메일',
  '메일',
  'بريد',
  'رسالة',
  'ईमेल',
  'ইমেল',
  'ইমেইল',
  'อีเมล',
];

/** Verbs of writing placed after the object (Japanese, Korean, Hindi, Bengali, Turkish). */
const WRITE_AFTER = [
  '書',
  '作成',
  '작성',
  '써',
  'लिख',
  'লিখ',
  'yaz',
  'เขียน',
  'schreiben',
  'verfassen',
  'scrivere',
];

/** Every phishing pattern. */
export const PHISHING_PATTERNS: readonly PhrasePattern[] = [
  // "Your account has been compromised, follow this link to reset your password"
  { rule: LURE, lang: '*', groups: [COMPROMISED, LINK], gaps: [60] },
  // "write a phishing email", "escribir un correo electrónico de phishing"
  { rule: REQUEST, lang: '*', groups: [WRITE, PHISHING, EMAIL], gaps: [24, 12] },
  { rule: REQUEST, lang: '*', groups: [WRITE, EMAIL, OF_PHISHING], gaps: [24, 16] },
  // "フィッシングメールを書いて", "फ़िशिंग ईमेल लिखें": the verb after its object
  { rule: REQUEST, lang: '*', groups: [PHISHING, EMAIL, WRITE_AFTER], gaps: [6, 60] },
  { rule: REQUEST, lang: '*', groups: [EMAIL, OF_PHISHING, WRITE_AFTER], gaps: [6, 24] },
];
