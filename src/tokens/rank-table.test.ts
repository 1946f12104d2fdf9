import { createRequire } from 'node:module';
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  countPieceTokens,
  decodeRankTable,
  decodeRankTableImage,
  encodeRankTable,
  rankTableImage,
} from './rank-table.js';

const requireCjs = createRequire(import.meta.url);
const ranks = requireCjs('gpt-tokenizer/cjs/bpeRanks/o200k_base').default as (string | number[])[];
const { O200K_TOKEN_SPLIT_REGEX } = requireCjs('gpt-tokenizer/cjs/encodingParams/constants') as {
  O200K_TOKEN_SPLIT_REGEX: RegExp;
};
const table = decodeRankTable(encodeRankTable(ranks)!)!;
const PLAIN = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

/** Our count: the split pattern, then each pre-token on the typed-array table. */
function ours(text: string): number {
  let n = 0;
  for (const [piece] of text.matchAll(new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu')))
    n += countPieceTokens(table, piece);
  return n;
}

describe('rank table', () => {
  it('stores every rank and decodes to the same table', () => {
    expect(table.offsets.length).toBe(ranks.length + 1);
    expect(table.byteToken.reduce((a, b) => a + b, 0)).toBe(
      ranks.filter((r) => typeof r !== 'string').length,
    );
    expect(decodeRankTable(new Uint8Array(20))).toBeUndefined();
  });

  it('reads the build image (offsets and slots stored) as the same table', () => {
    const image = rankTableImage(encodeRankTable(ranks)!)!;
    const fromImage = decodeRankTableImage(image)!;
    expect(fromImage.slots).toEqual(table.slots);
    expect(fromImage.offsets).toEqual(table.offsets);
    expect(fromImage.bytes).toEqual(table.bytes);
    // an image whose slots were cut short is hashed again, not trusted
    const short = decodeRankTableImage(image.subarray(0, image.length - 8))!;
    expect(short.slots).toEqual(table.slots);
    expect(decodeRankTableImage(new Uint8Array(3))).toBeUndefined();
  });

  it.each([
    ['prose', 'The quick brown fox jumps over the lazy dog, twice.'],
    ['code', 'function f(a,b){return a.map((c)=>c*b+1)}; // ok'],
    ['byte-order mark before newlines', '\ufeff\n\n\n\n'],
    ['byte-order mark inside', 'abc\ufeffdef \ufeff\ufeff x'],
    ['lone surrogates', 'a\ud800b \udc00 \ud83d'],
    ['emoji and CJK', '😀😃 忽略之前的指示 ünïcödé'],
    ['long letter run', 'ab'.repeat(100)],
  ])('counts %s as gpt-tokenizer does', (_, text) => {
    expect(ours(text)).toBe(countTokens(text, PLAIN));
  });

  it('agrees with gpt-tokenizer on random text (BOMs, surrogates, scripts)', () => {
    const unit = fc.oneof(
      fc.constantFrom(
        ' ',
        '\n',
        'a',
        'e',
        'th',
        '\ufeff',
        '\ud800',
        '\udfff',
        '😀',
        'é',
        '忽',
        '.',
      ),
      fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 80 }), (units) => {
        const text = units.join('');
        expect(ours(text)).toBe(countTokens(text, PLAIN));
      }),
      { numRuns: 1500 },
    );
  });
});
