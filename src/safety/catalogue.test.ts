import { describe, expect, it } from 'vitest';
import { isRuleId, RULES } from './catalogue.js';
import { OVERRIDE_LANGUAGES } from './rules-override.js';
import { PHRASE_PATTERNS as ALL } from './scan-layer.js';

describe('rule catalogue', () => {
  it('has unique, sorted ids with a category, severity and languages', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const r of RULES) {
      expect(r.id).toMatch(/^[a-z]+\.[a-z-]+$/);
      expect(['block', 'flag', 'info']).toContain(r.severity);
      expect(r.languages.length).toBeGreaterThan(0);
    }
  });
  it('every pattern reports a catalogued rule (or is an internal ctx:/lex: pattern)', () => {
    for (const p of ALL) {
      if (p.rule.startsWith('ctx:') || p.rule.startsWith('lex:')) continue;
      expect(isRuleId(p.rule), p.rule).toBe(true);
    }
  });
  it('lists every language a rule has patterns in', () => {
    const byRule = new Map(RULES.map((r) => [r.id, new Set<string>(r.languages)]));
    for (const p of ALL) {
      const langs = byRule.get(p.rule);
      if (langs === undefined || p.lang === '*' || langs.has('*')) continue;
      expect(langs.has(p.lang), `${p.rule} has ${p.lang} patterns`).toBe(true);
    }
  });
  it('covers the 15 languages the issue asks for in instruction override', () => {
    for (const lang of [
      'en',
      'zh',
      'ja',
      'ko',
      'es',
      'pt',
      'fr',
      'de',
      'it',
      'ru',
      'tr',
      'ar',
      'hi',
      'vi',
      'id',
    ]) {
      expect(OVERRIDE_LANGUAGES).toContain(lang);
    }
  });
  it('has no empty phrase groups', () => {
    for (const p of ALL) for (const g of p.groups) expect(g.length, p.rule).toBeGreaterThan(0);
  });
});
