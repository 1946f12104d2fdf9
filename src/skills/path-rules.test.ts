import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob, matchGlobs } from '../glob/index.js';
import { compilePathRules } from './path-rules.js';
import type { PathRule } from './types.js';

const rule = (name: string, globs: string[], source = `.cursor/rules/${name}.mdc`): PathRule => ({
  name,
  globs,
  body: `${name} body`,
  source,
});

describe('compilePathRules', () => {
  it('returns matching rules in the given order with the deciding glob', () => {
    const engine = compilePathRules([
      rule('api', ['src/api/**']),
      rule('ts', ['*.ts', '!*.test.ts']),
      rule('docs', ['docs/**/*.md']),
      rule('tsx', ['**/*.{ts,tsx}']),
    ]);
    expect(engine.match('src/api/users.ts').map((m) => [m.rule.name, m.glob])).toEqual([
      ['api', 'src/api/**'],
      ['ts', '*.ts'],
      ['tsx', '**/*.{ts,tsx}'],
    ]);
    expect(engine.match('src/api/users.test.ts').map((m) => m.rule.name)).toEqual(['api', 'tsx']);
    expect(engine.match('docs/a/b.md').map((m) => m.rule.name)).toEqual(['docs']);
  });

  it('matches nothing for paths outside the workspace', () => {
    const engine = compilePathRules([rule('all', ['**'])]);
    expect(engine.match('../x.ts')).toEqual([]);
    expect(engine.match('/etc/passwd')).toEqual([]);
    expect(engine.match('./src/x.ts').map((m) => m.path)).toEqual(['src/x.ts']);
  });

  it('reports a glob that cannot be compiled and keeps the other rules', () => {
    const engine = compilePathRules([rule('bad', ['[z-a].md']), rule('ok', ['*.md'])]);
    expect(engine.match('a.md').map((m) => m.rule.name)).toEqual(['ok']);
    expect(engine.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['E_SKILL_BAD_GLOB', '.cursor/rules/bad.mdc'],
    ]);
  });

  it('the index gives exactly what testing every rule gives (property)', () => {
    const seg = fc.constantFrom('src', 'api', 'a.ts', 'b.md', 'x', '.env', 'test', 'c.test.ts');
    const globSeg = fc.constantFrom(
      'src',
      'api',
      '*.ts',
      '*.md',
      '**',
      '*',
      'x',
      '*.test.ts',
      '{a,b}.ts',
      '*.{ts,md}',
      '[ab].md',
      'te?t',
    );
    const glob = fc
      .tuple(fc.boolean(), fc.array(globSeg, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([neg, segs, trail]) => `${neg ? '!' : ''}${segs.join('/')}${trail ? '/' : ''}`);
    fc.assert(
      fc.property(
        fc.array(fc.array(glob, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
        fc.array(seg, { minLength: 1, maxLength: 4 }),
        (globLists, segs) => {
          const rules = globLists.map((g, i) => rule(`r${i}`, g));
          const path = segs.join('/');
          const naive = rules
            .filter((r) => {
              const compiled = r.globs.map(compileGlob).filter((g) => g !== null);
              return matchGlobs(compiled, path) !== undefined;
            })
            .map((r) => r.name);
          expect(
            compilePathRules(rules)
              .match(path)
              .map((m) => m.rule.name),
          ).toEqual(naive);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
