import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { O200K_ASCII_SPLIT_SOURCE, O200K_SPLIT_SOURCE } from './o200k.js';
import { asciiRepoTexts } from './test-helpers/ascii-repo-texts.js';

const { O200K_TOKEN_SPLIT_REGEX } = createRequire(import.meta.url)(
  'gpt-tokenizer/cjs/encodingParams/constants',
) as { O200K_TOKEN_SPLIT_REGEX: RegExp };

const pieces = (re: RegExp, text: string) => text.match(re) ?? [];
const unicode = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');
const ascii = new RegExp(O200K_ASCII_SPLIT_SOURCE, 'g');

describe('the ASCII split pattern', () => {
  it('is written for the installed gpt-tokenizer pattern (else the counter does not use it)', () => {
    expect(O200K_TOKEN_SPLIT_REGEX.source).toBe(O200K_SPLIT_SOURCE);
  });

  it('cuts random ASCII text into the pre-tokens of the Unicode pattern', () => {
    const unit = fc.constantFrom(
      ...'aZqQsSlLdDtTvVeErR09 \t\n\r\v\f\'"./-_*#:;,()[]{}<>!?@$%^&|\\`~+=\u0000\u0008\u000e\u001c\u001f\u007f',
      "'S",
      "'ll",
      "'VE",
      'HTTPServer',
      '  ',
      '\r\n',
      '*/\n/',
      '123456',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = units.join('');
        expect(pieces(ascii, text)).toEqual(pieces(unicode, text));
      }),
      { numRuns: 3000 },
    );
  });

  it('cuts the ASCII files of the repository docs and sources as the Unicode pattern does', () => {
    const texts = asciiRepoTexts();
    for (const text of texts) expect(pieces(ascii, text)).toEqual(pieces(unicode, text));
    expect(texts.length).toBeGreaterThan(10);
  });
});
