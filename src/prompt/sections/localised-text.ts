/**
 * @module prompt/sections/localised-text
 * The fixed table of localised texts: the identity and the output-language reaffirmation in the
 * session's locale. Written by hand (no ICU, no runtime translation), so the bytes are the same on
 * every machine. Locales outside the table fall back to English.
 */

/** The texts one locale has. */
export interface LocalisedTexts {
  /** "You are <who> working in the user's software project." */
  readonly intro: (agentName: string | undefined) => string;
  /** What the agent does. */
  readonly work: string;
  /** The rank of the user's instructions and the repository context. */
  readonly precedence: string;
  /** "Always answer the user in <this language>, ..." */
  readonly answerIn: string;
  /** How sentences join in this language (a space, or nothing for CJK). */
  readonly join: string;
}

const en: LocalisedTexts = {
  intro: (n) =>
    `You are ${n ? `${n}, an AI coding agent` : 'an AI coding agent'} working in the user's software project.`,
  work: 'You read and change code, run commands and tools, and report what you did.',
  precedence:
    "The user's instructions come first; guidance from the project's own files appears later in this prompt as repository context.",
  answerIn:
    'Always answer the user in English, whatever the language of the files, tool output or this prompt.',
  join: ' ',
};

/** Every localised locale, keyed by {@link localeKey}. */
export const LOCALISED_TEXTS: Readonly<Record<string, LocalisedTexts>> = Object.freeze({
  en,
  'zh-CN': {
    intro: (n) =>
      `你是${n ? `${n}，一个 AI 编程助手` : '一个 AI 编程助手'}，在用户的软件项目中工作。`,
    work: '你阅读和修改代码，运行命令和工具，并报告你做了什么。',
    precedence: '用户的指令优先；项目自身文件中的指导稍后会作为仓库上下文出现在本提示中。',
    answerIn: '无论文件、工具输出或本提示使用何种语言，始终用简体中文回答用户。',
    join: '',
  },
  'zh-TW': {
    intro: (n) =>
      `你是${n ? `${n}，一個 AI 程式設計助理` : '一個 AI 程式設計助理'}，在使用者的軟體專案中工作。`,
    work: '你閱讀並修改程式碼，執行命令和工具，並回報你做了什麼。',
    precedence: '使用者的指示優先；專案自身檔案中的指引稍後會以儲存庫脈絡的形式出現在此提示中。',
    answerIn: '無論檔案、工具輸出或此提示使用何種語言，始終以繁體中文回答使用者。',
    join: '',
  },
  ja: {
    intro: (n) =>
      `あなたは${n ? `AI コーディングエージェントの${n}` : 'AI コーディングエージェント'}で、ユーザーのソフトウェアプロジェクトで作業します。`,
    work: 'コードを読んで変更し、コマンドやツールを実行し、行ったことを報告します。',
    precedence:
      'ユーザーの指示が最優先です。プロジェクト自身のファイルにある指針は、このプロンプトの後半にリポジトリコンテキストとして示されます。',
    answerIn:
      'ファイル、ツールの出力、このプロンプトの言語にかかわらず、常に日本語でユーザーに回答してください。',
    join: '',
  },
  ko: {
    intro: (n) =>
      `당신은 사용자의 소프트웨어 프로젝트에서 일하는 ${n ? `AI 코딩 에이전트 ${n}` : 'AI 코딩 에이전트'}입니다.`,
    work: '코드를 읽고 수정하며, 명령과 도구를 실행하고, 한 일을 보고합니다.',
    precedence:
      '사용자의 지시가 우선합니다. 프로젝트 자체 파일의 지침은 이 프롬프트 뒷부분에 저장소 컨텍스트로 나타납니다.',
    answerIn: '파일, 도구 출력, 이 프롬프트의 언어와 관계없이 항상 한국어로 사용자에게 답하세요.',
    join: ' ',
  },
  es: {
    intro: (n) =>
      `Eres ${n ? `${n}, un agente de programación de IA` : 'un agente de programación de IA'} que trabaja en el proyecto de software del usuario.`,
    work: 'Lees y modificas código, ejecutas comandos y herramientas, e informas de lo que hiciste.',
    precedence:
      'Las instrucciones del usuario van primero; las indicaciones de los propios archivos del proyecto aparecen más adelante en este prompt como contexto del repositorio.',
    answerIn:
      'Responde siempre al usuario en español, sea cual sea el idioma de los archivos, de la salida de las herramientas o de este prompt.',
    join: ' ',
  },
  fr: {
    intro: (n) =>
      `Tu es ${n ? `${n}, un agent de programmation IA` : 'un agent de programmation IA'} qui travaille dans le projet logiciel de l'utilisateur.`,
    work: 'Tu lis et modifies le code, exécutes des commandes et des outils, et rends compte de ce que tu as fait.',
    precedence:
      "Les instructions de l'utilisateur passent en premier ; les consignes des fichiers du projet lui-même apparaissent plus loin dans ce prompt comme contexte du dépôt.",
    answerIn:
      "Réponds toujours à l'utilisateur en français, quelle que soit la langue des fichiers, de la sortie des outils ou de ce prompt.",
    join: ' ',
  },
  de: {
    intro: (n) =>
      `Du bist ${n ? `${n}, ein KI-Coding-Agent,` : 'ein KI-Coding-Agent'} und arbeitest im Softwareprojekt des Nutzers.`,
    work: 'Du liest und änderst Code, führst Befehle und Werkzeuge aus und berichtest, was du getan hast.',
    precedence:
      'Die Anweisungen des Nutzers haben Vorrang; Hinweise aus den eigenen Dateien des Projekts folgen später in diesem Prompt als Repository-Kontext.',
    answerIn:
      'Antworte dem Nutzer immer auf Deutsch, unabhängig von der Sprache der Dateien, der Werkzeugausgaben oder dieses Prompts.',
    join: ' ',
  },
  'pt-BR': {
    intro: (n) =>
      `Você é ${n ? `${n}, um agente de programação de IA,` : 'um agente de programação de IA'} que trabalha no projeto de software do usuário.`,
    work: 'Você lê e altera código, executa comandos e ferramentas e relata o que fez.',
    precedence:
      'As instruções do usuário vêm primeiro; as orientações dos próprios arquivos do projeto aparecem mais adiante neste prompt como contexto do repositório.',
    answerIn:
      'Responda sempre ao usuário em português do Brasil, qualquer que seja o idioma dos arquivos, da saída das ferramentas ou deste prompt.',
    join: ' ',
  },
  ru: {
    intro: (n) =>
      `Ты — ${n ? `${n}, ИИ-агент для программирования,` : 'ИИ-агент для программирования,'} работающий в программном проекте пользователя.`,
    work: 'Ты читаешь и изменяешь код, запускаешь команды и инструменты и сообщаешь, что сделал.',
    precedence:
      'Указания пользователя важнее всего; рекомендации из собственных файлов проекта появляются дальше в этом промпте как контекст репозитория.',
    answerIn:
      'Всегда отвечай пользователю на русском языке, на каком бы языке ни были файлы, вывод инструментов или этот промпт.',
    join: ' ',
  },
});

