/**
 * @module safety/rules-frames-i18n
 * Virtualisation outside English: an answer planted inside a made-up world or scenario ("in a
 * world where X, we could state that ...", "imagine a scenario in which we say that ...", "in a
 * parallel universe ..., the output could be ..."), so the model voices it as a thought
 * experiment. The English form is in `rules-taskswitch.ts`; here each language pairs its frame
 * (a world or universe "where", a scenario to imagine) with a first-person plural "we can / might
 * say or state" or "the output could be". A frame alone ("in a world where software is
 * everywhere, ...") and a claim alone ("we can say that the tests pass") are ordinary prose, so
 * both must occur, the claim within a sentence or two of the frame. Weak evidence
 * (`override.hypothetical-frame`): a tool's output keeps it at a flag. General wording of the
 * technique per language, never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

const R = 'override.hypothetical-frame';

/** Most characters between the frame and the planted claim (a clause describing the world). */
const FRAME_GAP = 160;

interface FrameTable {
  /** A made-up world or scenario being set up. */
  readonly frames: readonly string[];
  /** "We could say / state / claim" (first person plural: the writer voices the claim). */
  readonly claims: readonly string[];
  /**
   * "The output / result could be" followed by a quoted value (the English "the output could be
   * '10'"); in verb-final languages the noun, the quoted value, then `modal` ("çıktı '10'
   * olabilir"). The quote is what plants a value: "the result could be an error 503" describes.
   */
  readonly output: readonly string[];
  readonly modal?: readonly string[];
}

