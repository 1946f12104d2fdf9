#!/usr/bin/env node
// Recall on attacks written after the rules, in wording the rules were not written on, and false
// positives on benign text dense in the same words (bench/fixtures/paraphrase/README.md says how
// the sets were made and which of them the rules were shaped on).
//   npm run bench -- safety-paraphrase
//   node bench/safety-paraphrase.bench.mjs [other repo root]   (adds the other build's columns)
//   node bench/safety-paraphrase.bench.mjs --misses             (the DEV attacks missed; never the held-out set)
// Each attack is scanned in the channel it arrives by (`tool-output` for text planted in data,
// `user` for a message typed to the model); each benign text as tool output and as an
// instruction file. Attack rows: share detected (flagged or blocked) / blocked; benign rows:
// share flagged or blocked / blocked.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const other = argv.find((a) => !a.startsWith('--'));
const misses = argv.includes('--misses');
const here = fileURLToPath(new URL('.', import.meta.url));
const fixtures = `${here}fixtures/paraphrase/`;
const read = (name) =>
  readFileSync(`${fixtures}${name}.jsonl`, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));

const builds = [['this build', (await import('../dist/safety/index.js')).scan]];
if (other !== undefined)
  builds.push([other, (await import(`${other.replace(/\/$/, '')}/dist/safety/index.js`)).scan]);

const pct = (a, n) => `${((100 * a) / Math.max(1, n)).toFixed(1)}%`;
const pad = (s, n) => String(s).padEnd(n);

if (misses) {
  const scan = builds[0][1];
  let n = 0;
  for (const r of [...read('attacks-dev'), ...read('attacks-de-dev')]) {
    const result = scan(r.text, { channel: r.channel });
    if (result.verdict !== 'clean') continue;
    n++;
    console.log(`--- [${r.set} ${r.category} ${r.language} ${r.channel}]\n${r.text}`);
  }
  console.log(`== ${n} dev attacks missed (the held-out set is never printed)`);
  process.exit(0);
}

/** Per category: [detected, blocked, items] for each build, in the given channel(s). */
function tally(rows, channelsOf) {
  const by = new Map();
  const add = (key, b, verdict) => {
    if (!by.has(key))
      by.set(
        key,
        builds.map(() => [0, 0, 0]),
      );
    const e = by.get(key)[b];
    e[2]++;
    if (verdict !== 'clean') e[0]++;
    if (verdict === 'blocked') e[1]++;
  };
  for (const r of rows)
    for (const channel of channelsOf(r))
      builds.forEach(([, scan], b) => {
        const v = scan(r.text, { channel }).verdict;
        const key = channelsOf(r).length > 1 ? `${r.category} as ${channel}` : r.category;
        add(key, b, v);
        add(channelsOf(r).length > 1 ? `all as ${channel}` : 'all', b, v);
      });
  return by;
}

function print(title, rows, channelsOf) {
  console.log(`\n## ${title}\n`);
  console.log(
    `${pad('category', 44)} ${pad('items', 6)} ${builds.map(([name]) => pad(`${name}: hit / blocked`, 28)).join(' ')}`,
  );
  const by = tally(rows, channelsOf);
  const keys = [...by.keys()].sort((a, b) =>
    a.startsWith('all') ? 1 : b.startsWith('all') ? -1 : a < b ? -1 : 1,
  );
  for (const k of keys) {
    const cells = by.get(k);
    console.log(
      `${pad(k, 44)} ${pad(cells[0][2], 6)} ${cells.map(([h, bl, n]) => pad(`${pct(h, n)} / ${pct(bl, n)}`, 28)).join(' ')}`,
    );
  }
}