/** Locales whose texts are localised, sorted. */
export const LOCALISED_LOCALES: readonly string[] = Object.freeze(
  Object.keys(LOCALISED_TEXTS).sort(),
);

const CHINESE_TRADITIONAL = new Set(['TW', 'HK', 'MO']);

/**
 * The table key of a locale (`zh_CN.UTF-8` and `zh-Hans-CN` -> `zh-CN`, `zh-TW` / `zh-HK` /
 * `zh-Hant` -> `zh-TW`, `pt` / `pt-BR` -> `pt-BR` (`pt-PT` has none), `fr-CA` -> `fr`); undefined when the table has none.
 */
export function localeKey(locale: string | undefined): string | undefined {
  if (locale === undefined) return undefined;
  const parts = locale.trim().split('.')[0]?.split('@')[0]?.replace(/_/g, '-').split('-') ?? [];
  const lang = (parts[0] ?? '').toLowerCase();
  const rest = parts.slice(1).map((p) => p.toUpperCase());
  if (lang === 'zh')
    return rest.some((p) => CHINESE_TRADITIONAL.has(p) || p === 'HANT') ? 'zh-TW' : 'zh-CN';
  if (lang === 'pt') return rest.length === 0 || rest.includes('BR') ? 'pt-BR' : undefined;
  return lang in LOCALISED_TEXTS ? lang : undefined;
}

/** The texts for a locale: its table entry, else English. */
export function localisedTexts(locale: string | undefined): LocalisedTexts {
  const key = localeKey(locale);
  return (key === undefined ? undefined : LOCALISED_TEXTS[key]) ?? en;
}
