#!/usr/bin/env node
// One SHA-256 over the full compactHistory() results (history, status, stages, ledger, fact
// report, record, summary, diagnostics, token counts) of the six real transcripts at the five
// scenarios of compaction-real, with o200k and with the estimator, plus the turn-48 style growth
// histories, each on a fresh copy and again on the objects every scenario shares (so a memo kept
// on message objects across calls is checked too). A change meant only to make compaction faster
// must leave this hash unchanged.
// Run: npm run build && node bench/compaction-hash.mjs [<dist folder>]   (default: ../dist)
// Prints one line per transcript and the total.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { corporaDir, growthHistory, COMPACTION_SCENARIOS as SCENARIOS } from './_util.mjs';

const distArg = process.argv[2];
const dist = distArg
  ? pathToFileURL(`${resolve(distArg)}/`).href
  : new URL('../dist/', import.meta.url).href;
const { compactHistory, historyTokens, readTranscript } = await import(`${dist}history/index.js`);
const { estimateCounter, o200kCounter } = await import(`${dist}tokens/index.js`);

/** JSON with sorted keys, so the hash does not depend on property order. */
function stable(v) {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stable(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

const inputs = [];
const dir = corporaDir();
if (dir !== null) {
  const tdir = join(dir, 'transcripts');
  for (const f of readdirSync(tdir)
    .filter((x) => x.endsWith('.json.gz'))
    .sort()) {
    const value = JSON.parse(gunzipSync(readFileSync(join(tdir, f))).toString('utf8'));
    inputs.push([f, readTranscript(value).history]);
  }
}
for (const steps of [400, 3000]) inputs.push([`growth-${steps}`, growthHistory(steps)]);

const total = createHash('sha256');
for (const [name, history] of inputs) {
  const h = createHash('sha256');
  for (const [label, counter] of [
    ['o200k', o200kCounter],
    ['estimate', estimateCounter],
  ]) {
    const before = historyTokens(history, counter);
    for (const [occ, tgt] of SCENARIOS) {
      const window = Math.round(before / occ);
      const options = {
        budget: { window, target: tgt, soft: Math.max(0.75, tgt), hard: 0.92 },
        tokenCounter: counter,
      };
      // a fresh copy, then the same objects every scenario (what a live session's memos see)
      const fresh = await compactHistory(structuredClone(history), options);
      const shared = await compactHistory(history, options);
      h.update(`${label} ${occ} ${tgt}\n${stable(fresh)}\n${stable(shared)}\n`);
    }
  }
  const digest = h.digest('hex');
  total.update(`${name} ${digest}\n`);
  console.log(`${digest.slice(0, 16)}  ${name}`);
}
console.log(`compaction results sha256: ${total.digest('hex')}`);
