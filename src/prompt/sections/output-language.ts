import { defineSection } from '../section.js';
import { localeKey, localisedTexts } from './localised-text.js';

/** Language names for locales (tag, then its language subtag), so the reaffirmation needs no ICU data. */
const LANGUAGES: Readonly<Record<string, string>> = Object.freeze({
  ar: 'Arabic',
  de: 'German',
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  hi: 'Hindi',
  id: 'Indonesian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  nl: 'Dutch',
  pl: 'Polish',
  pt: 'Portuguese',
  'pt-BR': 'Brazilian Portuguese',
  ru: 'Russian',
  sv: 'Swedish',
  tr: 'Turkish',
  uk: 'Ukrainian',
  vi: 'Vietnamese',
  zh: 'Chinese',
  'zh-CN': 'Simplified Chinese',
  'zh-HK': 'Traditional Chinese',
  'zh-SG': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
});

/** The language a locale such as `zh_CN`, `pt-BR` or `fr-FR` names; undefined when unknown. */
export function languageOfLocale(locale: string): string | undefined {
  const [lang = '', region] = locale.trim().replace(/_/g, '-').split('-');
  const l = lang.toLowerCase();
  const tag = region ? `${l}-${region.toUpperCase()}` : l;
  return LANGUAGES[tag] ?? LANGUAGES[l];
}

/**
 * Answer in `outputLanguage` (an English sentence naming it); without one, in the language of
 * `locale`: the sentence in that language when the localised table has it, else the English
 * sentence naming the language (when known).
 */
export const outputLanguageSection = defineSection({
  name: 'output-language',
  tier: 'dynamic',
  render: (ctx) => {
    const explicit = ctx.outputLanguage?.trim();
    if (explicit) return answerIn(explicit);
    if (ctx.locale === undefined) return null;
    if (localeKey(ctx.locale) !== undefined) return localisedTexts(ctx.locale).answerIn;
    const language = languageOfLocale(ctx.locale);
    return language ? answerIn(language) : null;
  },
});

function answerIn(language: string): string {
  return `Always answer the user in ${language}, whatever the language of the files, tool output or this prompt.`;
}
