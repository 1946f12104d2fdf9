#!/usr/bin/env node
// Skills benchmark (issue 5). Run with `npm run bench -- skills` (builds first) or, after
// `npx tsc -p tsconfig.build.json`, `node bench/skills.bench.mjs`. Prints tables; asserts no time.
//
// 1. Parses every SKILL.md of ../shared/corpora/benign/skills/ (471 files): clean / loaded with
//    diagnostics / refused, every diagnostic code, per source repository, and the parse time.
// 2. Catalog of 1,000 skills within a 4,000-token budget (baseline: count each full line once
//    and drop skills from the end until it fits, no fair shrink; plus the bare render time).
// 3. Keyword matching of 1,000 skills against a 10 KB message (baseline: a naive loop with one
//    precompiled case-insensitive \b…\b regex per keyword).
// 4. 10,000 path rules against one path (baseline: a naive loop testing one precompiled
//    picomatch regex per rule).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import {
  buildSkillCatalog,
  compileKeywordMatcher,
  compilePathRules,
  parseSkill,
  renderSkillCatalog,
} from '../dist/skills/index.js';
import { o200kCounter } from '../dist/tokens/index.js';

const corpusRoot = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const skillsDir = join(corpusRoot, 'benign/skills');

// deterministic PRNG (mulberry32) so every run measures the same data
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Median milliseconds of `fn` over `runs` runs after `warmup` runs. */
function time(fn, runs = 15, warmup = 3) {
  for (let i = 0; i < warmup; i++) fn();
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    xs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(xs);
}

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) =>
          c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]),
        )
        .join('  '),
    )
    .join('\n');
}

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

// ── 1. the real corpus ───────────────────────────────────────────────────────────────────────
function findSkillFiles(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findSkillFiles(p, out);
    else if (name === 'SKILL.md') out.push(p);
  }
  return out;
}

const descriptions = [];
if (!existsSync(skillsDir)) {
  console.log(`corpus not found at ${skillsDir}: skipping the corpus section`);
} else {
  const files = findSkillFiles(skillsDir);
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const perSource = new Map();
  const codes = new Map();
  let clean = 0;
  let withDiagnostics = 0;
  let refused = 0;
  let crashes = 0;
  const parsed = [];
  files.forEach((f, i) => {
    const rel = relative(skillsDir, f);
    const top = rel.split('/')[0];
    const source = top.split('__').slice(0, 2).join('/');
    // the corpus flattened owner/repo/.../<folder> into one name: undo it for the name check
    const folderName = dirname(rel).includes('/') ? basename(dirname(f)) : top.split('__').pop();
    let r;
    try {
      r = parseSkill(texts[i], { file: rel, folderName });
    } catch (error) {
      crashes++;
      console.log(`CRASH ${rel}: ${error}`);
      return;
    }
    parsed.push({ text: texts[i], rel, folderName });
    const s = perSource.get(source) ?? { files: 0, clean: 0, diag: 0, refused: 0 };
    s.files++;
    const serious = r.diagnostics.filter((d) => d.severity !== 'info');
    if (r.manifest === undefined) {
      refused++;
      s.refused++;
    } else if (serious.length === 0) {
      clean++;
      s.clean++;
      descriptions.push(r.manifest.description);
    } else {
      withDiagnostics++;
      s.diag++;
      descriptions.push(r.manifest.description);
    }
    perSource.set(source, s);
    for (const d of r.diagnostics) {
      const key = `${d.code} (${d.severity})`;
      codes.set(key, (codes.get(key) ?? 0) + 1);
    }
  });
  const parseMs = time(
    () => {
      for (const p of parsed) parseSkill(p.text, { file: p.rel, folderName: p.folderName });
    },
    9,
    2,
  );
  console.log(`\nCorpus: ${files.length} SKILL.md under ${relative(process.cwd(), skillsDir)}`);
  console.log(
    `clean (no warning or error; info allowed): ${clean} · loaded with diagnostics: ${withDiagnostics} · refused: ${refused} · crashes: ${crashes}`,
  );
  console.log(
    `parse all ${parsed.length}: median ${fmt(parseMs)} (${fmt(parseMs / parsed.length)} per file)\n`,
  );
  console.log(
    table([
      ['source', 'files', 'clean', 'with diagnostics', 'refused'],
      ...[...perSource].sort().map(([k, v]) => [k, v.files, v.clean, v.diag, v.refused]),
    ]),
  );
  console.log('');
  console.log(
    table([
      ['diagnostic code (severity)', 'count'],
      ...[...codes].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => [k, v]),
    ]),
  );
}

