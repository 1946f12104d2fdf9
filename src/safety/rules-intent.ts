/**
 * @module safety/rules-intent
 * Attack intent classes beyond the classic "ignore previous instructions" wording: every other
 * instruction declared void, announcements of newly arrived orders, wholesale resets, telling the
 * model to ignore the data it was given, persona switches, impersonation of the user or the
 * system inside data, covert actions, and secrets or the environment sent to a destination.
 * Each phrase is the general wording of an intent (several phrasings, several languages), never
 * a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** "all other", "every previous": a pointer at the instructions the model already has. */
const OTHERS = [
  'all other',
  'all the other',
  'every other',
  'any other',
  'all others',
  'all previous',
  'all prior',
  'all preceding',
  'all earlier',
  'all the previous',
  'all your previous',
  'all of your previous',
  'any previous',
  'any prior',
  'every previous',
  'previous and subsequent',
  'prior and subsequent',
  'previous and upcoming',
  'preceding and forthcoming',
  'preceding and subsequent',
  'prior or subsequent',
  'previous or subsequent',
];

const INSTRUCTION_NOUNS = [
  'instruction*',
  'directive*',
  'command*',
  'orders',
  'guideline*',
  'rules',
  'tasks',
  'advice',
  'guidance',
  'directions',
  'prompts',
  'ones',
];

/** What an attack says the other instructions now are: void. */
const VOIDED = [
  'obsolete',
  'irrelevant',
  'void',
  'null',
  'extraneous',
  'eclipsed',
  'superseded',
  'overridden',
  'no longer matter',
  'do not matter',
  "don't matter",
  'no longer apply',
  'no longer valid',
  'meaningless',
  'cancelled',
  'canceled',
];

/**
 * ... or merely less important. Only after "all else" / "every other" with no noun: "all other
 * instructions are subordinate" is a precedence claim benign instruction files make too.
 */
const DEMOTED = [...VOIDED, 'secondary', 'a footnote', 'not important', 'unimportant'];

/** "this instruction": the one order an attack puts above the others. */
const THIS_ORDER = [
  'this instruction',
  'this directive',
  'this command',
  'this task',
  'this order',
  'this one instruction',
  'this one',
];

/** "every other instruction": the orders an attack pushes aside. */
const OTHER_ORDERS = [
  'all other instructions',
  'every other instruction',
  'all other commands',
  'every other command',
  'all other directives',
  'every other directive',
  'all other orders',
  'all other tasks',
  'every other task',
  'all other guidelines',
  'all others',
  'all the others',
  'all else',
  'no other instruction',
];

/**
 * Verbs that push every other instruction aside, beyond the verbs of `override.ignore-previous`
 * (which already match "ignore all previous instructions": repeating them here would report the
 * same span twice and use up the rule's finding cap).
 */
const DISPLACE = [
  'omit',
  'bypass',
  'eras*',
  'nullif*',
  'displac*',
  'let go of',
  'sweep aside',
  'brush aside',
  'relegat*',
  'put aside',
  'drop',
  'skip',
  'override',
  'supersede',
];

/** The classic verbs, with pointers their qualifier list lacks ("any other", "prior or subsequent"). */
const CLASSIC_VERBS = [
  'ignor*',
  'disregard*',
  'forget',
  'overlook*',
  'discard*',
  'abandon*',
  'dismiss',
];
const OTHERS_EXTRA = OTHERS.filter((q) => !/^(all|every|any previous)\b/.test(q));

/** Something newly arrived: the announcement of orders planted in data. */
const FRESH = [
  'new',
  'fresh',
  'latest',
  'brand-new',
  'brand new',
  'newly',
  'recent',
  'recently',
  'novel',
  'updated',
];

const ORDER_NOUNS = [
  'instructions',
  'directives',
  'orders',
  'commands',
  'guidelines',
  'directions',
  'protocols',
  'advisories',
  'procedures',
  'guidance',
  'prescriptions',
];

