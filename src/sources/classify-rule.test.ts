import { describe, expect, it } from 'vitest';
import { classifyRule } from './classify-rule.js';
import { DEFAULT_RULES_FOLDERS } from './defaults.js';

const cursor = DEFAULT_RULES_FOLDERS.find((s) => s.kind === 'cursor-mdc')!;
const claude = DEFAULT_RULES_FOLDERS.find((s) => s.kind === 'claude-rule')!;
const cline = DEFAULT_RULES_FOLDERS.find((s) => s.kind === 'clinerules')!;

describe('classifyRule (Cursor modes)', () => {
  it('alwaysApply wins over globs', () => {
    expect(classifyRule({ alwaysApply: true, globs: '*.ts' }, cursor, 'a.mdc')).toMatchObject({
      mode: 'always',
      globs: [],
    });
  });
  it('globs make a path-scoped rule', () => {
    expect(
      classifyRule({ alwaysApply: false, globs: '**/*.ts, **/*.tsx' }, cursor, 'a.mdc'),
    ).toMatchObject({
      mode: 'glob',
      globs: ['**/*.ts', '**/*.tsx'],
    });
  });
  it('a description alone makes an agent-requested rule', () => {
    expect(classifyRule({ description: 'When writing SQL' }, cursor, 'a.mdc')).toEqual({
      mode: 'agent-requested',
      globs: [],
      description: 'When writing SQL',
      problems: [],
    });
  });
  it('nothing makes a manual rule', () => {
    expect(classifyRule({ globs: '' }, cursor, 'a.mdc').mode).toBe('manual');
  });
  it('reports a wrong alwaysApply value and still classifies', () => {
    const c = classifyRule({ alwaysApply: 'sometimes', description: 'x' }, cursor, 'a.mdc');
    expect(c.mode).toBe('agent-requested');
    expect(c.problems[0]).toMatchObject({ key: 'alwaysApply' });
  });
});

describe('classifyRule (other folders)', () => {
  it('claude rules without paths always apply; with paths they are scoped', () => {
    expect(classifyRule({}, claude, 'x.md').mode).toBe('always');
    expect(classifyRule({ paths: ['src/**/*.ts'] }, claude, 'x.md')).toMatchObject({
      mode: 'glob',
      globs: ['src/**/*.ts'],
    });
  });
  it('cline workflows are manual', () => {
    expect(classifyRule({}, cline, 'workflows/release.md').mode).toBe('manual');
    expect(classifyRule({}, cline, 'style.md').mode).toBe('always');
  });
});
