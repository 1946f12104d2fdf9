import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CtxloomError } from '../diagnostics/index.js';
import {
  createSession,
  forkSession,
  markActivated,
  parseSession,
  serializeSession,
  updateSession,
} from './session.js';

const s0 = createSession({ id: 'abc', createdAt: '2026-01-01T00:00:00.000Z' });

describe('Session', () => {
  it('is deeply frozen', () => {
    const s = markActivated(s0, ['rule:a']);
    expect(() => (s.activated as string[]).push('x')).toThrow(TypeError);
    expect(() => {
      (s.cache as { turns: number }).turns = 3;
    }).toThrow(TypeError);
  });

  it('fork keeps what was injected, gets a new id and links to its parent', () => {
    const parent = updateSession(markActivated(s0, ['rule:http', 'skill:pdf']), {
      invokedSkills: ['pdf'],
    });
    const child = forkSession(parent, { id: 'def', createdAt: '2026-01-02T00:00:00.000Z' });
    expect(child).toMatchObject({
      id: 'def',
      parentId: 'abc',
      activated: ['rule:http', 'skill:pdf'],
      invokedSkills: ['pdf'],
      revision: 0,
    });
    // the branch's further activations do not leak into the parent
    const grown = markActivated(child, ['rule:billing']);
    expect(parent.activated).toEqual(['rule:http', 'skill:pdf']);
    expect(grown.activated).toEqual(['rule:billing', 'rule:http', 'skill:pdf']);
    expect(() => forkSession(parent, { id: 'abc', createdAt: 'x' })).toThrow(/new id/);
  });

  it('markActivated de-duplicates and sorts', () => {
    expect(markActivated(markActivated(s0, ['b', 'a']), ['a', 'c']).activated).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('round-trips through JSON', () => {
    const s = updateSession(markActivated(s0, ['x']), {
      plan: 'p',
      artifacts: ['sha256:aa'],
      compactions: [{ at: '2026-01-01T00:00:00Z', tokensBefore: 9, tokensAfter: 3, artifacts: [] }],
    });
    expect(parseSession(serializeSession(s))).toEqual(s);
  });

  it('migrates a version-1 file', () => {
    const v1 = JSON.stringify({
      version: 1,
      id: 'old',
      createdAt: '2025-05-05T00:00:00Z',
      rules: ['rule:a'],
      skills: ['pdf'],
      plan: 'P',
      compactions: [],
    });
    expect(parseSession(v1)).toMatchObject({
      version: 2,
      id: 'old',
      activated: ['pdf', 'rule:a'],
      invokedSkills: ['pdf'],
      plan: 'P',
      revision: 0,
      artifacts: [],
    });
  });

  it('refuses corrupt data with a typed error naming the field', () => {
    const good = JSON.parse(serializeSession(s0));
    const cases: [unknown, RegExp][] = [
      ['{', /not valid JSON/],
      ['[]', /expected a JSON object/],
      [{ ...good, version: 9 }, /unsupported session format version 9/],
      [{ ...good, activated: [1] }, /"activated"/],
      [{ ...good, revision: -1 }, /"revision"/],
      [{ ...good, cache: {} }, /"cache"/],
      [{ ...good, compactions: [{ at: 1 }] }, /"compactions\[0\]"/],
    ];
    for (const [input, message] of cases) {
      expect(() =>
        parseSession(typeof input === 'string' ? input : JSON.stringify(input), 'f.json'),
      ).toThrow(message);
    }
  });

  it('never throws anything but a CtxloomError on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        try {
          parseSession(text);
        } catch (error) {
          expect(CtxloomError.isInstance(error)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
