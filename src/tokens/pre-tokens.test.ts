import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { asciiPreTokenEnd } from './pre-tokens.js';

const { O200K_TOKEN_SPLIT_REGEX } = createRequire(import.meta.url)(
  'gpt-tokenizer/cjs/encodingParams/constants',
) as { O200K_TOKEN_SPLIT_REGEX: RegExp };

function byPattern(text: string): string[] {
  return [...text.matchAll(new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu'))].map((m) => m[0]);
}

/** The scanner's pre-tokens, with the pattern (sticky) wherever the scanner defers to it. */
function byScanner(text: string): string[] {
  const sticky = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'uy');
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    let end = asciiPreTokenEnd(text, i);
    if (end < 0) {
      sticky.lastIndex = i;
      end = i + sticky.exec(text)![0].length;
    }
    expect(end).toBeGreaterThan(i);
    out.push(text.slice(i, end));
    i = end;
  }
  return out;
}

const ALPHABET = [
  ...'aZqQsSlLdDtTvVeErR09 \t\n\r\v\f\'"./-_*#:;,()[]{}<>!?@$%^&|\\`~+=\u0000\u007f',
  'é',
  'É',
  'ß',
  'ǅ',
  'ʰ',
  '中',
  '\u0301',
  '٣',
  '²',
  '\u00a0',
  '\u2028',
  '\u3000',
  '—',
  '→',
  '😀',
  '\ud83d',
  '\ude00',
  "'S",
  "'ll",
  "'VE",
  "'re",
  'HTTPServer',
  '  ',
  '\r\n',
  '*/\n/',
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('asciiPreTokenEnd', () => {
  it("gives the split pattern's pre-tokens on random mixed text", () => {
    const r = rng(22);
    for (let n = 0; n < 4000; n++) {
      let text = '';
      const len = 1 + Math.floor(r() * 24);
      for (let k = 0; k < len; k++) text += ALPHABET[Math.floor(r() * ALPHABET.length)];
      expect(byScanner(text), JSON.stringify(text)).toEqual(byPattern(text));
    }
  });

  it("gives the split pattern's pre-tokens on code, logs and prose", () => {
    const text = [
      "const x = foo('it's', 12345, HTTPServer);\n\n  // don't WON'T we'll I'M\r\n\tif (a) {}",
      '[build] compiled packages/pkg-3/src/module-42.ts in 17 ms   \n\n\n   ',
      'Error: expected "a" to equal "b" at src/x.test.ts:42:17 */\n/path',
      'naïve café — résumé → 中文 ٣٤ x²  \u00a0 end ',
    ].join('\n');
    expect(byScanner(text)).toEqual(byPattern(text));
  });

  it('defers to the pattern where a character outside ASCII decides', () => {
    expect(asciiPreTokenEnd('café', 0)).toBe(-1);
    expect(asciiPreTokenEnd('12٣', 0)).toBe(-1);
    expect(asciiPreTokenEnd('  \u00a0', 0)).toBe(-1);
    expect(asciiPreTokenEnd('hello world', 0)).toBe(5);
    expect(asciiPreTokenEnd('hello world', 5)).toBe(11);
  });
});
