import { describe, expect, it } from 'vitest';
import { o200kCounter } from '../tokens/index.js';
import { artifactRef } from './artifact-store.js';
import { elideOnArrival } from './elide-on-arrival.js';
import { identifyFragment } from './fragment.js';

const log = (lines: number, errorAt: number) =>
  Array.from({ length: lines }, (_, i) =>
    i === errorAt
      ? `src/api/users.ts(12,3): error TS2345: bad argument`
      : `compiling module ${i} of ${lines}`,
  ).join('\n');

describe('elideOnArrival', () => {
  it('keeps a result at or under the threshold verbatim', () => {
    const r = elideOnArrival('ok\n3 passed', 'bash', {
      tokenCounter: o200kCounter,
      maxTokens: 100,
    });
    expect(r).toEqual({
      elided: false,
      text: 'ok\n3 passed',
      tokens: o200kCounter.count('ok\n3 passed'),
    });
  });

  it('stores a big result whole and shows head, tail, the error line and the reference', () => {
    const text = log(5000, 2500);
    const r = elideOnArrival(text, 'bash', { tokenCounter: o200kCounter, maxTokens: 4000 });
    if (!r.elided) throw new Error('expected an elision');
    expect(r.artifact).toEqual({ ref: artifactRef(text), content: text });
    expect(r.lines).toBe(5000);
    expect(r.errorLines).toBe(1);
    expect(r.tokensAfter).toBeLessThan(r.tokensBefore / 10);
    const fragment = identifyFragment(r.text);
    expect(fragment?.type).toBe('elided-result');
    expect(fragment?.attributes.ref).toBe(artifactRef(text));
    expect(r.text).toContain('2501: src/api/users.ts(12,3): error TS2345');
    expect(r.text).toContain('1: compiling module 0 of 5000');
    expect(r.text).toContain('5000: compiling module 4999 of 5000');
  });
});