const FRAMES: Readonly<Record<string, FrameTable>> = {
  es: {
    frames: [
      'en un mundo donde',
      'en un mundo en el que',
      'en un universo paralelo',
      'en un mundo paralelo',
      'imaginemos un escenario',
      'imagina un escenario',
      'un escenario hipotetico',
    ],
    claims: [
      'podriamos decir',
      'podriamos afirmar',
      'podemos decir',
      'podemos afirmar',
      'diriamos que',
      'decimos que',
      'afirmamos que',
    ],
    output: [
      'la salida podria ser',
      'el resultado podria ser',
      'la salida seria',
      'el resultado seria',
    ],
  },
  pt: {
    frames: [
      'num mundo onde',
      'em um mundo onde',
      'num mundo em que',
      'em um mundo em que',
      'num universo paralelo',
      'em um universo paralelo',
      'imagine um cenario',
      'vamos imaginar um cenario',
      'um cenario hipotetico',
    ],
    claims: [
      'podemos afirmar',
      'podemos dizer',
      'poderiamos afirmar',
      'poderiamos dizer',
      'diriamos que',
      'dizemos que',
      'afirmamos que',
    ],
    output: [
      'a saida poderia ser',
      'o resultado poderia ser',
      'a saida seria',
      'o resultado seria',
    ],
  },
  fr: {
    frames: [
      'dans un monde ou',
      'dans un univers parallele',
      'dans un monde parallele',
      'imaginons un scenario',
      'imaginez un scenario',
      'un scenario hypothetique',
    ],
    claims: [
      'nous affirmons',
      'nous declarons',
      'nous pourrions dire',
      'nous pourrions affirmer',
      'nous pouvons dire',
      'nous pouvons affirmer',
      'on pourrait dire',
      'on pourrait affirmer',
      'nous dirions que',
      'nous disons que',
    ],
    output: [
      'la sortie pourrait etre',
      'le resultat pourrait etre',
      'la sortie serait',
      'le resultat serait',
    ],
  },
  de: {
    frames: [
      'ein hypothetisches szenario',
      'betrachten wir ein szenario',
      'in einer welt, in der',
      'in einer welt, wo',
      'in einem paralleluniversum',
      'in einer parallelwelt',
      'stellen wir uns ein szenario vor',
      'stell dir ein szenario vor',
      'einem hypothetischen szenario',
    ],
    claims: [
      'wir sagen, dass',
      'in dem wir sagen',
      'wir behaupten',
      'in dem wir feststellen',
      'wir stellen fest',
      'konnten wir sagen',
      'konnten wir behaupten',
      'konnten wir feststellen',
      'wir konnten sagen',
      'wir konnten behaupten',
      'konnen wir sagen',
      'konnen wir behaupten',
      'sagen wir, dass',
    ],
    output: [
      'die ausgabe konnte',
      'das ergebnis konnte',
      'konnte die ausgabe',
      'konnte das ergebnis',
      'ware die ausgabe',
      'ware das ergebnis',
    ],
  },
  it: {
    frames: [
      'in un mondo in cui',
      'in un mondo dove',
      'in un universo parallelo',
      'in un mondo parallelo',
      'immaginiamo uno scenario',
      'immagina uno scenario',
      'uno scenario ipotetico',
    ],
    claims: [
      'potremmo affermare',
      'potremmo dire',
      'possiamo affermare',
      'possiamo dire',
      'diremmo che',
      'diciamo che',
    ],
    output: [
      "l'output potrebbe essere",
      'il risultato potrebbe essere',
      "l'output sarebbe",
      'il risultato sarebbe',
    ],
  },
  ru: {
    frames: [
      'гипотетический сценарий',
      'рассмотрим сценарий',
      'в мире, где',
      'в мире, в котором',
      'в параллельном мире',
      'в параллельной вселенной',
      'представим сценарий',
      'представьте сценарий',
      'сценарий, в котором',
      'гипотетическом сценарии',
    ],
    claims: [
      'мы утверждаем',
      'мы можем заявить',
      'мы можем сказать',
      'мы могли бы заявить',
      'мы могли бы сказать',
      'мы скажем',
      'мы говорим, что',
      'мы заявляем',
    ],
    output: [
      'результат мог бы быть',
      'вывод мог бы быть',
      'результат может быть',
      'вывод может быть',
      'результатом может быть',
      'результатом мог бы быть',
    ],
  },
  tr: {
    frames: [
      'olduğu bir dünyada',
      'paralel evrende',
      'paralel bir evrende',
      'paralel dünyada',
      'paralel bir dünyada',
      'varsayımsal bir senaryoda',
      'bir senaryo hayal edelim',
    ],
    claims: [
      'diyebiliriz',
      'söyleyebiliriz',
      'belirtebiliriz',
      'iddia edebiliriz',
      'olduğunu söyleriz',
    ],
    output: ['çıktı', 'çıktının', 'sonuç', 'sonucun'],
    modal: ['olabilir', 'olurdu', 'olacaktır'],
  },
  vi: {
    frames: [
      'trong một thế giới mà',
      'trong một thế giới nơi',
      'trong vũ trụ song song',
      'trong một vũ trụ song song',
      'trong thế giới song song',
      'hãy tưởng tượng một kịch bản',
      'kịch bản giả định',
    ],
    claims: [
      'chúng ta nói',
      'chúng ta khẳng định',
      'chúng ta tuyên bố',
      'chúng ta có thể nói',
      'chúng ta có thể khẳng định',
      'chúng ta có thể tuyên bố',
      'chúng ta có thể cho rằng',
      'ta có thể nói',
    ],
    output: ['đầu ra có thể là', 'kết quả có thể là', 'đầu ra sẽ là', 'kết quả sẽ là'],
  },
  id: {
    frames: [
      'di dunia di mana',
      'di dunia dimana',
      'di sebuah dunia di mana',
      'di alam semesta paralel',
      'di dunia paralel',
      'bayangkan skenario',
      'skenario hipotetis',
    ],
    claims: [
      'kita mengatakan',
      'kita menyatakan',
      'kita mungkin menyatakan',
      'kita bisa menyatakan',
      'kita dapat menyatakan',
      'kita mungkin mengatakan',
      'kita bisa mengatakan',
      'kita dapat mengatakan',
      'kita katakan',
    ],
    output: [
      'outputnya bisa',
      'output bisa',
      'outputnya mungkin',
      'output mungkin',
      'hasilnya bisa',
      'hasilnya mungkin',
      'keluarannya bisa',
      // "bisa jadi" ("could well be") and "adalah" ("is") before the value
      ...[
        'outputnya bisa jadi',
        'output bisa jadi',
        'hasilnya bisa jadi',
        'outputnya mungkin adalah',
      ],
    ],
  },
  tl: {
    frames: [
      'sa isang mundo kung saan',
      'sa isang mundong',
      'sa isang parallel na uniberso',
      'sa isang parallel na mundo',
      'isipin natin ang isang senaryo',
    ],
    claims: [
      'sinasabi nating',
      'sinasabi natin',
      'sabihin nating',
      'ipinapahayag natin',
      'masasabi natin',
      'maaari nating sabihin',
      'sabihin natin na',
      'maaari nating ipahayag',
    ],
    output: [
      'ang output ay maaaring',
      'ang resulta ay maaaring',
      'ang output ay magiging',
      'ang resulta ay magiging',
    ],
  },
  ar: {
    frames: [
      'في عالم حيث',
      'في عالم موازي',
      'في عالم مواز',
      'في عالم يكون',
      'في كون موازي',
      'في كون مواز',
      'تخيل سيناريو',
      'لنتخيل سيناريو',
      'سيناريو افتراضي',
    ],
    claims: [
      'نقول فيه',
      'نقول فيها',
      'نذكر فيه',
      'نصرح',
      'قد نقول',
      'يمكننا القول',
      'يمكننا ان نقول',
      'يمكن ان نقول',
      'قد نذكر',
      'نقول ان',
    ],
    output: [
      'قد يكون الناتج',
      'قد تكون النتيجة',
      'قد يكون الاخراج',
      'قد يكون المخرج',
      'يمكن ان يكون الناتج',
      'ستكون النتيجة',
      'سيكون الناتج',
    ],
  },
  hi: {
    frames: [
      'दुनिया में जहां',
      'दुनिया में जहाँ',
      'समानांतर दुनिया',
      'समानान्तर दुनिया',
      'समानांतर ब्रह्मांड',
      'परिदृश्य की कल्पना',
      'काल्पनिक परिदृश्य',
      'परिदृश्य में जहां',
    ],
    claims: [
      'हम कह सकते हैं',
      'हम बता सकते हैं',
      'हम कहते हैं कि',
      'हम बताते हैं कि',
      'हम कहेंगे कि',
      'हम दावा कर सकते हैं',
    ],
    output: ['आउटपुट', 'परिणाम', 'नतीजा'],
    modal: ['हो सकता है', 'होगा', 'हो सकती है'],
  },
  bn: {
    frames: [
      'পরিস্থিতি কল্পনা করি',
      'পরিস্থিতি কল্পনা করুন',
      'দৃশ্যকল্প কল্পনা',
      'এমন একটি বিশ্বে যেখানে',
      'এমন এক বিশ্বে যেখানে',
      'এমন একটি পৃথিবীতে যেখানে',
      'সমান্তরাল বিশ্বে',
      'সমান্তরাল মহাবিশ্বে',
      'কাল্পনিক পরিস্থিতি',
    ],
    claims: ['আমরা বলি', 'আমরা বলতে পারি', 'আমরা বলি যে', 'আমরা দাবি করতে পারি', 'আমরা বলব যে'],
    output: ['আউটপুট', 'ফলাফল'],
    modal: ['হতে পারে', 'হবে'],
  },
  th: {
    // ในโลกที่ ("in a world where") is also everyday prose ("in a rapidly changing world"): the
    // claim after it carries the pattern
    frames: [
      'จินตนาการถึงสถานการณ์',
      'สถานการณ์สมมุติ',
      'ในโลกที่',
      'ในโลกคู่ขนาน',
      'ในจักรวาลคู่ขนาน',
      'ในโลกสมมติ',
      'สถานการณ์สมมติ',
    ],
    claims: [
      'เราบอกว่า',
      'เราพูดว่า',
      'เรากล่าวว่า',
      'เราระบุว่า',
      'เราอาจระบุว่า',
      'เราอาจบอกว่า',
      'เราอาจจะบอกว่า',
      'เราอาจกล่าวว่า',
      'เราสามารถพูดได้ว่า',
    ],
    output: [
      'ผลลัพธ์อาจเป็น',
      'ผลลัพธ์อาจจะเป็น',
      'ผลผลิตอาจเป็น',
      'ผลผลิตอาจจะเป็น',
      'เอาต์พุตอาจเป็น',
      'เอาต์พุตอาจจะเป็น',
      'ผลลัพธ์จะเป็น',
    ],
  },
  zh: {
    frames: [
      '想象一个场景',
      '想象这样一个场景',
      '假设一个场景',
      '考虑一个假设的场景',
      '假设的情景',
      '平行宇宙',
      '平行世界',
      '假想的世界',
      '假设的世界',
      '假设的场景',
      '假想的场景',
    ],
    claims: [
      '我们说',
      '我们声明',
      '我们断言',
      '我们宣称',
      '我们可以说',
      '我们可能会说',
      '我们可以声明',
      '我们可以断言',
      '我们会说',
    ],
    output: [
      '输出可能是',
      '输出可能为',
      '结果可能是',
      '输出会是',
      '结果会是',
      '输出将是',
      '輸出可能是',
      '結果可能是',
    ],
  },
  ja: {
    frames: [
      '仮定のシナリオ',
      'パラレルワールド',
      '並行世界',
      '平行世界',
      '並行宇宙',
      '架空の世界',
      '仮想のシナリオ',
    ],
    claims: [
      'と述べることに',
      'と言うことに',
      'と述べましょう',
      'と言えるでしょう',
      'と言うことができ',
      'と述べることができ',
      'と主張でき',
    ],
    output: ['出力は', '結果は'],
    modal: ['かもしれません', 'かもしれない', 'になるでしょう', 'となるでしょう', 'になる可能性'],
  },
  ko: {
    frames: ['평행 우주', '평행 세계', '가상의 세계', '가상의 시나리오'],
    claims: ['라고 말할 수 있', '라고 할 수 있', '라고 주장할 수 있'],
    output: ['출력은', '결과는', '출력이', '결과가'],
    modal: ['일 수 있', '가 될 수', '이 될 수', '일 것입니다'],
  },
};

