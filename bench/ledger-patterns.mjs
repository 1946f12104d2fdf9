#!/usr/bin/env node
// The ledger's pattern searches over the texts of the six real transcripts
// (../shared/corpora/transcripts), by kind of text: user and assistant texts, tool-call
// arguments, tool results. CPU ms per pass over all of them, min and median of 7, after 3
// untimed passes. Also the bare-id search with and without its pre-check (findBareIds against
// BARE_ID alone; the same matches are checked first). With another build's root (its
// `npm run build` output in dist/), its searches are timed too, alternated with this build's
// (this build first in odd passes), after checking that both give the same results on every text.
// Run: npm run build && node bench/ledger-patterns.mjs [<other repo root>]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { readTranscript } from '../dist/history/index.js';
import { toolCallArguments, toolResultText } from '../dist/history/message.js';
import * as P from '../dist/history/patterns.js';
import { corporaDir, cpuMs, printTable, round } from './_util.mjs';

const dir = corporaDir();
if (dir === null) {
  console.log('no transcripts (../shared/corpora/transcripts is absent): nothing to measure');
  process.exit(0);
}
const sets = { texts: [], args: [], results: [] };
const tdir = join(dir, 'transcripts');
for (const f of readdirSync(tdir).filter((x) => x.endsWith('.json.gz'))) {
  const { history } = readTranscript(
    JSON.parse(gunzipSync(readFileSync(join(tdir, f))).toString('utf8')),
  );
  for (const m of history)
    for (const p of m.parts) {
      if (p.type === 'text') sets.texts.push(p.text);
      else if (p.type === 'tool-call') sets.args.push(toolCallArguments(p));
      else if (p.type === 'tool-result') sets.results.push(toolResultText(p));
    }
}
const bareAlone = (t) => t.match(P.BARE_ID) ?? [];
for (const [kind, texts] of Object.entries(sets))
  for (const t of texts)
    if (JSON.stringify(P.findBareIds(t)) !== JSON.stringify(bareAlone(t)))
      throw new Error(`findBareIds differs from BARE_ID on a ${kind} text`);
const fns = {
  findPaths: P.findPaths,
  findHashes: P.findHashes,
  findTaskIds: P.findTaskIds,
  findArtifactRefs: P.findArtifactRefs,
  errorLineStarts: P.errorLineStarts,
  'BARE_ID alone': bareAlone,
  findBareIds: P.findBareIds,
};
const otherRoot = process.argv[2];
const other =
  otherRoot === undefined
    ? undefined
    : await import(pathToFileURL(join(otherRoot, 'dist/history/patterns.js')).href);
const rows = [];
for (const [name, f] of Object.entries(fns)) {
  const g = other?.[name];
  if (g !== undefined)
    for (const texts of Object.values(sets))
      for (const t of texts)
        if (JSON.stringify(f(t)) !== JSON.stringify(g(t)))
          throw new Error(`${name} differs between the builds`);
  const row = [name];
  const otherRow = [`  ${name}, other build`];
  for (const texts of Object.values(sets)) {
    const pass = (h) => () => {
      for (const t of texts) h(t);
    };
    const mine = [];
    const theirs = [];
    for (let i = 0; i < 3; i++) {
      pass(f)();
      if (g !== undefined) pass(g)();
    }
    for (let r = 0; r < 7; r++) {
      if (g !== undefined && r % 2 === 1) theirs.push(cpuMs(pass(g)));
      mine.push(cpuMs(pass(f)));
      if (g !== undefined && r % 2 === 0) theirs.push(cpuMs(pass(g)));
    }
    const cell = (times) => {
      times.sort((a, b) => a - b);
      return `${round(times[0], 2)} / ${round(times[3], 2)}`;
    };
    row.push(cell(mine));
    if (g !== undefined) otherRow.push(cell(theirs));
  }
  rows.push(row);
  if (g !== undefined) rows.push(otherRow);
}
const chars = (a) => a.reduce((n, t) => n + t.length, 0);
printTable(
  [
    'search',
    `texts (${sets.texts.length}, ${chars(sets.texts)} chars)`,
    `call arguments (${sets.args.length}, ${chars(sets.args)})`,
    `tool results (${sets.results.length}, ${chars(sets.results)})`,
  ],
  rows,
);
console.log('CPU ms per pass, min / median of 7');
