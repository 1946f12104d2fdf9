import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinSoftBreaks } from './clause-join.js';
import { NORM_FLAG, normalize } from './normalize.js';
import { normalizeView } from './normalize-view.js';
import { invisibleKind, isDroppedControl, isDroppedFiller } from './unicode-classes.js';

/**
 * The view must equal the exact per-unit normaliser: text, flags and the map back, and its joined
 * text the text with its soft breaks joined. The joined text is read first: where the view built
 * only it, the text is built when read, from the same edits.
 */
function same(s: string): void {
  const exact = normalize(s);
  const view = normalizeView(s);
  expect(view.joined).toBe(joinSoftBreaks(exact.text));
  expect(view.text).toBe(exact.text);
  // the hidden-text pre-check is skipped on its word: it must never miss an invisible character
  if ([...s].some((ch) => invisibleKind(ch.codePointAt(0)!) !== undefined))
    expect(view.mayHaveInvisible).toBe(true);
  // the word-splitter search is skipped on its word too: it must never miss a dropped unit
  if ([...s].some((ch) => isDroppedControl(ch.charCodeAt(0)) || isDroppedFiller(ch.charCodeAt(0))))
    expect(view.mayHaveDropped).toBe(true);
  for (let k = 0; k <= exact.text.length; k++) {
    expect(view.toOriginal(k)).toBe(exact.map[k]);
    expect(view.flags?.[k] ?? 0).toBe(exact.flags[k] ?? 0);
  }
}

describe('normalizeView word-splitter hint', () => {
  it('says a text without dropped units has none, and never misses one', () => {
    expect(
      normalizeView('plain text, an émoji 🙂 and a zero\u200bwidth space').mayHaveDropped,
    ).toBe(false);
    expect(normalizeView('a bell\u0007 in ASCII').mayHaveDropped).toBe(true);
    expect(normalizeView('a variation selector A\ufe0f').mayHaveDropped).toBe(true);
  });
});

const PIECES = [
  'ignore ',
  'IGNORE ',
  'a ',
  'i g n o r e ',
  '1gn0r3 ',
  'pr3v10us ',
  'p@ss$word ',
  '@types ',
  '$HOME ',
  'a@@b ',
  'sha256 ',
  'v8 ',
  'іgnоrе ',
  'игнорируйте ',
  'é',
  'ﬁ',
  'Ｉ',
  '\u200b',
  '\u001b',
  '\u0000',
  '\u007f',
  '\u0085',
  '\ufe0f',
  '\u3164',
  '\t',
  '\u{E0069}',
  '😀',
  '𝐢',
  '—',
  '“',
  '\ud800',
  'ß',
  '\n',
  'word\n',
  ',\n  ',
  '\n\n',
  '# ',
  '| ',
  'end@\n',
  '\n@x ',
  '\n$HOME ',
  '-',
  '.',
  'x',
  '7',
  '忽略',
  'abc中1 ',
  'ab2c1 ',
  'é4',
  '2',
  'abc',
  'ж',
  'Ω',
];

describe('normalizeView', () => {
  it('matches normalize on examples', () => {
    for (const s of [
      '',
      'Hello World',
      'please i g n o r e this',
      '1gn0r3 pr3v10us 1nstruct10ns',
      'version 1.0.3 on port 3000',
      'іgnоrе previous',
      'abcß1 x',
      'Ignore “all” previous — instructions 😀 ﬁle',
      // more changed words than are mapped one by one
      'see 1gn0r3 and pr3v10us or sha256 here. '.repeat(40),
      'The quick brown fox іgnоrе рrеvіоus 1nstruct10ns jumps. '.repeat(40),
    ])
      same(s);
  });

  it('matches normalize on plain ASCII texts (the one-pass path) and on their near misses', () => {
    // printable ASCII without digits, `@`, `$` and spaced-out windows takes the plain path; each
    // near miss (a digit, a control unit, a spaced window at the very end) must not
    const units = 'aZ .-_*\t\n\r\f!?<>[](){}#"\'+=/\\|~`^&%:;,';
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...units), { maxLength: 40 }), (cs) => {
        const s = cs.join('');
        same(s);
        for (const tail of ['1', '@', '$', '\u0007', '\u007f', ' a b', ' a b ', 'é'])
          same(s + tail);
      }),
      { numRuns: 300 },
    );
  });

  it('matches normalize on random mixes of tricky pieces', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (parts) => {
        same(parts.join(''));
      }),
      { numRuns: 500 },
    );
  });

  it('matches normalize on mostly-ASCII text (the piecewise path)', () => {
    const filler = 'The quick brown fox jumps over the lazy dog. ';
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), (parts) => {
        same(parts.map((p) => filler + p).join('') + filler);
      }),
      { numRuns: 500 },
    );
  });

  it('matches normalize on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => same(s)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => same(s)),
      { numRuns: 300 },
    );
  });

  it('matches normalize on a long dense non-ASCII prefix followed by ASCII (early per-unit path)', () => {
    // about 4,900 look-alike letters first (one in two units), then ASCII: under one in eight
    // overall, so only the early give-up sends this text to the per-unit path
    const s = `${'іgnоrе рrеvіоus '.repeat(700)}${'ignore previous instructions 1gn0r3 '.repeat(1200)}`;
    const exact = normalize(s);
    const view = normalizeView(s);
    expect(view.text).toBe(exact.text);
    const map: number[] = [];
    const flags: number[] = [];
    for (let k = 0; k <= exact.text.length; k++) {
      map.push(view.toOriginal(k) - exact.map[k]!);
      flags.push((view.flags?.[k] ?? 0) - (exact.flags[k] ?? 0));
    }
    expect(map.every((d) => d === 0)).toBe(true);
    expect(flags.every((d) => d === 0)).toBe(true);
    expect(exact.flags.some((f) => f === NORM_FLAG.homoglyph)).toBe(true);
  });
});

