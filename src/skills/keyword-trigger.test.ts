import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileKeywordMatcher, tokenize } from './keyword-trigger.js';

describe('keyword triggers', () => {
  it('matches whole tokens only, case-insensitively', () => {
    const m = compileKeywordMatcher([{ id: 'git', keywords: ['git'] }]);
    expect(m.match('Please GIT commit this')).toEqual([{ id: 'git', matched: ['git'] }]);
    expect(m.match('open github please')).toEqual([]);
    expect(m.match('use .git/config')).toEqual([{ id: 'git', matched: ['git'] }]);
    expect(m.match('legit')).toEqual([]);
  });

  it('matches phrases as consecutive tokens', () => {
    const m = compileKeywordMatcher([{ id: 'pr', keywords: ['pull request', "what's missing"] }]);
    expect(m.match('Open a pull-request')).toEqual([{ id: 'pr', matched: ['pull request'] }]);
    expect(m.match('pull the request')).toEqual([]);
    expect(m.match("What's missing here?")).toEqual([{ id: 'pr', matched: ["what's missing"] }]);
  });

  it('requires minMatches distinct keywords', () => {
    const m = compileKeywordMatcher([
      { id: 'deploy', keywords: ['deploy', 'staging', 'prod'], minMatches: 2 },
    ]);
    expect(m.match('deploy deploy deploy')).toEqual([]);
    expect(m.match('deploy to staging')).toEqual([
      { id: 'deploy', matched: ['deploy', 'staging'] },
    ]);
  });

  it('handles non-ASCII letters and returns rules in declaration order', () => {
    const m = compileKeywordMatcher([
      { id: 'b', keywords: ['übersetzung'] },
      { id: 'a', keywords: ['déploiement'] },
    ]);
    expect(m.match('Déploiement et ÜBERSETZUNG').map((x) => x.id)).toEqual(['b', 'a']);
  });

  it('agrees with a whole-word regex on single-word keywords (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,4}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 5 }),
        fc.array(word, { maxLength: 30 }),
        (kws, msgWords) => {
          const message = msgWords.join(' ');
          const m = compileKeywordMatcher([{ id: 'r', keywords: kws }]);
          const got = m.match(message)[0]?.matched ?? [];
          const expected = [...new Set(kws)].filter((k) =>
            new RegExp(`(^| )${k}( |$)`).test(message),
          );
          expect([...new Set(got)].sort()).toEqual(expected.sort());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('tokenizes into lowercase letter and digit runs', () => {
    expect(tokenize('Node.js v20, C++!')).toEqual(['node', 'js', 'v20', 'c']);
  });
});
