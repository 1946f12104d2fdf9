import { describe, expect, it } from 'vitest';
import { parseGlobValue } from './globs.js';
import { globsMatch, matchPathRules } from './match-path-rules.js';

describe('parseGlobValue', () => {
  it('splits comma lists but not inside braces', () => {
    expect(parseGlobValue('**/*.{ts,tsx}, src/**, ./docs/*.md')).toEqual({
      globs: ['**/*.{ts,tsx}', 'src/**', 'docs/*.md'],
    });
  });
  it('takes lists, drops empties and duplicates, reports wrong shapes', () => {
    expect(parseGlobValue(['a/**', '', 'a/**', 'b'])).toEqual({ globs: ['a/**', 'b'] });
    expect(parseGlobValue(undefined)).toEqual({ globs: [] });
    expect(parseGlobValue(42).problem).toMatch(/string/);
    expect(parseGlobValue(['x', 3])).toEqual({ globs: ['x'], problem: expect.any(String) });
  });
});

describe('matchPathRules', () => {
  const rules = [
    { name: 'ts', mode: 'glob', globs: ['*.ts'] },
    { name: 'src', mode: 'glob', globs: ['src/**'] },
    { name: 'anchored', mode: 'glob', globs: ['/README.md'] },
    { name: 'neg', mode: 'glob', globs: ['**/*.md', '!docs/**'] },
    { name: 'always', mode: 'always', globs: [] },
    { name: 'dir', mode: 'glob', globs: ['packages/a/**'] },
  ] as const;
  const names = (p: string) => matchPathRules(rules, p).map((r) => r.name);

  it('matches a slash-less glob against the file name at any depth', () => {
    expect(names('src/deep/x.ts')).toEqual(['ts', 'src']);
    expect(names('lib/x.ts')).toEqual(['ts']);
  });
  it('anchors a leading slash at the root', () => {
    expect(names('README.md')).toEqual(['anchored', 'neg']);
    expect(names('sub/README.md')).toEqual(['neg']);
  });
  it('applies negations', () => {
    expect(names('docs/guide.md')).toEqual([]);
  });
  it('normalises ./ and backslashes, ignores non-glob rules and paths leaving the root', () => {
    expect(names('./packages\\a\\index.js')).toEqual(['dir']);
    expect(names('../outside.ts')).toEqual([]);
    expect(names('')).toEqual([]);
  });
  it('matches dot files', () => {
    expect(globsMatch(['src/**'], 'src/.env.example')).toBe(true);
  });
});

describe('globs the engine refuses', () => {
  it('are reported where the rule is classified, and match nothing', async () => {
    const { classifyRule } = await import('./classify-rule.js');
    const spec = { globKeys: ['globs'], unscoped: 'manual' } as const;
    const c = classifyRule({ globs: `[z-a].md, ${'x'.repeat(1100)}, *.md` }, spec, 'r.mdc');
    expect(c.mode).toBe('glob');
    expect(c.problems.map((p) => [p.key, /E_GLOB_\w+/.exec(p.message)?.[0]])).toEqual([
      ['globs', 'E_GLOB_INVALID'],
      ['globs', 'E_GLOB_TOO_LONG'],
    ]);
    expect(globsMatch(c.globs, 'a.md')).toBe(true);
    expect(globsMatch(['[z-a].md'], '[z-a].md')).toBe(false);
  });
});
