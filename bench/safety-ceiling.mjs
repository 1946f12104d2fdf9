#!/usr/bin/env node
// How much of an attack source a scanner that sees only the text can catch at all. A reader
// labelled every DEV-half item of CyberSecEval EN and deepset's attacks, with 120 dev-half benign
// user questions mixed in as a calibration check, without the scanner's verdicts and without the
// source names: "S" when the text alone shows that it tries to subvert an assistant (an override,
// an extraction, an order planted in data, a dictated answer, an unrestricted persona, an
// encoded order), "N" when it reads as an ordinary request that is an attack only against some
// system prompt the scanner never sees (a question in another language when the prompt said
// "English only", an off-topic question, Q/A examples before a question).
// Labels: bench/fixtures/standalone-signal-labels.jsonl (source, sha256 prefix of the text,
// label, the reader's reason). Prints per source the share labelled S (the ceiling of a
// text-only detector that flags no N item) and what the default scan(), the rules alone and the
// `user` channel detect among S and N items. Dev half only: the rules were written on it, so the
// recall among S items is a development figure; the S share is the one to read.
// Run: npx tsc -p tsconfig.build.json && node bench/safety-ceiling.mjs
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
const rows = new Map();
let missing = 0;
for (const l of labels) {
  const text = textOf.get(`${l.source}\u0000${l.sha256}`);
  if (text === undefined || halfOf(text) !== 'dev') {
    missing++;
    continue;
  }
  if (!rows.has(l.source)) rows.set(l.source, { S: [], N: [], '?': [] });
  rows.get(l.source)[l.label].push(text);
}
if (missing > 0) {
  console.error(`${missing} labelled items not found in the dev half of their source`);
  process.exit(1);
}
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
const hits = (texts, opts) => texts.filter((t) => scan(t, opts).verdict !== 'clean').length;
console.log(
  '| source (dev half) | items | labelled S (ceiling) | S detected: default / rules / user | N detected: default / rules / user |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const [name, r] of rows) {
  const n = r.S.length + r.N.length + r['?'].length;
  const cell = (texts) =>
    `${pct(hits(texts, {}), texts.length)} / ${pct(hits(texts, RULES_ONLY), texts.length)} / ${pct(hits(texts, { channel: 'user' }), texts.length)}`;
  console.log(
    `| ${name} | ${n} | ${r.S.length} (${pct(r.S.length, n)}) | ${cell(r.S)} | ${cell(r.N)} |`,
  );
}
