// One case table, run against every way a path rule is matched: `ctxloom sources --for`
// (sources' matchPathRules / globsMatch), `ctxloom skills match --path` (skills'
// compilePathRules) and the glob engine itself. They share one engine; this pins that they
// can never disagree again (issue 12).
import { describe, expect, it } from 'vitest';
import { compileGlobList, matchGlobs } from '../glob/index.js';
import { globsMatch, matchPathRules } from '../sources/index.js';
import { compilePathRules } from './path-rules.js';

/** [globs, path, matches] */
const CASES: readonly (readonly [readonly string[], string, boolean])[] = [
  // the three disputed cases of issue 12, decided the gitignore way
  [['src'], 'src/a.ts', true], // a glob without "/" matches a folder at any depth, and its files
  [['src'], 'lib/src/a.ts', true],
  [['[!a]*.md'], 'b.md', true], // negated classes
  [['[!a]*.md'], 'a.md', false],
  [['docs/'], 'docs', false], // "docs/" is a folder; the path given is a file named docs
  [['docs/'], 'docs/a.md', true],
  [['docs/'], 'src/docs/a.md', true],
  // issue 15: the pathological glob, on a 46-character name
  [['*e*e*e*e*e*e*e*e*e*e*Q'], `${'e'.repeat(45)}x`, false],
  [['*e*e*e*e*e*e*e*e*e*e*Q'], `src/${'e'.repeat(45)}Q`, true],
  // the rest of the semantics the two documented
  [['*.ts'], 'src/deep/a.ts', true],
  [['*.ts'], 'src/a.tsx', false],
  [['/README.md'], 'README.md', true],
  [['/README.md'], 'sub/README.md', false],
  [['src/api/**'], 'src/api/v1/x.ts', true],
  [['src/api/**'], 'src/api', false],
  [['src/api/**'], 'lib/src/api/x.ts', false],
  [['**/*.{ts,tsx}'], 'src/a.tsx', true],
  [['src/{api,web}/**'], 'src/web/x.ts', true],
  // `(a|b)` groups as real .mdc files write them; a group without "|" is a literal folder name
  [['/**/*.(ts|tsx)'], 'src/a.tsx', true],
  [['/(app|pages)/api/**/*.(ts|js)'], 'pages/api/x/y.js', true],
  [['/(app|pages)/api/**/*.(ts|js)'], 'lib/api/y.js', false],
  [
    ['frontend/app/(landing-page)/**/*action.ts'],
    'frontend/app/(landing-page)/a/do-action.ts',
    true,
  ],
  [['**/*.md', '!docs/**'], 'docs/guide.md', false],
  [['**/*.md', '!docs/**'], 'src/guide.md', true],
  [['!docs/**', '**/*.md'], 'docs/guide.md', true], // the last glob that matches decides
  [['src/**/*.ts', '!src/gen/**'], 'src/gen/x.ts', false],
  [['src/**', '!src/gen/**'], 'src/gen/x.ts', true], // git cannot re-include inside a matched folder
  [['*.md'], '.hidden.md', true],
  [['src/**'], 'src/.env.example', true],
  [['README.md'], 'readme.md', false],
  [['file?.md'], 'docs/file1.md', true],
  [['[z-a].md', '*.md'], 'a.md', true], // a glob that cannot be compiled matches nothing
  [['[z-a].md'], '[z-a].md', false],
];

const rule = (globs: readonly string[]) => ({
  name: 'r',
  mode: 'glob',
  globs,
  body: 'body',
  source: '.cursor/rules/r.mdc',
});

describe('sources and skills match paths the same way', () => {
  it.each(CASES)('%j on %s is %s', (globs, path, expected) => {
    const viaSources = matchPathRules([rule(globs)], path).length > 0;
    const viaSourcesList = globsMatch(globs, path);
    const viaSkills = compilePathRules([rule(globs)]).match(path).length > 0;
    const viaEngine = matchGlobs(compileGlobList(globs).globs, path) !== undefined;
    expect({ viaSources, viaSourcesList, viaSkills, viaEngine }).toEqual({
      viaSources: expected,
      viaSourcesList: expected,
      viaSkills: expected,
      viaEngine: expected,
    });
  });

  it('skills reports the globs it refused; they match nothing in both', () => {
    const long = 'x'.repeat(1100);
    expect(globsMatch([long], long)).toBe(false);
    expect(matchPathRules([rule([long])], long)).toEqual([]);
    const engine = compilePathRules([rule(['[z-a].md', long])]);
    expect(engine.match(long)).toEqual([]);
    expect(engine.diagnostics.map((d) => d.code)).toEqual(['E_SKILL_BAD_GLOB', 'E_SKILL_BAD_GLOB']);
    expect(engine.diagnostics.map((d) => /E_GLOB_\w+/.exec(d.message)?.[0])).toEqual([
      'E_GLOB_INVALID',
      'E_GLOB_TOO_LONG',
    ]);
  });
});