// ── 2. catalog of 1,000 skills ───────────────────────────────────────────────────────────────
const rand = rng(42);
const pool = descriptions.length > 0 ? descriptions : ['Does a thing when asked to do the thing.'];
const skills = Array.from({ length: 1000 }, (_, i) => ({
  name: `skill-${String(i).padStart(4, '0')}`,
  description: pool[Math.floor(rand() * pool.length)],
  paths: [],
  disableModelInvocation: false,
}));
const budget = { tokens: 4000 };
const catalog = buildSkillCatalog(skills, { budget });
const catalogMs = time(() => buildSkillCatalog(skills, { budget }), 7, 1);
const fullEntries = skills.map((s) => ({ name: s.name, description: s.description }));
const renderMs = time(() => renderSkillCatalog(fullEntries), 15, 3);
// naive budgeted baseline: count every full line once, then drop from the end until it fits
// (no per-skill cap, no fair shrink, no exact check of the whole block)
const naiveCatalog = () => {
  const sorted = [...fullEntries].sort((a, b) => (a.name < b.name ? -1 : 1));
  const costs = sorted.map((e) =>
    o200kCounter.count(`<skill name="${e.name}">${e.description}</skill>\n`),
  );
  let total = costs.reduce((a, b) => a + b, 0);
  let n = sorted.length;
  while (n > 0 && total > budget.tokens) total -= costs[--n];
  return renderSkillCatalog(sorted.slice(0, n), sorted.length - n);
};
const naiveCatalogMs = time(naiveCatalog, 7, 1);
const naiveResult = naiveCatalog();
console.log('\nCatalog: 1,000 skills (descriptions drawn from the corpus), budget 4,000 tokens');
console.log(
  `result: ${catalog.entries.length} listed, ${catalog.dropped} dropped, shared cap ${catalog.report.sharedCap ?? 'none'} chars, ${catalog.report.tokens} tokens (naive baseline: ${naiveResult.split('\n').length - 3} listed, ${o200kCounter.count(naiveResult)} tokens)`,
);

// ── 3. keyword matching ──────────────────────────────────────────────────────────────────────
const vocabulary = [
  ...new Set(
    pool
      .join(' ')
      .toLowerCase()
      .match(/[a-z][a-z0-9]{2,}/g) ?? ['alpha'],
  ),
];
const pick = () => vocabulary[Math.floor(rand() * vocabulary.length)];
const keywordRules = Array.from({ length: 1000 }, (_, i) => ({
  id: `skill-${i}`,
  keywords: Array.from({ length: 3 + Math.floor(rand() * 4) }, () =>
    rand() < 0.2 ? `${pick()} ${pick()}` : pick(),
  ),
  minMatches: rand() < 0.5 ? 1 : 2,
}));
let message = '';
while (message.length < 10_240) message += `${pick()} `;
message = message.slice(0, 10_240);
const matcher = compileKeywordMatcher(keywordRules);
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const naiveRules = keywordRules.map((r) => ({
  id: r.id,
  min: r.minMatches,
  res: r.keywords.map((k) => new RegExp(`\\b${k.split(' ').map(escapeRe).join('\\W+')}\\b`, 'i')),
}));
const naiveKeywords = () => {
  const out = [];
  for (const r of naiveRules) {
    let n = 0;
    for (const re of r.res) if (re.test(message)) n++;
    if (n >= r.min) out.push(r.id);
  }
  return out;
};
const ours = matcher.match(message).map((m) => m.id);
const theirs = naiveKeywords();
const keywordMs = time(() => matcher.match(message), 25, 5);
const naiveKeywordMs = time(naiveKeywords, 25, 5);
const compileKeywordMs = time(() => compileKeywordMatcher(keywordRules), 9, 2);