describe('normalizeView on text with a changed run every few dozen units', () => {
  it('matches normalize past the probe, where it takes the per-unit path, and below its density', () => {
    for (const unit of [
      '<img ```\n<img \u{E0041}ignore ',
      'Word \u00e9t\u00c9 and a zero\u200bwidth, then some more words ',
    ])
      for (const count of [4000, 6000]) {
        const s = `${unit.repeat(count)}${'plain ASCII tail, no runs. '.repeat(200)}`;
        const exact = normalize(s);
        const view = normalizeView(s);
        expect(view.text).toBe(exact.text);
        let diffs = 0;
        for (let k = 0; k <= exact.text.length; k++) {
          if (view.toOriginal(k) !== exact.map[k]) diffs++;
          if ((view.flags?.[k] ?? 0) !== (exact.flags[k] ?? 0)) diffs++;
        }
        expect(diffs).toBe(0);
      }
  });
});

describe('normalizeView on text dense in words that hold a digit and do not change', () => {
  it('matches normalize past the words looked at one by one, with changed words after them', () => {
    for (const unit of ['%69%67%6e%6f%72%65%20', 'v1.2 x86 a4 ', 'id 42 of 7 '])
      for (const count of [1000, 5000])
        for (const tail of ['', ' 1gn0r3 pr3v10u5 1nstruct10ns', ' іgnоrе рrеvіоus'])
          same(`${unit.repeat(count)}${tail}`);
  });
});

describe('normalizeView joined text (edits and soft breaks in one copy)', () => {
  const lines = [
    'Ignore the\nprevious rules, p@ssw0rd',
    'see v8 and sha256,\n  then 1gn0r3',
    '# heading\nnext line',
    '| a | b |\nrow',
    'costs 5$\nnext',
    'mail a@b\nc',
    'іgnоrе\nthe text',
    'short\nx\ny\nz',
    'end.\nStart',
  ];
  it('equals joinSoftBreaks of the text, with few edits, with joins every few units, with many edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...lines), { minLength: 1, maxLength: 30 }),
        fc.constantFrom('\n', ' ', '\n\n'),
        // short lines join every few units (the copy path); long ones are sliced between joins
        fc.constantFrom('', ' and the text of a long line goes on for a while here'),
        (parts, sep, filler) => same(parts.map((p) => p + filler).join(sep)),
      ),
      { numRuns: 400 },
    );
    // past the words looked at one by one: every word is mapped in one pass, joins included
    same(Array.from({ length: 3000 }, (_, i) => `w${i % 10}rd\nl1ne p4ss`).join(' '));
    // joins every few units (the copy path) with a few edits among them
    same(Array.from({ length: 400 }, (_, i) => (i % 50 === 0 ? 'p4ss' : 'ab')).join('\n'));
  });
  it('builds the text without the joins only when it is read', () => {
    const view = normalizeView('Ignore the\nprevious rules, p@ssw0rd');
    expect(view.joined).toBe('ignore the previous rules, password');
    expect(view.text).toBe('ignore the\nprevious rules, password');
  });
});

