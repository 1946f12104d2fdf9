import { defineSection } from '../section.js';

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

/** Answer in `outputLanguage`; without one, in the language of `locale` (when known). */
export const outputLanguageSection = defineSection({
  name: 'output-language',
  tier: 'dynamic',
  render: (ctx) => {
    const language =
      ctx.outputLanguage?.trim() ||
      (ctx.locale === undefined ? undefined : languageOfLocale(ctx.locale));
    return language
      ? `Always answer the user in ${language}, whatever the language of the files, tool output or this prompt.`
      : null;
  },
});
