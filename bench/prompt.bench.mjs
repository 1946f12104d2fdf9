// Prompt assembly benchmarks (issue: foundation; issue 22 for the warm-turn goal).
// 1. Cold build vs warm per-turn build of the default preset with 50 skills and 3 instruction
//    sources, where only the clock changed since the last turn. Baseline: the cold build, with
//    the token counter's process-wide caches emptied before each run when the build has them
//    (a "cold" that re-counts texts the counter remembers is not cold).
// Usage: node bench/prompt.bench.mjs [dist dir]  (default ../dist; pass another build to compare)
// 2. Prefix stability: two turns that differ only in the time; longest common prefix as a share
//    of the dynamic block and of the whole prompt, date/time last (ctxloom) vs first (naive).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corporaDir, measure, printTable, round } from './_util.mjs';

const distDir = resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);
const distUrl = (f) => pathToFileURL(join(distDir, f)).href;
const { createPresetRegistry, createPromptContext, defineSection, withContext } = await import(
  distUrl('index.js')
);
// `sections` moved to ctxloom/prompt; older builds have it at the root
const { sections } = await import(distUrl('prompt/index.js')).catch(
  () => import(distUrl('index.js')),
);
// ctxloom's own token caches when the build has them, else gpt-tokenizer's merge cache
const { clearTokenCaches } = await import(distUrl('tokens/index.js'));
const { clearMergeCache } = await import('gpt-tokenizer/encoding/o200k_base');
const clearCaches = clearTokenCaches ?? clearMergeCache;

const corpora = corporaDir();
const instructionFiles = [
  'OpenHands__software-agent-sdk__AGENTS.md',
  'vercel__ai__AGENTS.md',
  'colinhacks__zod__AGENTS.md',
];
const instructions = instructionFiles.map((name, i) => ({
  path: i === 0 ? 'AGENTS.md' : `pkg${i}/AGENTS.md`,
  kind: 'agents-md',
  scope: i === 0 ? 'project' : 'directory',
  trust: 'untrusted',
  status: 'loaded',
  content: corpora
    ? readFileSync(join(corpora, 'benign', 'instructions', name), 'utf8')
    : `# Rules ${i}\n${'Use the project conventions and run the tests before you finish. '.repeat(60)}`,
}));
const skills = Array.from({ length: 50 }, (_, i) => ({
  name: `skill-${String(i).padStart(2, '0')}`,
  description: `Use when the task involves area ${i}: explains the conventions, commands and pitfalls of that part of the code base, with examples of correct usage and a checklist to follow before finishing.`,
}));
const baseInput = {
  model: 'claude-sonnet-4-5',
  tools: ['bash', 'edit', 'grep', 'glob', 'read', 'browser_navigate', 'invoke_skill'],
  features: { securityPolicy: true, riskAnalyzer: true },
  cwd: '/home/dev/project',
  platform: 'linux',
  shell: 'bash',
  locale: 'en-US',
  instructions,
  skills,
  memory: '- The user prefers small commits.\n- CI takes 6 minutes.',
  secretNames: ['GITHUB_TOKEN', 'NPM_TOKEN'],
};
const t0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const timeAt = (i) => new Date(t0 + i * 60_000);

// 1. cold vs warm
const cold = measure(
  (i) => {
    clearCaches();
    const registry = createPresetRegistry();
    registry.build(createPromptContext({ ...baseInput, now: timeAt(i) }));
  },
  { runs: 60, warmup: 5 },
);
const coldWarmCounter = measure(
  (i) => {
    const registry = createPresetRegistry();
    registry.build(createPromptContext({ ...baseInput, now: timeAt(i) }));
  },
  { runs: 60, warmup: 5 },
);
const registry = createPresetRegistry();
let ctx = createPromptContext({ ...baseInput, now: timeAt(0) });
registry.build(ctx);
const warm = measure(
  (i) => {
    ctx = withContext(ctx, { now: timeAt(i + 1) });
    registry.build(ctx);
  },
  { runs: 400, warmup: 20 },
);
const sample = registry.build(ctx);
console.log(
  `default preset, 50 skills, 3 instruction sources (${corpora ? 'real AGENTS.md files from ../shared/corpora' : 'synthetic: corpora not found'}); ` +
    `prompt: ${sample.report.totals.total.tokens} tokens (static ${sample.report.totals.static.tokens}, dynamic ${sample.report.totals.dynamic.tokens})`,
);
printTable(
  ['case', 'median us', 'p90 us', 'runs', 'ratio vs cold'],
  [
    [
      'cold build (context + all sections + tokens)',
      round(cold.median),
      round(cold.p90),
      cold.runs,
      1,
    ],
    [
      'new registry, token caches warm',
      round(coldWarmCounter.median),
      round(coldWarmCounter.p90),
      coldWarmCounter.runs,
      round(coldWarmCounter.median / cold.median, 3),
    ],
    [
      'warm turn (only the clock changed)',
      round(warm.median),
      round(warm.p90),
      warm.runs,
      round(warm.median / cold.median, 3),
    ],
  ],
);
console.log(
  `warm/cold = 1/${round(cold.median / warm.median, 1)} (goal: at most 1/30); build: ${distDir}\n`,
);

// 2. prefix stability
function lcp(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
function naiveRegistry() {
  // The same sections, but the clock rendered first in the dynamic tier (as a non-volatile section).
  const r = createPresetRegistry();
  const clock = sections.currentDateTimeSection;
  r.remove(clock.name);
  r.insertBefore(
    'environment',
    defineSection({ name: 'datetime-first', tier: 'dynamic', render: clock.render }),
  );
  return r;
}
function stability(reg) {
  const a = reg.build(createPromptContext({ ...baseInput, now: timeAt(0) }));
  const b = reg.build(createPromptContext({ ...baseInput, now: timeAt(61) }));
  const whole = (x) => `${x.static}\n\n${x.dynamic ?? ''}`;
  return {
    dynamic: lcp(a.dynamic ?? '', b.dynamic ?? '') / (a.dynamic ?? '').length,
    whole: lcp(whole(a), whole(b)) / whole(a).length,
  };
}
const ours = stability(createPresetRegistry());
const naive = stability(naiveRegistry());
const pct = (x) => `${round(x * 100, 2)}%`;
printTable(
  ['order', 'common prefix of dynamic block', 'common prefix of whole prompt'],
  [
    ['ctxloom (date/time last)', pct(ours.dynamic), pct(ours.whole)],
    ['naive (date/time first)', pct(naive.dynamic), pct(naive.whole)],
    ['published reference (last vs first)', '95% vs 11%', 'n/a'],
  ],
);
