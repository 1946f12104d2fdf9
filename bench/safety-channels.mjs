#!/usr/bin/env node
// What a caller gets who passes the channel a text came through (issue 16: "channel-aware
// scanning"): every source scanned by the default scan() with no channel and with the channel
// its texts arrive by in an agent (TaskTracker's triggers sit in retrieved data, BIPIA's carriers
// are e-mails and tables an agent reads, skill files are skills, prompts are the user's ...).
// Per source, on the check half (the half no rule was written from): share detected (attack) or
// flagged (benign), and blocked, with no channel, in the source's own channel, and as tool output
// (any text can reach an agent as a tool's output: a web page, a file it reads). The agent
// transcripts mix user messages, tool results and the assistant's text; their own channel is
// taken as tool output, the strictest.
// Printed by bench/safety.bench.mjs; runnable alone:
//   npx tsc -p tsconfig.build.json && node bench/safety-channels.mjs
import { fileURLToPath } from 'node:url';
import { scan } from '../dist/safety/index.js';
import { halfOf, loadSources } from '../scripts/scanner-data.mjs';

/** The channel a source's texts arrive by in an agent. */
export function channelOf(source) {
  const n = source.name;
  if (n === 'TaskTracker' || n === 'benign: agent transcripts') return 'tool-output';
  if (n === 'benign: BIPIA carrier documents') return 'retrieved-document';
  if (/skill/i.test(n)) return 'skill';
  if (/instruction/i.test(n)) return 'instruction-file';
  return 'user';
}

const pct = (a, b) => (b === 0 ? '   -  ' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);
const pad = (s, n) => String(s).padEnd(n);

/** Prints the table; returns its rows. */
export function printChannels(corpora) {
  const sources = loadSources(corpora);
  if (sources.length === 0) return [];
  const t0 = Date.now();
  console.log(
    `${pad('source', 44)} ${pad('its channel', 19)} ${pad('items', 6)} ${pad('no channel', 17)} ${pad('its channel', 17)} ${pad('as tool output', 17)} (hit / blocked, check half)`,
  );
  const rows = [];
  const ways = (channel) => [undefined, channel, 'tool-output'];
  for (const s of sources) {
    const channel = channelOf(s);
    const hit = [0, 0, 0];
    const blocked = [0, 0, 0];
    let n = 0;
    for (const text of s.texts) {
      if (halfOf(text) !== 'check') continue;
      n++;
      ways(channel).forEach((c, k) => {
        const v = (c === undefined ? scan(text) : scan(text, { channel: c })).verdict;
        if (v !== 'clean') hit[k]++;
        if (v === 'blocked') blocked[k]++;
      });
    }
    const share = (a) => a.map((x) => x / Math.max(1, n));
    const row = {
      source: s.name,
      label: s.label,
      channel,
      n,
      hit: share(hit),
      blocked: share(blocked),
    };
    rows.push(row);
    const label = `${s.label === 'attack' ? 'attack' : 'benign'}: ${s.name.replace(/^benign: /, '')}`;
    const cell = (k) => pad(`${pct(hit[k], n)} / ${pct(blocked[k], n)}`, 17);
    console.log(
      `${pad(label, 44)} ${pad(channel, 19)} ${pad(n, 6)} ${cell(0)} ${cell(1)} ${cell(2)}`,
    );
  }
  console.log(
    `(attack rows: share detected; benign rows: share flagged or blocked; items: the check half. ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printChannels(fileURLToPath(new URL('../../shared/corpora/', import.meta.url)));
}