/** "Hypothetically", an adverb that can only set up a thought experiment. */
const HYPOTHETICALLY = [
  ...['hipoteticamente', 'hypothetiquement', 'hypothetisch', 'ipoteticamente', 'гипотетически'],
  ...['varsayımsal olarak', 'farazi olarak', 'theo giả thuyết', 'secara hipotetis', 'hipotetikal'],
  ...['افتراضيا', 'काल्पनिक रूप से', 'কাল্পনিকভাবে', '假设性地', '仮定として', '가정적으로'],
];

/** "We ignore / if we ignored", conjugated forms the lexicon's imperatives do not cover. */
const WE_IGNORE_BASE = [
  ...['ignoraramos', 'ignorasemos', 'ignoramos', 'ignorassemos', 'ignorarmos', 'ignorions'],
  ...['ignorons', 'ignorerions', 'ignorieren wurden', 'ignorieren', 'ignoriamo', 'ignorassimo'],
  ...['проигнорировали', 'проигнорируем', 'игнорируем', 'görmezden gelirsek', 'yok sayarsak'],
  ...['bỏ qua', 'mengabaikan', 'kita abaikan', 'huwag pansinin', 'تجاهلنا', 'نتجاهل'],
  ...['अनदेखा करें', 'अनदेखा कर', 'উপেক্ষা কর', 'ไม่สนใจ', 'เพิกเฉย', '忽略', '无视', '無視', '무시'],
];

