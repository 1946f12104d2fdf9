#!/usr/bin/env node
// How much of an attack source a scanner that sees only the text can catch at all, and how much
// of that it catches. Readers (helpers, each from a written brief, without the scanner, its
// verdicts, the source names or the half, items shuffled, benign user questions mixed in as a
// calibration check) labelled items of CyberSecEval EN and deepset's attacks: "S" when the text
// alone shows that it tries to subvert an assistant (an override, an extraction, private data got
// by a trick, an order planted in data, a dictated answer, an unrestricted persona, a claimed
// system or developer status, an encoded order), "N" when it reads as an ordinary request that
// is an attack only against some system prompt the scanner never sees (a question in another
// language when the prompt said "English only", an off-topic question, Q/A examples before a
// question).
//   reader 1: the dev halves of both sources (with a short reason per item), 120 benign questions
//   reader 2: the check halves of both sources (labels only), 120 benign questions
//   reader 3: all of CyberSecEval EN, both halves (labels only), 60 benign questions
//   readers 4-7: CyberSecEval multilingual (17 languages, machine-translated), labels only:
//   4 and 5 the dev half, 6 and 7 the check half, each about half of it plus 30 items of the
//   other's part (for agreement), 40 of deepset's benign questions each; their brief is
//   bench/fixtures/standalone-signal-brief.md
// Labels: bench/fixtures/standalone-signal-labels.jsonl (reader, source, half, SHA-256 prefix of
// the text, label, the reason on dev-half rows). Prints per reader, source and half the share
// labelled S (the ceiling of a text-only detector that flags no N item) and what the default
// scan() and the rules alone detect among S and N items, then how often the readers agree where
// they labelled the same text. Check-half rows are counted, never printed.
// Run: npx tsc -p tsconfig.build.json && node bench/safety-ceiling.bench.mjs (also run by `npm run bench -- safety`)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scan } from '../dist/safety/index.js';
import { halfOf, loadSources } from '../scripts/scanner-data.mjs';

const corpora = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const labels = readFileSync(
  new URL('./fixtures/standalone-signal-labels.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l));
const sources = loadSources(corpora);
if (sources.length === 0) {
  console.log('corpora not found: nothing to measure');
  process.exit(0);
}
const sha = (t) => createHash('sha256').update(t).digest('hex').slice(0, 16);
const textOf = new Map();
for (const s of sources) for (const t of s.texts) textOf.set(`${s.name}\u0000${sha(t)}`, t);

const RULES_ONLY = { policy: { rules: { 'learned.injection': 'off' } } };
const verdicts = new Map();
const detected = (text, opts, tag) => {
  const k = `${tag}\u0000${text}`;
  if (!verdicts.has(k)) verdicts.set(k, scan(text, opts).verdict !== 'clean');
  return verdicts.get(k);
};
const rows = new Map();
let missing = 0;
for (const l of labels) {
  const text = textOf.get(`${l.source}\u0000${l.sha256}`);
  if (text === undefined || halfOf(text) !== l.half) {
    missing++;
    continue;
  }
  const key = `${l.reader}\u0000${l.source}\u0000${l.half}`;
  if (!rows.has(key)) rows.set(key, { S: [], N: [], '?': [] });
  rows.get(key)[l.label].push(text);
}
if (missing > 0) {
  console.error(`${missing} labelled items not found in their source and half`);
  process.exit(1);
}
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
const cell = (texts) => {
  const d = texts.filter((t) => detected(t, {}, 'default')).length;
  const r = texts.filter((t) => detected(t, RULES_ONLY, 'rules')).length;
  return texts.length === 0 ? '-' : `${d} (${pct(d, texts.length)}) / ${r}`;
};
console.log(
  '| reader | source | half | items | labelled S (ceiling) | S detected: default (share) / rules | N detected: default (share) / rules |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [key, r] of rows) {
  const [reader, name, half] = key.split('\u0000');
  const n = r.S.length + r.N.length + r['?'].length;
  console.log(
    `| ${reader} | ${name} | ${half} | ${n} | ${r.S.length} (${pct(r.S.length, n)}) | ${cell(r.S)} | ${cell(r.N)} |`,
  );
}
// agreement between readers on the texts both labelled (Cohen's kappa on S against the rest)
const byReader = new Map();
for (const l of labels) {
  if (!byReader.has(l.reader)) byReader.set(l.reader, new Map());
  byReader.get(l.reader).set(`${l.source}\u0000${l.sha256}`, l.label);
}
const readers = [...byReader.keys()].sort();
console.log('\n| readers | texts both labelled | agree | kappa |');
console.log('| --- | --- | --- | --- |');
for (let i = 0; i < readers.length; i++) {
  for (let j = i + 1; j < readers.length; j++) {
    const a = byReader.get(readers[i]);
    const b = byReader.get(readers[j]);
    let n = 0;
    let same = 0;
    let sa = 0;
    let sb = 0;
    for (const [k, la] of a) {
      const lb = b.get(k);
      if (lb === undefined) continue;
      n++;
      if (la === lb) same++;
      if (la === 'S') sa++;
      if (lb === 'S') sb++;
    }
    if (n === 0) continue;
    const po = same / n;
    const pe = (sa / n) * (sb / n) + (1 - sa / n) * (1 - sb / n);
    console.log(
      `| ${readers[i]} and ${readers[j]} | ${n} | ${pct(same, n)} | ${pe === 1 ? '-' : ((po - pe) / (1 - pe)).toFixed(2)} |`,
    );
  }
}
