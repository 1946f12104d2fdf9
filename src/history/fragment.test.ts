import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRAGMENT_TYPES, identifyFragment, wrapFragment } from './fragment.js';

describe('fragments', () => {
  it('wraps with fixed markers and sorted, escaped attributes', () => {
    expect(wrapFragment('skill', 'use vitest', { path: 'a"b', name: 'testing' })).toBe(
      '<ctxloom:skill name="testing" path="a&quot;b">\nuse vitest\n</ctxloom:skill>',
    );
  });

  it('identifies any wrapped fragment from its text alone, body byte for byte', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FRAGMENT_TYPES),
        fc.string(),
        fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_-]{0,6}$/), fc.string()),
        (type, body, attributes) => {
          const f = identifyFragment(wrapFragment(type, body, attributes));
          expect(f).toEqual({ type, body, attributes });
        },
      ),
    );
  });

  it('keeps a body that contains marker-like text', () => {
    const body = '</ctxloom:summary>\n<ctxloom:summary>';
    expect(identifyFragment(wrapFragment('summary', body))?.body).toBe(body);
  });

  it('rejects plain text, unknown types and a missing end marker', () => {
    expect(identifyFragment('hello')).toBeUndefined();
    expect(identifyFragment('<ctxloom:weather>\nx\n</ctxloom:weather>')).toBeUndefined();
    expect(identifyFragment('<ctxloom:skill>\nx\n</ctxloom:rule>')).toBeUndefined();
    expect(identifyFragment(' <ctxloom:skill>\nx\n</ctxloom:skill>')).toBeUndefined();
    expect(identifyFragment('<ctxloom:skill>\n</ctxloom:skill>')).toBeUndefined();
  });
});
