import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSegment, type GlobSegment, matchSegment, STAR, type Token } from './segment.js';

/** The token loop as it was: over an array of the name's code points (the reference). */
function reference(seg: GlobSegment, name: string): boolean {
  const points = Array.from(name, (c) => c.codePointAt(0) as number);
  const matches = (t: Token, cp: number): boolean => {
    if (typeof t === 'number') return t === -2 || t === cp;
    let inside = false;
    for (let k = 0; k < t.ranges.length; k += 2)
      if (cp >= (t.ranges[k] as number) && cp <= (t.ranges[k + 1] as number)) inside = true;
    return inside !== t.negated;
  };
  const tokens = seg.tokens;
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = 0;
  while (i < points.length) {
    const t = tokens[p];
    if (t === STAR) {
      starP = p++;
      starI = i;
    } else if (t !== undefined && matches(t, points[i] as number)) {
      p++;
      i++;
    } else if (starP >= 0) {
      p = starP + 1;
      i = ++starI;
    } else return false;
  }
  while (tokens[p] === STAR) p++;
  return p === tokens.length;
}

// astral characters (two UTF-16 units), lone surrogates and plain letters
const UNITS = ['a', 'b', '😀', '𝒳', '\ud800', '\udc00', '.'];
const GLOB_PARTS = ['a', 'b', '*', '?', '[ab]', '[!a]', '😀', '[😀-😂]', '.'];

describe('matchSegment', () => {
  it('steps by code points as the array-based loop did (astral characters, lone surrogates)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...GLOB_PARTS), { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom(...UNITS), { maxLength: 14 }),
        (parts, units) => {
          const glob = parts.join('');
          const seg = compileSegment(glob, glob);
          const name = units.join('');
          expect(matchSegment(seg, name)).toBe(reference(seg, name));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('lets `?` take one astral character, not half of it', () => {
    const seg = compileSegment('a?b', 'a?b');
    expect(matchSegment(seg, 'a😀b')).toBe(true);
    expect(matchSegment(compileSegment('a??b', 'a??b'), 'a😀b')).toBe(false);
    expect(matchSegment(compileSegment('*?', '*?'), '😀')).toBe(true);
  });
});
