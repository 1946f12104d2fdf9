import { describe, expect, it } from 'vitest';
import { createPromptContext } from '../context.js';
import { environmentSection } from './environment.js';
import { languageOfLocale, outputLanguageSection } from './output-language.js';

describe('output language', () => {
  it('an explicit outputLanguage wins over the locale', () => {
    const ctx = createPromptContext({ locale: 'de-DE', outputLanguage: 'French' });
    expect(outputLanguageSection.render(ctx)).toMatch(/^Always answer the user in French,/);
  });

  it('without one, the locale names the language (POSIX and BCP 47 forms)', () => {
    // a locale in the localised table: the sentence is in that language
    expect(outputLanguageSection.render(createPromptContext({ locale: 'zh_CN' }))).toBe(
      '无论文件、工具输出或本提示使用何种语言，始终用简体中文回答用户。',
    );
    // one outside it: the English sentence naming the language
    expect(outputLanguageSection.render(createPromptContext({ locale: 'pt-PT' }))).toMatch(
      /^Always answer the user in Portuguese,/,
    );
    expect(languageOfLocale('zh_TW')).toBe('Traditional Chinese');
    expect(languageOfLocale('pt-BR')).toBe('Brazilian Portuguese');
    expect(languageOfLocale('pt-PT')).toBe('Portuguese');
    expect(languageOfLocale('ja-JP')).toBe('Japanese');
    expect(languageOfLocale('xx-YY')).toBeUndefined();
  });

  it('an unknown locale or none adds nothing', () => {
    expect(outputLanguageSection.render(createPromptContext({ locale: 'xx-YY' }))).toBeNull();
    expect(outputLanguageSection.render(createPromptContext({}))).toBeNull();
  });
});

describe('environment', () => {
  it('shows the home folder, on one line', () => {
    const text = environmentSection.render(createPromptContext({ cwd: '/r', home: '/home/a\nb' }));
    expect(text).toContain('\nHome folder: /home/a\\nb\n');
  });
});