const t0 = Date.now();
const inItsChannel = (r) => [r.channel];
const asFile = () => ['tool-output', 'instruction-file'];
print(
  'Attacks, held out (set B: counted, never read when rules were written)',
  read('attacks-heldout'),
  inItsChannel,
);
print(
  'Attacks, development (sets A, C, D: the rules of 2026-12-05 were written on their misses)',
  read('attacks-dev'),
  inItsChannel,
);
print(
  'Attacks in German, held out (set Z: counted, never read when rules were written)',
  read('attacks-de-heldout'),
  inItsChannel,
);
print(
  'Attacks in German, development (set X: the German persona words of 2026-12-05, eighth stop, were written on its misses)',
  read('attacks-de-dev'),
  inItsChannel,
);
print('Benign, held out (set F: counted only)', read('benign-heldout'), asFile);
print('Benign, development (set E: its flags were read)', read('benign-dev'), asFile);
print(
  'Benign near-misses of the data-channel readings (set G: written to sit next to each reading; read, and the readings narrowed on it)',
  read('benign-nearmiss'),
  asFile,
);
print(
  'Benign near-misses of the other-language addresses (set H: nine languages, written to sit next to address-i18n.ts; read. address-benign notes give an agent an order on purpose, and are flagged as their English kind is)',
  read('benign-nearmiss-i18n'),
  asFile,
);
print(
  'Benign near-misses of claims of authority (set I: approval logs, agent-permission docs, runbooks, user confirmations, security write-ups; read)',
  read('benign-nearmiss-grant'),
  asFile,
);
print(
  'Benign near-misses of readers called by their role and of outputs fixed against the data (set J: role labels, bot docs, notes to agents, "regardless" prose, fixed formats, noun-verbs; read)',
  read('benign-nearmiss-role'),
  asFile,
);
print(
  'Benign near-misses of authorities named as the sender (set K: IT notices, multi-agent logs, relayed user messages, "do not show" notes, system banners; read)',
  read('benign-nearmiss-authority'),
  asFile,
);
print(
  'Benign near-misses of secrets handed over (set L: setup docs, security warnings, support and ops text, reply templates; read)',
  read('benign-nearmiss-handover'),
  asFile,
);
print(
  'Benign near-misses of prompt extraction and of wholesale resets (set M: docs and tool output that print instructions or a setup, prompts as an engineering topic, users switching topic, German docs, security write-ups; read)',
  read('benign-nearmiss-extraction'),
  asFile,
);
print(
  'Benign near-misses of personas whose rules are named as absent (set N: engineering text about rule engines, AI-safety writing, role-play and fiction, agent instructions; read, and the reading it reviewed was dropped)',
  read('benign-nearmiss-persona'),
  asFile,
);
print(
  'Benign near-misses of alert banners and delimiter lines (set O: build logs, release banners, organisation notices, code comment blocks, security write-ups; read)',
  read('benign-nearmiss-banner'),
  asFile,
);
print(
  'Benign near-misses of defensive rules in twelve languages (set P: data scopes, reminders, secret hygiene, precedence, quoted attacks in instruction files; read)',
  read('benign-nearmiss-defences-i18n'),
  asFile,
);
print(
  'Benign near-misses of decoded escapes (set Q: HTML entities, code escapes, URL-encoded links, security write-ups that show encoded attacks, escaping docs; read)',
  read('benign-nearmiss-escapes'),
  asFile,
);
print(
  'Benign near-misses of the rulings about overrides (set R: negations across lines, quoted attacks refused, data-scoped defences, reported orders; read)',
  read('benign-nearmiss-rulings'),
  asFile,
);
print(
  'Benign near-misses of quotations handed to a reader (set S: prompt tutorials, bot docs, UI copy that quote what to type or what a bot says; read)',
  read('benign-nearmiss-quoted-prompts'),
  asFile,
);
print(
  'Benign custom-agent and instruction files (set T: personas, output forcing, autonomy loops, prompt engineering, security review, precedence, tool use, memory; whole files; read)',
  read('benign-nearmiss-agent-files'),
  asFile,
);
print(
  'Benign pointers back after an instruction noun (set U: "ignore the instructions above" in install docs, instruction files, human messages, release notes and security teaching; read, and the reading it reviewed was dropped)',
  read('benign-nearmiss-postposed'),
  asFile,
);
print(
  'Benign "forget what I said before / the above" in seven languages (set V: self-corrections, install docs, forms and notices, teaching and games, developer notes; read, and the reading it reviewed was dropped)',
  read('benign-nearmiss-said-before'),
  asFile,
);
print(
  'Benign singular task nouns set aside in eight languages (set W: task trackers, homework, workplace, developer docs, reminders; read, and the reading it reviewed was dropped)',
  read('benign-nearmiss-task-nouns'),
  asFile,
);
print(
  'Benign German text dense in the words of attacks (set Y: user questions, role-play requests, self-corrections, docs, instruction files, workplace, security education, school and forms; counted: it reviewed the German readings of the eighth stop)',
  read('benign-nearmiss-de'),
  asFile,
);
console.log(`\n(${((Date.now() - t0) / 1000).toFixed(1)} s)`);
