import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CtxloomError } from '../diagnostics/index.js';
import {
  activationState,
  createSession,
  forkSession,
  markActivated,
  parseSession,
  serializeSession,
  updateSession,
  withActivationState,
} from './session.js';

const rec = (key: string) => ({ key, via: 'path' as const });
const keys = (s: { activated: readonly { key: string }[] }) => s.activated.map((r) => r.key);
const s0 = createSession({ id: 'abc', createdAt: '2026-01-01T00:00:00.000Z' });

describe('Session', () => {
  it('is deeply frozen', () => {
    const s = markActivated(s0, [rec('rule:a')]);
    expect(() => (s.activated as unknown[]).push('x')).toThrow(TypeError);
    expect(() => {
      (s.cache as { turns: number }).turns = 3;
    }).toThrow(TypeError);
  });

  it('fork keeps what was injected, gets a new id and links to its parent', () => {
    const parent = updateSession(markActivated(s0, [rec('rule:http'), rec('skill:pdf')]), {
      invokedSkills: ['pdf'],
    });
    const child = forkSession(parent, { id: 'def', createdAt: '2026-01-02T00:00:00.000Z' });
    expect(child).toMatchObject({
      id: 'def',
      parentId: 'abc',
      activated: [rec('rule:http'), rec('skill:pdf')],
      invokedSkills: ['pdf'],
      revision: 0,
    });
    // the branch's further activations do not leak into the parent
    const grown = markActivated(child, [rec('rule:billing')]);
    expect(keys(parent)).toEqual(['rule:http', 'skill:pdf']);
    expect(keys(grown)).toEqual(['rule:billing', 'rule:http', 'skill:pdf']);
    expect(() => forkSession(parent, { id: 'abc', createdAt: 'x' })).toThrow(/new id/);
  });

  it('markActivated de-duplicates and sorts', () => {
    const once = markActivated(s0, [rec('b'), rec('a')]);
    expect(keys(markActivated(once, [{ key: 'a', via: 'keyword' }, rec('c')]))).toEqual([
      'a',
      'b',
      'c',
    ]);
    // the first activation's reason is kept
    expect(markActivated(once, [{ key: 'a', via: 'keyword' }]).activated[0]).toEqual(rec('a'));
  });

  it('hands its activation state to the skills trigger engine and takes it back', () => {
    const s = markActivated(s0, [rec('rule:http')]);
    const state = activationState(s);
    expect(state).toEqual({ version: 1, records: [rec('rule:http')] });
    const back = withActivationState(s, {
      version: 1,
      records: [rec('rule:http'), { key: 'skill:pdf', via: 'invoke' }],
    });
    expect(keys(back)).toEqual(['rule:http', 'skill:pdf']);
  });

  it('round-trips through JSON', () => {
    const s = updateSession(markActivated(s0, [rec('x')]), {
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
      version: 3,
      id: 'old',
      activated: [
        { key: 'pdf', via: 'invoke' },
        { key: 'rule:a', via: 'path' },
      ],
      invokedSkills: ['pdf'],
      plan: 'P',
      revision: 0,
      artifacts: [],
    });
  });

  it('holds the history: it round-trips, a fork keeps it and resets the cache figures', () => {
    const history = [
      {
        id: 'm0',
        role: 'user' as const,
        parts: [{ type: 'text' as const, text: 'Fix the test.' }],
      },
      {
        id: 'm1',
        role: 'assistant' as const,
        parts: [{ type: 'tool-call' as const, id: 'c1', name: 'bash', input: { cmd: 'npm test' } }],
      },
      {
        id: 'm2',
        role: 'tool' as const,
        parts: [{ type: 'tool-result' as const, toolCallId: 'c1', content: '1 failed' }],
      },
    ];
    const s = updateSession(createSession({ id: 'h', createdAt: '2026-01-01T00:00:00Z' }), {
      history,
      messageSeq: 3,
      cache: { turns: 4, inputTotal: 900, cacheRead: 800, cacheWrite: 100 },
    });
    const back = parseSession(serializeSession(s));
    expect(back.history).toEqual(history);
    expect(back.messageSeq).toBe(3);
    const child = forkSession(back, { id: 'h2', createdAt: '2026-01-02T00:00:00Z' });
    expect(child.history).toEqual(history);
    expect(child.cache).toEqual({ turns: 0, inputTotal: 0, cacheRead: 0, cacheWrite: 0 });
    expect(child.parentId).toBe('h');
  });

  it('migrates a version-2 file (no history yet) and refuses a malformed history', () => {
    const v2 = JSON.parse(
      serializeSession(createSession({ id: 'v2', createdAt: '2026-01-01T00:00:00Z' })),
    );
    v2.version = 2;
    delete v2.history;
    delete v2.messageSeq;
    expect(parseSession(JSON.stringify(v2))).toMatchObject({
      version: 3,
      history: [],
      messageSeq: 0,
    });
    const bad = {
      ...v2,
      version: 3,
      messageSeq: 1,
      history: [{ id: 'm0', role: 'robot', parts: [] }],
    };
    expect(() => parseSession(JSON.stringify(bad))).toThrow(/field "history" is malformed/);
  });

  it('keeps pins through a round trip and a fork; a session without them loads', () => {
    const pins = [{ messageId: 'm3' }, { text: 'db-7 on port 6543' }];
    const s = updateSession(s0, { pins });
    const back = parseSession(serializeSession(s));
    expect(back.pins).toEqual(pins);
    expect(forkSession(back, { id: 'def', createdAt: '2026-01-02T00:00:00.000Z' }).pins).toEqual(
      pins,
    );
    const old = JSON.parse(serializeSession(s0));
    expect('pins' in old).toBe(false);
    expect(parseSession(JSON.stringify(old)).pins).toBeUndefined();
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
      [{ ...good, pins: {} }, /"pins"/],
      [{ ...good, pins: [{ text: '' }] }, /"pins"/],
      [{ ...good, pins: [{ messageId: 'm1', text: 'x' }] }, /"pins"/],
      [{ ...good, pins: [{ other: 'x' }] }, /"pins"/],
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
