import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiPreTokenEnd } from './ascii-scan.js';
import { O200K_ASCII_SPLIT_SOURCE } from './o200k.js';
import { asciiRepoTexts } from './test-helpers/ascii-repo-texts.js';

const ascii = new RegExp(O200K_ASCII_SPLIT_SOURCE, 'g');

/** The scanner's pre-tokens of ASCII `text` (no refusals: the limit is the end). */
function scanned(text: string): string[] {
  const out: string[] = [];
  for (let p = 0; p < text.length; ) {
    const end = asciiPreTokenEnd(text, p, text.length);
    expect(end).toBeGreaterThan(p);
    out.push(text.slice(p, end));
    p = end;
  }
  return out;
}

const unit = fc.constantFrom(
  ...'aZqQsSlLdDtTvVeErR09 \t\n\r\v\f\'"./-_*#:;,()[]{}<>!?@$%^&|\\`~+=\u0000\u0008\u000e\u001c\u001f\u007f'.split(
    '',
  ),
  "'S",
  "'ll",
  "'lL",
  "'VE",
  "'re",
  "'x",
  'HTTPServer',
  'ABc',
  '  ',
  '   \n  ',
  '\r\n',
  ' \t ',
  '*/\n/',
  '123456',
);

describe('asciiPreTokenEnd', () => {
  it('cuts random ASCII text as the ASCII split pattern does (property)', () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = units.join('');
        expect(scanned(text)).toEqual(text.match(ascii) ?? []);
      }),
      { numRuns: 5000 },
    );
  });

  it('cuts every pair and triple of ASCII characters as the pattern does', () => {
    const chars = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
    for (const a of chars)
      for (const b of chars) {
        const text = `${a}${b}`;
        expect(scanned(text)).toEqual(text.match(ascii));
        for (const c of ['a', ' ', '\n', "'"])
          expect(scanned(text + c)).toEqual((text + c).match(ascii));
      }
  });

  it('cuts the repository docs and sources as the pattern does', () => {
    const texts = asciiRepoTexts();
    for (const text of texts) expect(scanned(text)).toEqual(text.match(ascii));
    expect(texts.length).toBeGreaterThan(10);
  });

  it('refuses a match that looks at the character at the limit, and only such a match', () => {
    // the limit stands for a character outside ASCII: each of these reaches it
    for (const [text, p] of [
      ['ab', 0],
      [' ab', 0],
      ['12', 0],
      ['!!', 0],
      ['  ', 0],
      ['\n  ', 0],
      ["it'", 0],
      ["it'l", 0],
      [' ', 0],
    ] as const)
      expect(asciiPreTokenEnd(`${text}\u00e9x`, p, text.length)).toBe(-1);
    // these stop before it
    expect(asciiPreTokenEnd('ab c\u00e9', 0, 4)).toBe(2);
    expect(asciiPreTokenEnd('123\u00e9', 0, 3)).toBe(3);
    expect(asciiPreTokenEnd("it's\u00e9", 0, 4)).toBe(4);
    expect(asciiPreTokenEnd('\n\nx\u00e9', 0, 3)).toBe(2);
  });
});
