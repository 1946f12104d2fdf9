import { describe, expect, it } from 'vitest';
import { isRuleId, RULES } from './catalogue.js';
import { CONTEXT_PATTERNS } from './rules-context.js';
import { DECEPTION_PATTERNS } from './rules-deception.js';
import { EXFILTRATION_PATTERNS } from './rules-exfiltration.js';
import { EXTRACTION_PATTERNS } from './rules-extraction.js';
import { JAILBREAK_PATTERNS } from './rules-jailbreak.js';
import { OVERRIDE_LANGUAGES, OVERRIDE_PATTERNS } from './rules-override.js';
import { ROLE_PATTERNS } from './rules-roles.js';

const ALL = [
  ...OVERRIDE_PATTERNS,
  ...DECEPTION_PATTERNS,
  ...ROLE_PATTERNS,
  ...EXTRACTION_PATTERNS,
  ...EXFILTRATION_PATTERNS,
  ...JAILBREAK_PATTERNS,
  ...CONTEXT_PATTERNS,
];

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
