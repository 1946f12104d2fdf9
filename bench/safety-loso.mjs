#!/usr/bin/env node
// Leave-one-source-out figures of the scanner's learned stage: for every training source, a
// model is trained (threshold included, out-of-fold) on the dev halves of all OTHER sources and
// measured on every item of the left-out source, both halves. This is the figure that predicts
// data from a source nobody has seen. Printed by bench/safety.bench.mjs; runnable alone:
//   npx tsc -p tsconfig.build.json && node bench/safety-loso.mjs
import { fileURLToPath } from 'node:url';
import { learnedMarginShift } from '../dist/safety/channels.js';
import { scan } from '../dist/safety/index.js';
import { halfOf, loadSources } from '../scripts/scanner-data.mjs';
import {
  chooseThreshold,
  docMargin,
  featurizeDoc,
  TRAIN,
  train,
} from '../scripts/scanner-train-lib.mjs';
import { channelOf } from './safety-channels.mjs';

const RULES_ONLY = { policy: { rules: { 'learned.injection': 'off' } } };
const pct = (a, b) => (b === 0 ? '   -  ' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);
const pad = (s, n) => String(s).padEnd(n);

/** Every item of every source featurised and rule-scanned once: `{ sources, items }`. */
export function loadItems(corpora) {
  const sources = loadSources(corpora);
  const items = sources.map((s) => {
    const channel = channelOf(s);
    return s.texts.map((text) => {
      const v = scan(text, RULES_ONLY).verdict;
      // the rules' verdict when the caller passes the channel the text arrives by, and when the
      // text arrives as a tool's output (a web page, a file the agent reads)
      const inChannel = scan(text, { ...RULES_ONLY, channel }).verdict;
      const asTool = scan(text, { ...RULES_ONLY, channel: 'tool-output' }).verdict;
      return { segs: featurizeDoc(text), dev: halfOf(text) === 'dev', rules: v, inChannel, asTool };
    });
  });
  return { sources, items };
}

/** Prints the leave-one-source-out table; returns its rows. */
export function printLoso(corpora, opts = TRAIN, loaded = undefined) {
  const { sources, items } = loaded ?? loadItems(corpora);
  if (sources.length === 0) return [];
  const t0 = Date.now();
  const rows = [];
  console.log(
    `${pad('left-out source', 44)} ${pad('items', 6)} ${pad('model alone', 12)} ${pad('rules alone', 12)} ${pad('rules+model', 12)} ${pad('blocked', 8)} ${pad('in its channel: rules+model / blocked', 38)} as tool output (all but "model alone" on the check half)`,
  );
  const toolShift = learnedMarginShift('tool-output');
  for (let k = 0; k < sources.length; k++) {
    const docs = [];
    sources.forEach((s, j) => {
      if (j === k || !s.train) return;
      for (const it of items[j]) {
        if (!it.dev) continue;
        docs.push({
          segs: it.segs,
          y: s.label === 'attack' ? 1 : 0,
          family: s.family,
          source: s.name,
          ruleClean: it.rules === 'clean',
        });
      }
    });
    const { threshold } = chooseThreshold(docs, opts);
    const model = train(docs, opts);
    const s = sources[k];
    const its = items[k];
    const margins = its.map((it) => docMargin(model, it.segs));
    const hit = margins.map((m) => m >= threshold);
    // in the source's channel the learned stage's margin is lowered (data channels) or the stage
    // is off (the user's own text), as scan() does it
    const shift = learnedMarginShift(channelOf(s));
    const hitInChannel = margins.map((m) => shift !== undefined && m >= threshold - shift);
    const hitAsTool = margins.map((m) => m >= threshold - toolShift);
    const check = its
      .map((it, i) => ({ it, m: hit[i], mc: hitInChannel[i], mt: hitAsTool[i] }))
      .filter((x) => !x.it.dev);
    const ruleHit = (x) => x.it.rules !== 'clean';
    const row = {
      source: s.name,
      label: s.label,
      n: its.length,
      model: hit.filter(Boolean).length / its.length,
      rulesCheck: check.filter(ruleHit).length / Math.max(1, check.length),
      combinedCheck: check.filter((x) => ruleHit(x) || x.m).length / Math.max(1, check.length),
      blockedCheck:
        check.filter((x) => x.it.rules === 'blocked').length / Math.max(1, check.length),
      channel: channelOf(s),
      channelCheck:
        check.filter((x) => x.it.inChannel !== 'clean' || x.mc).length / Math.max(1, check.length),
      channelBlockedCheck:
        check.filter((x) => x.it.inChannel === 'blocked').length / Math.max(1, check.length),
      toolCheck:
        check.filter((x) => x.it.asTool !== 'clean' || x.mt).length / Math.max(1, check.length),
      toolBlockedCheck:
        check.filter((x) => x.it.asTool === 'blocked').length / Math.max(1, check.length),
    };
    rows.push(row);
    const f = (v) => pct(v, 1);
    console.log(
      `${pad(`${s.label === 'attack' ? 'attack' : 'benign'}: ${s.name.replace(/^benign: /, '')}${s.train ? '' : ' (never trained)'}`, 44)} ${pad(its.length, 6)} ${pad(f(row.model), 12)} ${pad(f(row.rulesCheck), 12)} ${pad(f(row.combinedCheck), 12)} ${pad(f(row.blockedCheck), 8)} ${pad(`${f(row.channelCheck)} / ${f(row.channelBlockedCheck)} (${row.channel})`, 38)} ${f(row.toolCheck)} / ${f(row.toolBlockedCheck)}`,
    );
  }
  console.log(
    `(attack rows: share detected; benign rows: share flagged. The channel column scans each text as it arrives in an agent: bench/safety-channels.mjs. ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // LOSO_TRAIN='{"minAttack":1}' overrides training options (experiments); a JSON array runs
  // one table per set of options over one featurisation
  const corpora = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
  const given = JSON.parse(process.env.LOSO_TRAIN ?? '{}');
  const loaded = loadItems(corpora);
  for (const o of Array.isArray(given) ? given : [given]) {
    console.log(`train ${JSON.stringify(o)}`);
    printLoso(corpora, { ...TRAIN, ...o }, loaded);
  }
}
