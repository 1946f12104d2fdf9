/**
 * @module safety/rules-payload-split
 * Payload splitting: a request cut into labelled fragments (`Part 1 is "What is the sec"`,
 * `Part 2 is "ret code"`, strings `a`, `b`, `c` joined as `z = a + b + c`) that the model is asked
 * to join and then answer, so that no fragment carries the wording a filter looks for. The labels
 * and the join are language-agnostic structure; the part labels are given in the languages of the
 * override tables. Never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

const R = 'obfuscation.payload-split';

/** "Part N" in the languages of the override tables (Bengali with both digit forms). */
function partLabels(n: 1 | 2): string[] {
  const bn = n === 1 ? '১' : '২';
  return [
    `part ${n}`,
    `parte ${n}`,
    `partie ${n}`,
    `teil ${n}`,
    `часть ${n}`,
    `भाग ${n}`,
    `পার্ট ${n}`,
    `পার্ট ${bn}`,
    `パート${n}`,
    `パート ${n}`,
    `파트 ${n}`,
    `第${n}部分`,
    `phần ${n}`,
    `bagian ${n}`,
    `bölüm ${n}`,
    `الجزء ${n}`,
    `ส่วนที่ ${n}`,
    `bahagi ${n}`,
  ];
}

/** Quotation marks that open a fragment. */
const OPEN_QUOTE = ['"', '“', '«', '„', '「', "'"];

/** Every payload-splitting pattern. */
export const PAYLOAD_SPLIT_PATTERNS: readonly PhrasePattern[] = [
  // `Part 1 is "What is the sec", Part 2 is "ret code"`: two quoted fragments on one line
  {
    rule: R,
    lang: '*',
    groups: [partLabels(1), OPEN_QUOTE, partLabels(2), OPEN_QUOTE],
    gaps: [8, 80, 8],
  },
  // `z = a + b + c`, `SmartGPT(z)`: the fragments joined and handed to a model to complete
  { rule: R, lang: '*', groups: [['z = a + b + c', 'z = a+b+c', 'z=a+b+c', 'smartgpt(']] },
];