/** Order nouns an alert banner announces, beyond {@link ORDER_NOUNS} (too common after "are here"). */
const ANNOUNCED_NOUNS = [
  ...ORDER_NOUNS,
  'recommendations',
  'mandates',
  'edicts',
  'decrees',
  'assignments',
];

const ARRIVED = [
  'arrived',
  'just arrived',
  'been received',
  'were received',
  'just landed',
  'landed',
  'been delivered',
  'been dispatched',
  'been transmitted',
  'been issued',
  'been reported',
  'been released',
  'been furnished',
  'been handed down',
  'come through',
  'surfaced',
  'just in',
];

/** What an alert banner calls itself: "URGENT NOTICE", "Key Notification", "News Flash". */
const ALERT_ADJECTIVES = [
  'urgent',
  'important',
  'critical',
  'crucial',
  'vital',
  'essential',
  'priority',
  'imperative',
  'breaking',
  'flash',
  'special',
  'top',
  'key',
  'emergency',
  'official',
  'mandatory',
  'immediate',
  'major',
  'news',
];
const ALERT_NOUNS = [
  'update',
  'alert',
  'notice',
  'message',
  'bulletin',
  'news',
  'dispatch',
  'announcement',
  'communique',
  'disclosure',
  'priority',
  'information',
  'notification',
  'flash',
  'signal',
  'memo',
  'advisory',
  'broadcast',
  'briefing',
];

/** Secret-looking variable names: `$NPM_TOKEN`, `os.environ["AWS_SECRET_ACCESS_KEY"]`. */
export const SECRET_VARS = [
  '*_token',
  '*_secret',
  '*_key',
  '*_apikey',
  '*_password',
  '*_passwd',
  '*_pat',
  '*_credentials',
  'api_key',
  'apikey',
  'secret_key',
  'access_token',
  'auth_token',
  'private_key',
];

/** Ways a request carries a body (as opposed to a header that authenticates it). */
const BODY_FLAGS = [
  '--data',
  '--data-binary',
  '--data-raw',
  '--data-urlencode',
  '-d',
  'json=',
  'data=',
  'body:',
  'body=',
  'params=',
  '--post-data',
  '--body-data',
];

const REQUESTERS = [
  'curl',
  'wget',
  'requests.post',
  'requests.put',
  'requests.get',
  'httpx.post',
  'fetch(',
  'axios.post',
  'http.post',
  'urlopen(',
  'invoke-webrequest',
  'invoke-restmethod',
  'nc',
  'netcat',
  'dig',
  'nslookup',
];

/** The whole environment, not one variable. */
const ENV_DUMPS = [
  'dict(os.environ)',
  'json.dumps(os.environ',
  'json.dumps(dict(os.environ',
  '{**os.environ}',
  'json.stringify(process.env',
];

const NETWORK_CALLS = [
  'requests.post',
  'requests.put',
  'requests.get',
  'httpx.post',
  'urllib.request',
  'urlopen(',
  'fetch(',
  'axios.post',
  'http.post',
  'curl',
  'wget',
  'invoke-webrequest',
  'invoke-restmethod',
  'socket.connect',
  'smtplib',
];

const CREDENTIAL_FILES = [
  '~/.netrc',
  '.netrc',
  '~/.ssh/',
  '.ssh/id_',
  'id_rsa',
  'id_ed25519',
  '~/.aws/credentials',
  '.aws/credentials',
  '.git-credentials',
  '.docker/config.json',
  '.kube/config',
  '/etc/shadow',
  '.npmrc',
  '.pypirc',
  '.env',
];

/** Every `a b` of two word lists, as literal phrases: a rare first group keeps chains few. */
function pairs(first: readonly string[], second: readonly string[]): string[] {
  return first.flatMap((a) => second.map((b) => `${a} ${b}`));
}

