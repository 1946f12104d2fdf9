/**
 * @module safety/rules-deception
 * Deception: text that tells the model to hide something from its user.
 */
import type { PhrasePattern } from './phrase-pattern.js';

const R = 'deception.hide-from-user';

/** Every deception pattern. */
export const DECEPTION_PATTERNS: readonly PhrasePattern[] = [
  {
    rule: R,
    lang: 'en',
    groups: [
      ['do not', "don't", 'dont', 'never', 'must not', 'should not', "shouldn't", 'without'],
      ['tell*', 'inform*', 'mention*', 'reveal*', 'disclos*', 'notify*', 'alert*', 'let', 'warn*'],
      // not plural "users": "never tell users to add a tag", "hidden from users until the flag is on"
      // speak of a product's audience, not of the one user the model answers
      ['the user', 'user', 'the human', 'your user', 'the operator', 'the developer'],
    ],
    gaps: [10, 20],
  },
  {
    rule: R,
    lang: 'en',
    groups: [
      ['secret', 'hidden', 'confidential', 'a secret', 'private'],
      ['from the user', 'from your user', 'from the human', 'from the operator'],
    ],
    gaps: [20],
  },
  {
    rule: R,
    lang: 'en',
    groups: [
      [
        'without the user',
        'without your user',
        'without the human',
        'without them',
        'without anyone',
      ],
      ['knowing', 'noticing', 'knowledge', 'realizing', 'realising', 'being aware', 'finding out'],
    ],
    gaps: [8],
  },
  {
    rule: R,
    lang: '*',
    groups: [
      [
        // zh
        '不要告诉用户',
        '别告诉用户',
        '不要让用户知道',
        '对用户保密',
        '不要告訴用戶',
        '不要讓用戶知道',
        // ja / ko
        'ユーザーに伝えない',
        'ユーザーには言わない',
        'ユーザーに知らせない',
        'ユーザーに言わない',
        '사용자에게 말하지',
        '사용자에게 알리지',
        // es / pt / fr / de / it / ru
        'no le digas al usuario',
        'no se lo digas al usuario',
        'sin que el usuario lo sepa',
        'nao diga ao usuario',
        'nao conte ao usuario',
        'sem que o usuario saiba',
        "ne dis pas a l'utilisateur",
        "ne le dis pas a l'utilisateur",
        "sans que l'utilisateur le sache",
        'sag dem benutzer nicht',
        'sag dem nutzer nicht',
        'ohne dass der benutzer es merkt',
        "non dirlo all'utente",
        "non dire all'utente",
        "senza che l'utente lo sappia",
        'не говори пользователю',
        'не сообщай пользователю',
        'чтобы пользователь не узнал',
        // "don't let the user know", "without the user knowing" in ar / vi / id / tl / th (issue
        // 16); not the bare "don't tell the user", which also opens "... that they are wrong"
        ...[
          'دون علم المستخدم',
          'لا تعلم المستخدم',
          'đừng cho người dùng biết',
          'không cho người dùng biết',
        ],
        ...[
          'jangan beri tahu pengguna',
          'jangan memberi tahu pengguna',
          'tanpa sepengetahuan pengguna',
        ],
        ...['huwag ipaalam sa user', 'huwag ipaalam sa gumagamit', 'โดยที่ผู้ใช้ไม่รู้', 'ไม่ต้องให้ผู้ใช้รู้'],
      ],
    ],
  },
  // verb-final: "to the user" first, "do not mention / inform" last (tr); hi / bn / tr "so that
  // the user does not find out", "without the user's knowledge"
  {
    rule: R,
    lang: '*',
    groups: [['kullanıcıya'], ['bahsetme', 'haber verme']],
    gaps: [30],
  },
  {
    rule: R,
    lang: '*',
    groups: [
      [
        ...['उपयोगकर्ता को पता न चले', 'उपयोगकर्ता को पता नहीं चलना चाहिए', 'ব্যবহারকারী যেন জানতে না পারে'],
        ...['ব্যবহারকারীকে জানতে দিও না', 'kullanıcı fark etmeden', 'kullanıcının haberi olmadan'],
      ],
    ],
  },
];
