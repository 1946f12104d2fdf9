import { createRequire } from 'node:module';
import fc from 'fast-check';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  clearTokenCaches,
  countO200kUncached,
  countScanned,
  isRankTableLoaded,
  MAX_UNSPLIT_RUN,
  O200K_SPLIT_SOURCE,
  o200kCounter,
  refusedScanUnits,
  scanPreTokens,
  sumPreTokens,
} from './o200k.js';
import { decodeRankTable, encodeRankTable } from './rank-table.js';

const PLAIN = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
const exact = (s: string) => encode(s, PLAIN).length;

// Words, numbers, punctuation, code and whitespace of every kind, as agents' text mixes them.
const word = fc.oneof(
  fc.constantFrom(
    'the',
    'The',
    'HTTP',
    "don't",
    "it's",
    'x',
    'naïve',
    'Ünïcode',
    '日本語',
    'кот',
    '😀',
    '👩‍💻',
    'fooBar',
    'snake_case',
    '0x1F',
    '3.14159',
    '1234567',
    '=>',
    '===',
    '/*',
    '*/',
    '{',
    '}',
    '//',
    '<|endoftext|>',
    '<|im_start|>',
    '\u0301',
    '\ud800',
    'aGVsbG8gd29ybGQ=',
    'deadbeef',
  ),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const gap = fc.constantFrom(' ', '  ', '\n', '\r\n', '\n\n', '\t', '    ', ' \n ', '\u00a0', '');
const text = fc
  .array(fc.tuple(word, gap), { maxLength: 80 })
  .map((parts) => parts.map(([w, g]) => w + g).join(''));

describe('o200kCounter', () => {
  it('loads the rank table only when something counts', () => {
    // vitest gives each test file a fresh module graph; nothing above has counted yet
    expect(isRankTableLoaded()).toBe(false);
    expect(o200kCounter.count('hello')).toBe(1);
    expect(isRankTableLoaded()).toBe(true);
  });

  it('counts exactly what gpt-tokenizer encodes, for mixed text (property)', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(o200kCounter.count(s)).toBe(exact(s));
      }),
      { numRuns: 400 },
    );
  });

  it('counts exactly for arbitrary strings with no pre-token over the cut (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (s) => {
        expect(countO200kUncached(s)).toBe(exact(s));
      }),
      { numRuns: 300 },
    );
  });

  it('is exact on base64, hex and minified code, where the old run cut was not', () => {
    const bytes = Array.from({ length: 6000 }, (_, i) => (i * 7919 + (i >> 3)) & 0xff);
    const b64 = Buffer.from(bytes).toString('base64');
    const hex = Buffer.from(bytes).toString('hex');
    const minified =
      'function a(b,c){return b.map(function(d){return d*c+1})}var e=a([1,2,3],4);'.repeat(40);
    for (const s of [b64, hex, minified]) expect(o200kCounter.count(s)).toBe(exact(s));
  });

  it('gives the same count from the caches as fresh', () => {
    const s = 'The build failed at step 3: error TS2322 in src/foo.ts(12,5).\n'.repeat(30);
    const first = o200kCounter.count(s);
    expect(o200kCounter.count(s)).toBe(first);
    clearTokenCaches();
    expect(o200kCounter.count(s)).toBe(first);
    expect(first).toBe(exact(s));
  });

  it('cuts only over-long pre-tokens, so a 200 KB run stays cheap and its count plausible', () => {
    for (const blob of [
      'ab'.repeat(100_000),
      ' '.repeat(80_000),
      '-'.repeat(50_000),
      '😀'.repeat(20_000),
    ]) {
      const n = o200kCounter.count(blob);
      expect(n).toBeGreaterThan(blob.length / (4 * MAX_UNSPLIT_RUN));
      expect(n).toBeLessThanOrEqual(blob.length);
    }
    // one long word among ordinary text: everything around it is still exact
    const long = 'x'.repeat(MAX_UNSPLIT_RUN * 3);
    const around = 'Hello there, world.';
    expect(o200kCounter.count(`${around} ${long} ${around}`)).toBe(
      exact(around) + o200kCounter.count(` ${long}`) + exact(` ${around}`),
    );
  });

  it('counts special-token strings as plain text instead of throwing', () => {
    const s = 'hi <|endoftext|> x <|im_start|>';
    expect(o200kCounter.count(s)).toBe(exact(s));
  });

  it.each([
    ['the pattern path', sumPreTokens],
    ['the scanner path', scanPreTokens],
  ])(
    'cuts pre-tokens exactly as the Unicode pattern does, ASCII stretches or not, on %s (property)',
    (_, cut) => {
      // characters whose classes differ between the two patterns, next to ASCII of every class
      const unit = fc.constantFrom(
        ..."aZ09 \t\r\n's/._-→—é中Жٳ٣\u0301\u00a0\u3000\u2028😀\ud800".split(''),
        "'ll",
        "'S",
        'ABCé',
        ' é',
        '12٣',
        ' \n→',
        '\n/',
        // ASCII punctuation runs against letters and punctuation outside ASCII, both sides
        ',',
        '!!!',
        '":"',
        '?.',
        '\u0001',
        '\u007f',
        '我们',
        'привет',
        '，',
        '«»',
        '"键":"',
        '!é',
      );
      const mixed = fc.array(unit, { maxLength: 60 }).map((u) => u.join(''));
      const unicode = new RegExp(O200K_SPLIT_SOURCE, 'gu');
      fc.assert(
        fc.property(mixed, (s) => {
          o200kCounter.count('load');
          const ours: string[] = [];
          cut(s, (p) => ours.push(p));
          expect(ours).toEqual(s.match(unicode) ?? []);
        }),
        { numRuns: 2000 },
      );
    },
  );

  it.each([
    ['the pattern path', sumPreTokens],
    ['the scanner path', scanPreTokens],
  ])(
    'cuts every ASCII character beside characters outside ASCII as the Unicode pattern does, on %s',
    (_, cut) => {
      const unicode = new RegExp(O200K_SPLIT_SOURCE, 'gu');
      const others = ['é', '中', 'Ж', '٣', '\u0301', '\u00a0', '\u3000', '—', '，', '😀'];
      o200kCounter.count('load');
      let checked = 0;
      for (let code = 0; code < 128; code++) {
        const c = String.fromCharCode(code);
        for (const x of others) {
          for (const s of [
            `${c}${x}`,
            `${c}${c}${c}${x}a`,
            `a${c}${x}${c}`,
            ` ${c}${x} ${c}`,
            `${x}${c}${c}a${x}`,
            `${x}${x}${c}1${c}${x}`,
            `A${c}!${x}!${c}\n`,
          ]) {
            const ours: string[] = [];
            cut(s, (p) => ours.push(p));
            expect(ours).toEqual(s.match(unicode) ?? []);
            checked++;
          }
        }
      }
      expect(checked).toBe(128 * 10 * 7);
    },
  );

  it('scans each ASCII stretch once, however the text mixes ASCII punctuation with other scripts', () => {
    // Work units, not time: the ASCII class once took characters outside ASCII, so a match from
    // each comma ran to the end of the line and was refused, scanning the line once per comma.
    const shapes = [
      '我们今天去公园,天气很好.明天下雨吗?'.repeat(2000),
      `{${'"键":"你好世界",'.repeat(2000)}}`,
      `[${'"привет","мир",'.repeat(2000)}]`,
      `${'!'.repeat(100)}é`.repeat(300),
      `${' '.repeat(50)}\u3000`.repeat(300),
    ];
    for (const s of shapes) expect(refusedScanUnits(s)).toBeLessThanOrEqual(s.length);
    fc.assert(
      fc.property(text, (s) => refusedScanUnits(s) <= s.length),
      { numRuns: 500 },
    );
  });

  it('counts on the scanner path exactly what gpt-tokenizer encodes (property)', () => {
    const ranks = createRequire(import.meta.url)('gpt-tokenizer/cjs/bpeRanks/o200k_base')
      .default as (string | number[])[];
    const table = decodeRankTable(encodeRankTable(ranks)!)!;
    // ASCII words and code of every length around the short-piece cache's (16), repeated so that
    // the cache's hits are checked too, beside the mixed text above
    const asciiWord = fc.oneof(
      fc.constantFrom('the', ' the', 'HTTPServer', "don't", 'x', '1234567', ' =>', '\n\n  '),
      fc.stringMatching(/^[ a-zA-Z0-9_.'\-\n]{1,24}$/),
    );
    const asciiText = fc.array(asciiWord, { maxLength: 60 }).map((w) => w.join(''));
    fc.assert(
      fc.property(fc.oneof(text, asciiText), (s) => {
        expect(countScanned(table, s + s)).toBe(exact(s + s));
      }),
      { numRuns: 1500 },
    );
    clearTokenCaches();
    const long = `${'abcdefghij'.repeat(25)} ${'Z9'.repeat(20)} ${'x'.repeat(250)}`;
    expect(countScanned(table, long)).toBe(exact(long));
  });

  it('counts exactly beside symbols outside ASCII, which it cuts as `|` (property)', () => {
    const ranks = createRequire(import.meta.url)('gpt-tokenizer/cjs/bpeRanks/o200k_base')
      .default as (string | number[])[];
    const table = decodeRankTable(encodeRankTable(ranks)!)!;
    // symbols (cut as `|`) beside ASCII of every class, letters, marks, spaces and astral
    // characters outside ASCII (not replaced), as in a Claude Code file read (`  12→code`)
    const unit = fc.constantFrom(
      ...'→│─●✓…×·—«\u0085\ufeff\u00a0\u2028é中\u0301😀\ud800'.split(''),
      '  12→',
      '→const',
      '→ ',
      '→\n',
      ' →→',
      "'s",
      'ab',
      'X',
      '7',
      '1234',
      ' ',
      '\n',
      '\r\n',
      '!',
      '/',
      '|',
      'if (x) {',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 50 }), (units) => {
        const s = units.join('');
        expect(countScanned(table, s)).toBe(exact(s));
      }),
      { numRuns: 3000 },
    );
    const read = Array.from({ length: 40 }, (_, i) => `${String(i + 1).padStart(6)}→line ${i}`);
    expect(countScanned(table, read.join('\n'))).toBe(exact(read.join('\n')));
    // the marks of one call are not carried into the next (they are recorded by a module-level
    // replacer): a marked text, an unmarked one, then a shorter marked one
    for (const s of ['a→b→c→d', 'plain', '→x', 'é→', 'a→b→c→d'])
      expect(countScanned(table, s)).toBe(exact(s));
  });
});