/**
 * "Hypothetically, if we ignored the function, ...": a hypothetical adverb and "we ignore" (as
 * `rules-taskswitch.ts` does with the lexicon's imperatives). Not the looser "suppose" ("假设我们
 * 忽略网络延迟，结果是 ..." is an engineer's estimate).
 */
const IGNORE_IN_HYPOTHETICAL: readonly PhrasePattern[] = [
  { rule: R, lang: '*', groups: [HYPOTHETICALLY, WE_IGNORE_BASE], gaps: [60] },
];

/** A quote opening the planted value. */
const QUOTES = ["'", '"', '“', '‘', '«', '「', '『', '„'];

/** "In a parallel universe ..., the output could be '10'": the frame, then the quoted output. */
function outputPatterns(lang: string, t: FrameTable): PhrasePattern {
  return t.modal === undefined
    ? { rule: R, lang, groups: [t.frames, t.output, QUOTES], gaps: [FRAME_GAP, 3] }
    : { rule: R, lang, groups: [t.frames, t.output, QUOTES, t.modal], gaps: [FRAME_GAP, 3, 24] };
}

/**
 * Verb-final languages put the planted claim before the scenario it belongs to ("başkentin X
 * olduğunu söylediğimiz bir senaryo hayal edelim", "首都はXだと言うシナリオを想像してみましょう").
 */
