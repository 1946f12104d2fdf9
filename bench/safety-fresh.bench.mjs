// False positives on benign text that no rule was written on: what this machine holds that a
// coding agent reads as a tool's output. Package docs and sources under this repository's
// node_modules (installed by `npm ci`, so CI has them too), and where present Python's standard
// library and site packages and Debian's package docs. Each file is scanned in the `tool-output`
// channel (the strictest) and as an `instruction-file`; the table gives the share flagged and
// blocked per source, and every file blocked as tool output is listed with its rule and line.
// These sources are not in ../shared/corpora and were never used to train the learned stage;
// the false blocks they showed on 2026-12-05 were fixed as classes (docs/safety.md, context rules
// 8, 10 and 21), so from then on they are development figures too.
// `node bench/safety-fresh.bench.mjs [root] [--list]`: `root` (default this repository) holds the
// build in dist/ to measure, so two builds scan the same files; `--list` prints every flagged
// file as well.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './_util.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const { scan } = await import(
  join(buildArg === undefined ? root : resolve(buildArg), 'dist/safety/index.js')
);
const list = process.argv.includes('--list');

/** Files under `dir` whose name passes `keep`, in sorted order, at most `cap`, each under 400 KB. */
function filesUnder(dir, keep, cap, every = 1) {
  const out = [];
  if (!existsSync(dir)) return out;
  let seen = 0;
  const walk = (d, depth) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true }).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
    } catch {
      return;
    }
    for (const e of entries) {
      if (out.length >= cap) return;
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (depth < 8 && e.name !== 'test' && e.name !== 'tests') walk(p, depth + 1);
      } else if (e.isFile() && keep(e.name)) {
        if (seen++ % every !== 0) continue;
        try {
          if (statSync(p).size < 400_000) out.push(p);
        } catch {}
      }
    }
  };
  walk(dir, 0);
  return out;
}

const isDoc = (n) => /\.(md|markdown|txt)$/i.test(n) && !/^(LICEN[CS]E|CHANGELOG|HISTORY)/i.test(n);
const isJs = (n) => /\.(js|mjs|cjs|ts)$/.test(n) && !n.endsWith('.min.js');
const pythons = existsSync('/usr/lib')
  ? readdirSync('/usr/lib')
      .filter((n) => /^python3(\.\d+)?$/.test(n))
      .sort()
  : [];
const sources = [
  ['node_modules docs (.md, .txt)', filesUnder(join(root, 'node_modules'), isDoc, 2000)],
  [
    'node_modules sources (every 4th .js/.ts)',
    filesUnder(join(root, 'node_modules'), isJs, 3000, 4),
  ],
  [
    'Python library (.py)',
    pythons.flatMap((p) => filesUnder(join('/usr/lib', p), (n) => n.endsWith('.py'), 1500)),
  ],
  [
    'Debian package docs (README, .md, .txt)',
    filesUnder('/usr/share/doc', (n) => /^README|\.(md|txt)$/i.test(n) && !n.endsWith('.gz'), 1000),
  ],
];

const rows = [];
const blocked = [];
for (const [name, files] of sources) {
  if (files.length === 0) {
    rows.push([name, 0, '-', '-', '-', '-', '-']);
    continue;
  }
  let bytes = 0;
  const count = { tool: [0, 0], file: [0, 0] };
  for (const f of files) {
    let text;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    bytes += Buffer.byteLength(text);
    for (const [key, channel] of [
      ['tool', 'tool-output'],
      ['file', 'instruction-file'],
    ]) {
      const r = scan(text, { channel, source: f });
      if (r.verdict === 'flagged') count[key][0]++;
      if (r.verdict === 'blocked') count[key][1]++;
      if (key !== 'tool' || r.verdict === 'clean') continue;
      if (r.verdict === 'blocked' || list) {
        const live = r.findings.filter(
          (x) => x.severity === (r.verdict === 'blocked' ? 'block' : 'flag'),
        );
        const ids = [...new Set(live.map((x) => `${x.ruleId}@${x.line}`))].slice(0, 6);
        blocked.push(`${r.verdict} ${f}: ${ids.join(', ')}`);
      }
    }
  }
  const pct = (k) => `${((100 * k) / files.length).toFixed(1)}%`;
  rows.push([
    name,
    files.length,
    (bytes / 1e6).toFixed(1),
    pct(count.tool[0]),
    pct(count.tool[1]),
    pct(count.file[0]),
    pct(count.file[1]),
  ]);
}
printTable(
  [
    'benign source (not in the corpora)',
    'files',
    'MB',
    'tool output: flagged',
    'blocked',
    'instruction file: flagged',
    'blocked',
  ],
  rows,
);
for (const line of blocked) console.log(line);