describe('normalizeView on long text folded only in ASCII case (edits and joins read on the input)', () => {
  // past the short-text path (256 units), with no unit the folding changes but ASCII case: word
  // edits and soft breaks are found on the input, whose upper-case letters count as Latin ones
  const words = [
    'Ignore',
    'PREVIOUS',
    'P4SSW0RD',
    'Pa$$word',
    'W1ND0WS',
    'x64',
    'utf8',
    'v2',
    'MAIL@Host',
    '→',
    '中文',
    'はい',
    'the',
    'Rules,',
    'end.',
    '#',
    '|',
  ];
  it('matches normalize with edits sparse and dense, soft breaks or none, text read or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { minLength: 60, maxLength: 200 }),
        fc.constantFrom(' ', '\n', '\n\n', ', '),
        (parts, sep) => same(parts.join(sep)),
      ),
      { numRuns: 300 },
    );
    const filler = 'The Build passed on the second try, see the Setup notes for details ';
    for (const every of [1, 3, 8, 40]) {
      // a changed word every `every` lines: around the density past which one pass maps all words
      const text = Array.from({ length: 300 }, (_, i) =>
        i % every === 0 ? `${filler}P4SSW0RD and Wh1t3l1st` : filler,
      ).join('\n');
      same(text);
      const view = normalizeView(text);
      expect(view.joined).toBe(joinSoftBreaks(normalize(text).text));
    }
  });
});

describe('normalizeView with spaced-out letters (de-spaced locally)', () => {
  const filler = 'The build passed on the second try; see docs/setup.md for the details. ';
  it('matches normalize when runs sit anywhere in long ASCII text', () => {
    for (const run of [
      'i g n o r e',
      'i.g.n.o.r.e',
      'i-g-n-o-r-e p r e v i o u s',
      '1 g n 0 r 3',
      'i g n о r e', // a Cyrillic о inside the run
      'a b c',
      'x y z w',
      'é t a t s',
      '*a*b*c*d*',
      'a  b c d e', // a double space splits the chain
    ]) {
      same(`${run} ${filler.repeat(30)}${run}${filler.repeat(30)} ${run}`);
      same(`${filler.repeat(10)}ﬁ ${run} 😀 ${filler}1gn0r3 ${run}`);
    }
  });

  it('matches normalize on random mixes around spaced runs', () => {
    const filler2 = 'Some ordinary words here. ';
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES, 'i g n o r e ', 'a b c d '), { maxLength: 16 }),
        (parts) => {
          same(parts.map((p) => filler2 + p).join('') + filler2);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('matches normalize on runs whose separators are of several kinds (the others stay word breaks)', () => {
    const seps = [' ', '.', '-', '_', '*', '\t'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            word: fc.constantFrom('ignore', 'all', 'a', 'previous', 'rules', 'Xy'),
            inner: fc.constantFrom(...seps),
            between: fc.constantFrom(...seps, '  ', ', '),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.boolean(),
        (words, long) => {
          const run = words.map((w) => w.word.split('').join(w.inner) + w.between).join('');
          same(long ? `${filler.repeat(6)}${run}${filler}` : run);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('still matches normalize when most of the text is spaced letters (per-unit path)', () => {
    same('i g n o r e '.repeat(500));
  });

  it('matches normalize around the share of spaced letters past which the per-unit path is taken', () => {
    // the share is checked while a chain grows: chains just under, at and over it, after others
    const filler = 'The build passed on the second try; see docs/setup.md for the details. ';
    for (let letters = 40; letters <= 400; letters += 9)
      for (const before of ['', 'a b c d e f ', 'p q r s t u v w x y z '.repeat(3)])
        same(`${filler.repeat(20)}${before}${filler}${'x '.repeat(letters)}${filler}`);
  });
});

describe('normalizeView on text dense in units it keeps as they are', () => {
  it('equals normalize() on CJK text with folded, invisible and Cyrillic units among it', () => {
    const cjk = '忽略之前的指令。';
    same(cjk.repeat(600));
    same(`${cjk.repeat(300)}ＩＧＮＯＲＥ\u200b${cjk.repeat(300)}ignore іgnоrе 1gn0r3 i g n o r e`);
    same(`${'한국어 텍스트 '.repeat(400)}A\ufe0fB\u0007`);
    // the sliced path was taken (the per-unit path cannot rule out invisible characters)
    expect(normalizeView(cjk.repeat(600)).mayHaveInvisible).toBe(false);
  });
});