// ── 4. path rules ────────────────────────────────────────────────────────────────────────────
const dirs = ['src', 'lib', 'api', 'web', 'docs', 'test', 'pkg', 'app', 'core', 'util'];
const exts = ['ts', 'tsx', 'js', 'md', 'json', 'py', 'go', 'rs', 'css', 'yml'];
const d = () => dirs[Math.floor(rand() * dirs.length)];
const e = () => exts[Math.floor(rand() * exts.length)];
const shapes = [
  () => `${d()}/${d()}/**`,
  () => `*.${e()}`,
  () => `**/${d()}/*.${e()}`,
  () => `${d()}/**/*.${e()}`,
  () => `**/*.{${e()},${e()}}`,
  () => `${d()}-${Math.floor(rand() * 500)}/**`,
  () => `**/${d()}/**/file-${Math.floor(rand() * 300)}.${e()}`,
];
const pathRules = Array.from({ length: 10_000 }, (_, i) => ({
  name: `rule-${i}`,
  globs: [shapes[Math.floor(rand() * shapes.length)]()],
  body: 'rule body',
  source: `.cursor/rules/rule-${i}.mdc`,
}));
const target = 'src/api/handlers/users/create-user.ts';
let engine = compilePathRules(pathRules);
const compileEngineMs = time(
  () => {
    engine = compilePathRules(pathRules);
  },
  5,
  1,
);
const naivePathRes = pathRules.map((r) =>
  picomatch.makeRe(r.globs[0].includes('/') ? r.globs[0] : `**/${r.globs[0]}`, { dot: true }),
);
const naivePaths = () => {
  const out = [];
  for (let i = 0; i < naivePathRes.length; i++) if (naivePathRes[i].test(target)) out.push(i);
  return out;
};
const pathMs = time(() => engine.match(target), 51, 5);
const naivePathMs = time(naivePaths, 51, 5);
const pathHits = engine.match(target).length;
const naivePathHits = naivePaths().length;

console.log(
  `\nKeyword matching: 1,000 skills (${keywordRules.reduce((n, r) => n + r.keywords.length, 0)} keywords) vs a ${message.length}-byte message: ${ours.length} fire (naive: ${theirs.length}; same skills: ${ours.join() === theirs.join() ? 'yes' : 'no'})`,
);
console.log(
  `Path rules: 10,000 rules vs \`${target}\`: ${pathHits} match (naive picomatch loop, which has no gitignore parent-folder semantics: ${naivePathHits})`,
);
console.log('');
console.log(
  table([
    ['measurement (median)', 'ctxloom', 'baseline', 'baseline / ctxloom', 'baseline'],
    [
      'catalog, 1,000 skills in 4,000 tokens',
      fmt(catalogMs),
      fmt(naiveCatalogMs),
      (naiveCatalogMs / catalogMs).toFixed(2),
      'count lines, drop from end',
    ],
    ['catalog render only, no budget', fmt(renderMs), '', '', ''],
    [
      'keywords, 1,000 skills × 10 KB',
      fmt(keywordMs),
      fmt(naiveKeywordMs),
      (naiveKeywordMs / keywordMs).toFixed(1),
      'one regex per keyword',
    ],
    [
      'path rules, 10,000 × 1 path',
      fmt(pathMs),
      fmt(naivePathMs),
      (naivePathMs / pathMs).toFixed(1),
      'one regex per rule',
    ],
    ['compile 1,000 keyword rules', fmt(compileKeywordMs), '', '', ''],
    ['compile 10,000 path rules', fmt(compileEngineMs), '', '', ''],
  ]),
);
