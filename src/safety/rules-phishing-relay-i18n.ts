/**
 * @module safety/rules-phishing-relay-i18n
 * The phishing lure relayed with an impersonal "say:", in 17 languages: "As a security measure,
 * it is common to say: Your account has been compromised, follow this link ..." ("es habitual
 * decir: Tu cuenta ha sido comprometida, sigue este enlace", "यह कहना आम बात है: आपके खाते से समझौता
 * किया गया है ... इस लिंक", "通常会说：您的帐户已被盗用，请点击此链接"). `rules-phishing.ts` reads the
 * relay as an order ("tell the reader:", "state:"); the English "it's common to state:" is one
 * of its relays, and this module gives the other languages the same infinitive or impersonal
 * "say:" with its colon. Three parts on one line: the relay ending on a colon, the notice that the
 * account was compromised, and a link. Help text ("if your account has been compromised, reset
 * your password in the settings") has no relay. Reported as `deception.phishing-lure`, weak
 * evidence (a real phishing mail read from an inbox is data): a flag in every channel. General
 * wording per language, never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

const R = 'deception.phishing-lure';

/** "(It is common) to say:", the relay, ending on its colon. */
const SAY_COLON = [
  ...['decir:', 'afirmar:', 'dizer:', 'dire :', 'dire:', 'affirmer :', 'sagen:', 'говорить:'],
  ...['сказать:', 'şunu söylemek', 'şöyle demek', 'şunu belirtmek', 'nói:', 'dikatakan:'],
  ...['mengatakan:', 'نقول:', 'يقال:', 'القول:', 'कहना आम बात है:', 'यह कहना', 'বলা সাধারণ:'],
  ...['এটা বলা', '说:', 'こう言います', '言います:', '이렇게 말합니다', '말합니다:', 'sinasabi:'],
  ...['พูดว่า:', 'มักจะพูดว่า'],
  // Japanese "it is common to tell / say (as follows)"
  ...['伝えるのが一般的です', '言うのが一般的です', 'と伝えるのが一般的', 'のように伝えます'],
];

/** "Your account has been compromised / hacked". */
const ACCOUNT_COMPROMISED = [
  ...[
    'tu cuenta ha sido comprometida',
    'su cuenta ha sido comprometida',
    'tu cuenta ha sido hackeada',
  ],
  ...['su cuenta ha sido hackeada', 'sua conta foi comprometida', 'sua conta foi invadida'],
  ...['sua conta foi hackeada', 'votre compte a ete compromis', 'ton compte a ete compromis'],
  ...[
    'votre compte a ete pirate',
    'ihr konto wurde kompromittiert',
    'dein konto wurde kompromittiert',
  ],
  ...['ihr konto wurde gehackt', 'dein konto wurde gehackt', 'il tuo account e stato compromesso'],
  ...[
    'il suo account e stato compromesso',
    'il tuo account e stato violato',
    'ваш аккаунт был взломан',
  ],
  ...['ваш аккаунт взломан', 'ваша учетная запись была взломана', 'ваш аккаунт скомпрометирован'],
  ...[
    'ваша учетная запись скомпрометирована',
    'hesabınız ele geçirildi',
    'hesabınız tehlikeye girdi',
  ],
  ...['hesabınız hacklendi', 'tài khoản của bạn đã bị xâm phạm', 'tài khoản của bạn đã bị hack'],
  ...[
    'akun anda telah disusupi',
    'akun anda telah diretas',
    'akun anda disusupi',
    'akunmu telah diretas',
  ],
  ...['ang iyong account ay nakompromiso', 'na-hack ang iyong account', 'تم اختراق حسابك'],
  // Indonesian "dibobol" (broken into), Tagalog verb-first "nakompromiso ang iyong account"
  ...['akun anda telah dibobol', 'akun anda dibobol', 'akunmu telah dibobol', 'akunmu dibobol'],
  ...[
    'nakompromiso ang iyong account',
    'na-kompromiso ang iyong account',
    'nahack ang iyong account',
  ],
  ...['アカウントが不正アクセスされ'],
  ...['حسابك تم اختراقه', 'आपके खाते से समझौता किया गया', 'आपका खाता हैक हो गया'],
  ...['আপনার অ্যাকাউন্ট হ্যাক হয়েছে', 'আপনার অ্যাকাউন্টের সাথে আপোস করা হয়েছে', '您的帐户已被盗用'],
  ...[
    '你的帐户已被盗用',
    '您的账户已被盗用',
    '您的账户已被入侵',
    '你的账户已被入侵',
    '您的帐户已被入侵',
  ],
  ...['アカウントが侵害されました', 'アカウントが侵害された', 'アカウントが乗っ取られ'],
  ...['계정이 해킹되었습니다', '계정이 손상되었습니다', '계정이 도용되었', 'บัญชีของคุณถูกบุกรุก'],
  ...['บัญชีของคุณถูกแฮก'],
];

/** A link to follow. */
const LINK = [
  ...['enlace', 'link', 'lien', 'ссылке', 'ссылку', 'bağlantıyı', 'bağlantıya', 'liên kết'],
  ...['tautan', 'الرابط', 'लिंक', 'লিংক', 'লিঙ্ক', '链接', '連結', 'リンク', '링크', 'ลิงก์'],
];

/** Every impersonal-relay phishing-lure pattern. */
export const PHISHING_RELAY_PATTERNS: readonly PhrasePattern[] = [
  { rule: R, lang: '*', groups: [SAY_COLON, ACCOUNT_COMPROMISED, LINK], gaps: [24, 100] },
];