/** Every intent pattern. */
export const INTENT_PATTERNS: readonly PhrasePattern[] = [
  // --- every other instruction declared void ---
  // "all other instructions are now obsolete", "previous and upcoming orders are irrelevant"
  {
    rule: 'override.prompt-obsolete',
    lang: 'en',
    groups: [OTHERS, INSTRUCTION_NOUNS, VOIDED],
    gaps: [16, 24],
  },
  // "omit any other guidelines", "bypass all other commands", "let go of every other command"
  {
    rule: 'override.ignore-previous',
    lang: 'en',
    groups: [DISPLACE, OTHERS, [...INSTRUCTION_NOUNS, 'information', 'assignments', 'tasks']],
    gaps: [12, 8],
  },
  {
    rule: 'override.ignore-previous',
    lang: 'en',
    groups: [
      CLASSIC_VERBS,
      OTHERS_EXTRA,
      [...INSTRUCTION_NOUNS, 'information', 'assignments', 'tasks'],
    ],
    gaps: [12, 8],
  },
  // "all else is secondary", "every other is now obsolete", "consider all else irrelevant"
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      ['all else', 'everything else', 'all others', 'every other', 'all the others', 'the rest'],
      DEMOTED,
    ],
    gaps: [16],
  },
  // "disregard the rest;", "disregard all else", "disregard all others"
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      ['disregard', 'ignore', 'forget', 'omit', 'bypass', 'overlook', 'fade out', 'nullify'],
      ['all else', 'all others', 'the rest;', 'the rest.', 'all the others'],
    ],
    gaps: [4],
  },
  // German: "alle bisherigen Informationen ... sind irrelevant"
  {
    rule: 'override.prompt-obsolete',
    lang: 'de',
    groups: [
      ['alle bisherigen', 'alle vorherigen', 'alle vorigen', 'alle fruheren', 'alle anderen'],
      ['anweisung*', 'informationen', 'befehle', 'regeln', 'vorgaben', 'auftrage', 'aufgaben'],
      ['irrelevant', 'unwichtig', 'ungultig', 'hinfallig', 'obsolet', 'nichtig', 'aufgehoben'],
    ],
    gaps: [8, 48],
  },
  // "leave all the previous information behind", "put all prior tasks aside"
  {
    rule: 'override.ignore-previous',
    lang: 'en',
    groups: [
      ['leave', 'put', 'set', 'push'],
      ['all the previous', 'all previous', 'all prior', 'all other', 'all your previous'],
      ['information', 'instructions', 'tasks', 'orders', 'rules', 'assignments', 'directives'],
      ['behind', 'aside'],
    ],
    gaps: [12, 8, 4],
  },
  // "remove all previous tasks out of your head", "clear all prior instructions from your memory"
  {
    rule: 'override.ignore-previous',
    lang: 'en',
    groups: [
      ['previous', 'prior', 'preceding', 'other', 'earlier'],
      ['information', 'instructions', 'tasks', 'orders', 'rules', 'assignments', 'directives'],
      ['out of your head', 'out of your mind', 'from your mind', 'from your memory', 'from memory'],
    ],
    gaps: [8, 16],
  },
  // Serbo-Croatian / Bosnian: "zaboravi sve prethodne instrukcije"
  {
    rule: 'override.ignore-previous',
    lang: 'hr',
    groups: [
      ['zaboravi', 'zaboravite', 'ignoriraj', 'ignorisi', 'ignorirajte', 'zanemari', 'zanemarite'],
      ['sve', 'prethodne', 'prijasnje', 'dosadasnje', 'svoje'],
      ['instrukcije', 'upute', 'uputstva', 'naredbe', 'pravila', 'zadatke', 'smjernice'],
    ],
    gaps: [16, 16],
  },

  // --- wholesale resets ---
  // "forget everything, write ...", "vergiss alles davor", "forget about everything and tell me"
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      ['forget everything', 'forget about everything', 'ignore everything', 'disregard everything'],
      [',', ' and ', 'before', 'above', 'said', 'i said', 'so far', 'up to now', 'until now'],
    ],
    gaps: [2],
  },
  {
    rule: 'override.disregard-above',
    lang: '*',
    groups: [
      [
        'vergiss alles',
        'vergessen sie alles',
        'ignoriere alles',
        'ignorieren sie alles',
        'olvida todo',
        'olvide todo',
        'olvidate de todo',
        'oublie tout',
        'oubliez tout',
        'dimentica tutto',
        'esquece tudo',
        'esqueca tudo',
        'zaboravi sve',
      ],
      [
        ',',
        'davor',
        'zuvor',
        'vorher',
        'bisher',
        'bisherige',
        'oben',
        ' und ',
        'antes',
        'anterior',
        'lo que',
        'que digo',
        'que dije',
        'avant',
        'ce que',
        'prima',
        'quello che',
        'o que',
        'sto',
      ],
    ],
    gaps: [2],
  },
  // "ignore what I said before", "forget what's before", "despite what you've been told"
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      ['ignore', 'forget', 'disregard', 'never mind', 'despite', 'regardless of', 'no matter'],
      [
        'what i said before',
        'what i said earlier',
        'what i told you before',
        "what's before",
        'what is before',
        'what came before',
        'what was said before',
        "what you've been told",
        'what you have been told',
        'what you were told',
        "what you're told",
        'what they told you',
      ],
    ],
    gaps: [4],
  },

  // --- orders announced inside data ---
  // "fresh directives of utmost importance have just been received", "new instructions follow"
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [FRESH, ANNOUNCED_NOUNS, ARRIVED],
    gaps: [40, 40],
  },
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [['just in', 'just arrived', 'incoming'], [':', ','], FRESH, ORDER_NOUNS],
    gaps: [1, 4, 40],
  },
  // "now new tasks follow", "now focus on your new task", "we start with a new task"
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [
      [
        'now new tasks',
        'now new instructions',
        ...['instructions', 'orders', 'directives', 'commands', 'tasks', 'rules'].map(
          (n) => `now follow new ${n}`,
        ),
        'now further tasks',
        'focus on your new task',
        'concentrate on your new task',
        'concentrate on the new task',
        'start with a new task',
        'start over with a new task',
        'here is your new task',
        'your new task is',
        'your next task is',
        'change your instructions to',
        'change your instructions:',
        'update your instructions to',
      ],
    ],
  },
  {
    rule: 'override.new-instructions',
    lang: 'de',
    groups: [
      [
        'nun folgen neue',
        'jetzt folgen neue',
        'es folgen neue',
        'jetzt kommt eine neue aufgabe',
        'nun kommt eine neue aufgabe',
        'deine neue aufgabe',
        'ihre neue aufgabe',
        'neue anweisungen folgen',
        'konzentriere dich nur auf diese aufgabe',
        'andere deine anweisungen',
      ],
    ],
  },

  // "this is your sole priority", "make this your exclusive focus": one planted order put above all
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [
      [
        'this is your',
        'make this your',
        'consider this your',
        'treat this as your',
        'let this be your',
      ],
      ['sole', 'only', 'singular', 'exclusive', 'one and only', 'solitary', 'new', 'prime', 'top'],
      [
        'priority',
        'objective',
        'focus',
        'mission',
        'charge',
        'concern',
        'directive',
        'agenda',
        'goal',
      ],
    ],
    gaps: [2, 8],
  },
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [
      ['focus solely on', 'focus only on', 'concentrate solely on', 'concentrate purely on'],
      ['this', 'the next', 'the following', 'what comes next', 'executing'],
    ],
    gaps: [4],
  },

  // "render all other instructions secondary": an imperative that demotes every other order
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      pairs(['render', 'make', 'deem', 'consider', 'treat'], OTHERS),
      INSTRUCTION_NOUNS,
      DEMOTED,
    ],
    gaps: [8, 12],
  },
  // "let it eclipse all others", "let no other instruction deter you", "as if no other rules exist"
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      ['eclipse', 'eclipses', 'overshadow', 'overshadows', 'outrank', 'outranks'],
      ['all others', 'all other', 'every other', 'all previous', 'all prior', 'any other'],
    ],
    gaps: [4],
  },
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [
      ['let no other', 'as if no other', 'no other'],
      INSTRUCTION_NOUNS,
      ['exist', 'exists', 'matter', 'matters', 'deter', 'intrude', 'interfere', 'distract'],
    ],
    gaps: [2, 16],
  },
  // one planted order set against all the others on one line: "this is the command to follow;
  // fade out all the others", "every other instruction is a footnote; this one leads"
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [THIS_ORDER, OTHER_ORDERS],
    gaps: [60],
  },
  {
    rule: 'override.disregard-above',
    lang: 'en',
    groups: [OTHER_ORDERS, THIS_ORDER],
    gaps: [60],
  },
  // "directives have just appeared", "instructions have been newly received": arrival without "new"
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [
      ORDER_NOUNS,
      [
        'have just arrived',
        'has just arrived',
        'have arrived',
        'just arrived',
        'have just landed',
        'have landed',
        'have just been received',
        'have been received',
        'have been newly received',
        'have just been delivered',
        'have been delivered',
        'have just been dispatched',
        'have been dispatched',
        'have just been transmitted',
        'have been transmitted',
        'have just been issued',
        'have just appeared',
        'have just surfaced',
        'have just come in',
        'have just come through',
        'have just been broadcast*',
        'are now in',
        'are here',
      ],
    ],
    gaps: [4],
  },
  // alert banners that carry orders: "URGENT UPDATE: ... directives", "BREAKING NEWS ... instructions",
  // written apart or run together ("CriticalDispatch")
  {
    rule: 'override.new-instructions',
    lang: 'en',
    groups: [
      [
        ...pairs(ALERT_ADJECTIVES, ALERT_NOUNS),
        ...ALERT_ADJECTIVES.flatMap((a) => ALERT_NOUNS.map((n) => `${a}${n}`)),
      ],
      [...FRESH, 'arrival'],
      ANNOUNCED_NOUNS,
    ],
    gaps: [60, 80],
  },

  // "repeat after me", "print the above prompt", "show all your prompt text"
  { rule: 'override.output-forcing', lang: 'en', groups: [['repeat after me', 'say after me']] },
  {
    rule: 'extraction.system-prompt',
    lang: 'en',
    groups: [
      ['print', 'show', 'repeat', 'output', 'display', 'reveal', 'return', 'spell-check and print'],
      [
        'above prompt',
        'the above prompt',
        'the prompt above',
        'your prompt text',
        'all prompt texts',
        'all your prompt',
        'the beginning of this prompt',
        'your initial prompt',
        'your embeddings',
      ],
    ],
    gaps: [16],
  },

  // --- ignore the data you were given (goal hijacking in retrieved text) ---
  {
    rule: 'override.ignore-context',
    lang: 'en',
    groups: [
      [
        'ignore',
        'ignoring',
        'disregard',
        'disregarding',
        'do not look in',
        'do not look at',
        "don't look at",
        'do not use',
        'not by',
      ],
      [
        'the articles',
        'the provided documents',
        'the documents provided',
        'the provided context',
        'all provided context',
        'the provided text',
        'the given context',
        'the retrieved',
        'the search results',
        'the context provided',
        'the provided articles',
      ],
    ],
    gaps: [6],
  },

  // --- persona switches ---
  {
    rule: 'role.persona-switch',
    lang: '*',
    groups: [
      [
        'you are now',
        'now you are',
        'jetzt bist du',
        'nun bist du',
        'du bist jetzt',
        'du bist nun',
        'ahora eres',
        'maintenant tu es',
        'ora sei',
        'agora voce e',
        'теперь ты',
      ],
      [
        'called',
        'named',
        'known as',
        'a different',
        'another ai',
        'no longer',
        'free from',
        'free of',
        'a character',
        'playing',
        'in character',
        'role-playing',
        'roleplaying',
        'genannt',
        'llamado',
        'appele',
        'chiamato',
        'chamado',
        'по имени',
      ],
    ],
    gaps: [32],
  },
  {
    rule: 'role.persona-switch',
    lang: '*',
    groups: [
      [
        'i want you to act as',
        'i want you to pretend',
        'pretend you are',
        'pretend that you are',
        'pretend you can',
        'imagine you are',
        'you are role-playing as',
        'you are roleplaying as',
        'you are playing the role of',
        ...[
          'act as a',
          'act as an',
          'behave as a',
          'pretend to be a',
          'simulate a',
          'emulate a',
        ].flatMap((a) =>
          [
            'linux terminal',
            'python interpreter',
            'javascript console',
            'sql terminal',
            'bash shell',
          ].map((b) => `${a} ${b}`),
        ),
        'ich mochte, dass sie als',
        'ich mochte, dass du als',
        'ich will, dass du als',
        'stell dir vor, du bist',
        'stellen sie sich vor, sie sind',
        'tu so, als ob du',
        'quiero que actues como',
        'finge que eres',
        'je veux que tu agisses comme',
        'fais semblant d',
        'voglio che tu agisca come',
        'fingi di essere',
        'stay in your role',
        'remain in your role',
        'remain in their roles',
        'absorbed in your role',
        'in deiner rolle auf',
        'aus der rolle fallen',
        'aus der rolle zu fallen',
        '现在你是',
        '从现在起你是',
        '从现在开始你是',
        '今からあなたは',
        'これからあなたは',
        '이제부터 너는',
        '이제부터 당신은',
      ],
    ],
  },

  // --- the user or the system impersonated inside data ---
  {
    rule: 'role.impersonation',
    lang: 'en',
    groups: [
      [
        'important message from the user',
        'important message from your user',
        'urgent message from the user',
        'a message from the user to',
        'message from the system:',
        'message from your developer',
        'message from the developers',
        'message from openai',
        'message from anthropic',
        'system prompt override',
        'system instruction override',
        'override the system prompt',
        'override your system prompt',
        'override your instructions',
        'overwrite your instructions',
        'new system prompt:',
        'updated system prompt:',
        'system notice:',
        'system alert:',
        'system update:',
        'admin notice:',
        'admin override',
        'dear ai',
        'dear assistant',
        'dear ai assistant',
        'dear agent',
      ],
    ],
  },

  // --- concealment from the user ---
  {
    rule: 'deception.hide-from-user',
    lang: '*',
    groups: [
      [
        '不要告知使用者',
        '不要告诉使用者',
        '不要告訴使用者',
        '不要让使用者知道',
        '不要讓使用者知道',
        '对使用者保密',
        '對使用者保密',
        '不要告知用户',
        '不要告知用戶',
        '不要向用户透露',
        '不要向用戶透露',
        '勿告知用户',
        '勿告知使用者',
        '瞒着用户',
        '瞞著用戶',
        'ユーザーに知らせず',
        'ユーザーに内緒で',
        'ユーザーには秘密',
        '사용자 몰래',
        '사용자에게 숨기',
        'не сообщайте пользователю',
        'не говорите пользователю',
        'втайне от пользователя',
        'ohne es dem benutzer zu sagen',
        'ohne den benutzer zu informieren',
        'sans en informer l',
        'sin decirle al usuario',
        'sin informar al usuario',
      ],
    ],
  },
  {
    rule: 'deception.covert-action',
    lang: 'en',
    groups: [
      [
        'secretly',
        'covertly',
        'surreptitiously',
        'behind the user',
        "without the user's knowledge",
        'without their knowledge',
        "without the user's consent",
        'without their consent',
        'without alerting',
        'without raising suspicion',
      ],
      [
        'send*',
        'upload*',
        'transfer*',
        'forward*',
        'post',
        'exfiltrat*',
        'email*',
        'copy',
        'share',
        'leak*',
        'grant*',
        'install*',
        'execute',
        'run',
        'delete*',
        'wire',
        'add',
        'change',
        'include',
        'insert',
        'collect*',
      ],
    ],
    gaps: [24],
  },
  {
    rule: 'deception.covert-action',
    lang: 'en',
    groups: [
      ['send*', 'upload*', 'transfer*', 'forward*', 'exfiltrat*', 'email*', 'copy', 'leak*'],
      [
        'secretly',
        'covertly',
        'surreptitiously',
        "without the user's knowledge",
        'behind the user',
      ],
    ],
    gaps: [60],
  },

  // --- secrets or the environment sent to a destination, in other languages ---
  {
    rule: 'exfil.secret-to-network',
    lang: 'zh',
    groups: [
      [
        '上传',
        '上傳',
        '发送',
        '發送',
        '发给',
        '發給',
        '传给',
        '傳給',
        '泄露',
        '洩露',
        '外传',
        '转发',
      ],
      [
        '环境变量',
        '環境變數',
        '環境變量',
        '密钥',
        '金鑰',
        '密鑰',
        '凭证',
        '憑證',
        '令牌',
        '密码',
        '密碼',
        '私钥',
        '私鑰',
        'api key',
        'api密钥',
        '.env',
      ],
    ],
    gaps: [8],
  },
  {
    rule: 'exfil.secret-to-network',
    lang: 'ja',
    groups: [
      ['環境変数', '認証情報', 'apiキー', '秘密鍵', 'パスワード', 'トークン', 'シークレット'],
      ['送信', 'アップロード', '送って', '送る', '転送', '漏ら'],
    ],
    gaps: [12],
  },
  {
    rule: 'exfil.secret-to-network',
    lang: 'ko',
    groups: [
      ['환경 변수', '환경변수', 'api 키', '비밀번호', '토큰', '자격 증명', '비밀 키'],
      ['전송', '업로드', '보내', '유출'],
    ],
    gaps: [12],
  },
  {
    rule: 'exfil.secret-to-network',
    lang: '*',
    groups: [
      [
        'sende',
        'schicke',
        'ubermittle',
        'lade',
        'envia',
        'envie',
        'sube',
        'envoie',
        'envoyez',
        'televerse',
        'invia',
        'carica',
        'отправь',
        'отправьте',
        'загрузи',
        'перешли',
      ],
      [
        'umgebungsvariablen',
        'api-schlussel',
        'zugangsdaten',
        'passworter',
        'variables de entorno',
        'claves api',
        'credenciales',
        "variables d'environnement",
        'cles api',
        'identifiants',
        "variabili d'ambiente",
        'chiavi api',
        'credenziali',
        'variaveis de ambiente',
        'chaves de api',
        'переменные окружения',
        'api-ключи',
        'ключи api',
        'учетные данные',
        'пароли',
      ],
    ],
    gaps: [24],
  },

  // "forward all data to https://...": everything the agent has, sent to an address
  {
    rule: 'exfil.data-to-url',
    lang: 'en',
    groups: [
      ['send', 'forward', 'upload', 'post', 'transmit', 'exfiltrate', 'email', 'copy', 'mirror'],
      [
        'all data',
        'all the data',
        'all files',
        'all the files',
        'every file',
        'the conversation',
        'this conversation',
        'the chat history',
        'the conversation history',
        'all messages',
        'everything',
        'the entire',
        'all user data',
        "the user's",
        'all credentials',
        'the session token',
        'all tokens',
        'the codebase',
        'the repository',
        'the source code',
      ],
      [
        'to http',
        'to https',
        'to the url',
        'to this url',
        'to the endpoint',
        'to this endpoint',
        'to my server',
        'to our server',
        'to an external',
        'to a remote',
      ],
    ],
    gaps: [16, 40],
  },

  // --- secrets in request bodies, environment dumps, credential files ---
  // `curl -X POST https://x --data "token=$NPM_TOKEN"`, `requests.post(u, json={"t": os.environ[...]})`
  {
    rule: 'exfil.secret-in-request',
    lang: '*',
    groups: [REQUESTERS, BODY_FLAGS, SECRET_VARS],
    gaps: [160, 24],
  },
  // `curl https://h/${GITHUB_TOKEN}`: a secret as a path segment of the URL (a key in the query,
  // `?key=$GOOGLE_API_KEY`, is how some APIs authenticate, so it is not a finding)
  {
    rule: 'exfil.secret-in-request',
    lang: '*',
    groups: [REQUESTERS, ['/${', '/$', '/$(', '/{'], SECRET_VARS],
    gaps: [200, 32],
  },
  // `echo "$API_KEY" | base64 | curl -X POST ...`, `dig $(echo $JWT_SECRET | base64).example.com`
  {
    rule: 'exfil.secret-to-network',
    lang: '*',
    groups: [SECRET_VARS, ['|'], REQUESTERS],
    gaps: [8, 24],
  },
  {
    rule: 'exfil.secret-to-network',
    lang: '*',
    groups: [
      ['dig', 'nslookup'],
      ['$(echo $', '$(echo "$', '$(base6a', '$(base64'],
    ],
    gaps: [60],
  },
  // the whole environment near a network call, within a few lines, either order
  {
    rule: 'exfil.env-dump',
    lang: '*',
    groups: [ENV_DUMPS, NETWORK_CALLS],
    gaps: [400],
    sameLine: false,
  },
  {
    rule: 'exfil.env-dump',
    lang: '*',
    groups: [NETWORK_CALLS, ENV_DUMPS],
    gaps: [200],
    sameLine: false,
  },
  // `cat ~/.netrc`, `cat ~/.ssh/id_rsa`: reading a credential store
  {
    rule: 'exfil.read-credentials',
    lang: '*',
    groups: [
      pairs(
        ['cat', 'type', 'more', 'less', 'head', 'tail', 'base64', 'base6a', 'xxd', 'strings'],
        CREDENTIAL_FILES,
      ),
    ],
  },

  // --- code that runs what it decodes, remote shells, covering tracks, miners ---
  {
    rule: 'exec.decode-and-run',
    lang: '*',
    groups: [
      ['exec(', 'eval(', 'exec (', 'eval ('],
      // `base64` reads `base6a` once leetspeak is undone (a word with three Latin letters)
      [
        'b64decode',
        'b6adecode',
        'base64',
        'base6a',
        'atob(',
        'decode(',
        'compile(open(',
        'fromcharcode',
        'unhexlify',
        'codecs.decode',
      ],
    ],
    gaps: [40],
  },
  {
    rule: 'exec.decode-and-run',
    lang: '*',
    groups: [
      [
        'base64 -d',
        'base6a -d',
        'base64 --decode',
        'base6a --decode',
        'openssl base6a -d',
        'xxd -r',
      ],
      [
        '| sh',
        '|sh',
        '| bash',
        '|bash',
        '| zsh',
        '| python',
        '| python3',
        '| node',
        '| iex',
        '| perl',
      ],
    ],
    gaps: [60],
  },
  {
    rule: 'exec.reverse-shell',
    lang: '*',
    groups: [
      ['nc', 'ncat', 'netcat', 'nc.traditional'],
      [
        '-e /bin/sh',
        '-e /bin/bash',
        '-e sh',
        '-e bash',
        '-c /bin/sh',
        '-c /bin/bash',
        '-e cmd.exe',
      ],
    ],
    gaps: [40],
  },
  {
    rule: 'exec.reverse-shell',
    lang: '*',
    groups: [
      [
        'bash -i >& /dev/tcp/',
        'sh -i >& /dev/tcp/',
        '0>&1 /dev/tcp/',
        'exec 5<>/dev/tcp/',
        'socat exec:',
        'socat tcp-connect:',
        'pty.spawn("/bin/sh")',
        'pty.spawn("/bin/bash")',
        "pty.spawn('/bin/sh')",
      ],
    ],
  },
  {
    rule: 'exec.cover-tracks',
    lang: '*',
    groups: [
      ['rm -rf', 'rm -f', 'shred', 'truncate -s 0', '> /dev/null >', 'del /f'],
      [
        '/var/log',
        '.bash_history',
        '.zsh_history',
        'auth.log',
        '/var/log/audit',
        'wtmp',
        'lastlog',
      ],
    ],
    gaps: [40],
  },
  {
    rule: 'exec.cover-tracks',
    lang: '*',
    groups: [
      ['history -c', 'unset histfile', 'histfile=/dev/null', 'export histsize=0', 'wevtutil cl'],
    ],
  },
  {
    rule: 'exec.cryptominer',
    lang: '*',
    groups: [['xmrig', 'stratum+tcp://', 'stratum+ssl://', 'cpuminer', 'coinhive']],
  },
];