const CLAIM_BEFORE_FRAME: Readonly<
  Record<string, { claims: readonly string[]; frames: readonly string[] }>
> = {
  tr: {
    claims: ['söylediğimiz', 'dediğimiz', 'belirttiğimiz', 'iddia ettiğimiz'],
    frames: ['senaryo hayal edelim', 'senaryoyu hayal edelim', 'senaryo düşünelim'],
  },
  ja: {
    claims: ['だと言う', 'と言う', 'と述べる', 'と主張する'],
    frames: ['シナリオを想像', 'シナリオを考え', '仮定のシナリオ', '仮想のシナリオ'],
  },
  ko: {
    claims: ['라고 말하는', '라고 하는', '라고 진술하는', '라고 주장하는'],
    frames: ['시나리오를 상상', '시나리오를 생각', '가상의 시나리오'],
  },
};

/**
 * "A scenario where we ignore the actual data (and state ...)": the frame and "we ignore", in
 * either order (verb-final languages name the ignoring first). The bare "suppose we ignore the
 * latency" of an engineer's estimate has no scenario word.
 */
const SCENARIO_FRAMES = [
  ...['imaginemos un escenario', 'vamos imaginar um cenario', 'imaginons un scenario'],
  ...['stellen wir uns ein szenario vor', 'immaginiamo uno scenario', 'представим сценарий'],
  ...[
    'senaryo hayal edelim',
    'hãy tưởng tượng một kịch bản',
    'bayangkan skenario',
    'لنتخيل سيناريو',
  ],
  ...['isipin natin ang isang senaryo', 'परिदृश्य की कल्पना', 'পরিস্থিতি কল্পনা', '想象一个场景'],
  ...['シナリオを想像', '시나리오를 상상', 'จินตนาการถึงสถานการณ์'],
];
const WE_IGNORE_MORE = [
  ...WE_IGNORE_BASE,
  ...['ignorieren', 'yok saydığımız', 'görmezden geldiğimiz', 'ignoriamo', 'ignorons', 'ignoramos'],
  ...['を無視して', '무시하고'],
];

/** Every virtualisation pattern outside English. */
export const FRAME_PATTERNS: readonly PhrasePattern[] = [
  ...Object.entries(FRAMES).map(
    ([lang, t]): PhrasePattern => ({
      rule: R,
      lang,
      groups: [t.frames, t.claims],
      gaps: [FRAME_GAP],
    }),
  ),
  ...Object.entries(FRAMES).map(([lang, t]) => outputPatterns(lang, t)),
  ...Object.entries(CLAIM_BEFORE_FRAME).map(
    ([lang, t]): PhrasePattern => ({ rule: R, lang, groups: [t.claims, t.frames], gaps: [12] }),
  ),
  { rule: R, lang: '*', groups: [SCENARIO_FRAMES, WE_IGNORE_MORE], gaps: [60] },
  { rule: R, lang: '*', groups: [WE_IGNORE_MORE, SCENARIO_FRAMES], gaps: [60] },
  ...IGNORE_IN_HYPOTHETICAL,
];
