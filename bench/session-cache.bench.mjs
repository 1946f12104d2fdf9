// Replayed 50-turn coding session: predicted prompt-cache share and relative input cost for
// ctxloom's assembly vs a naive assembly of the same content (issue: delivery and proof).
//
// Each turn: the clock moves 30 s; the agent calls a tool and gets a result (file reads, test
// runs); path rules fire on turns 5, 12 and 20 (a file in their folder was touched); a skill is
// invoked on turn 8; a plan is confirmed on turn 10; the history is compacted on turn 42.
// ctxloom: tools, static tier (breakpoint), dynamic tier with the clock last (breakpoint), path
//          rules injected next to the tool result that touched the file, sliding breakpoint on
//          the latest message.
// naive:   one system block that starts with the date, holds the project files inside it, and
//          gets each fired rule appended (unsorted, in firing order); breakpoints at the end of
//          the system block and on the latest message.
// Physical limit: per turn, the tokens of content that truly did not change since the previous
// turn (same tool list, same sections, same files, same messages), whatever their position.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importAnthropic } from '../dist/history/index.js';
import {
  createPresetRegistry,
  createPromptContext,
  o200kCounter,
  toAnthropicRequest,
  withContext,
} from '../dist/index.js';
import { ANTHROPIC_PRICING, requestToBlocks, simulateCache } from '../dist/providers/index.js';
import { corporaDir, printTable, round } from './_util.mjs';

const corpora = corporaDir();
const read = (name, fallback) =>
  corpora ? readFileSync(join(corpora, 'benign', 'instructions', name), 'utf8') : fallback;
const instructions = [
  {
    path: 'AGENTS.md',
    kind: 'agents-md',
    scope: 'project',
    trust: 'untrusted',
    status: 'loaded',
    content: read('OpenHands__software-agent-sdk__AGENTS.md', 'Run the tests. '.repeat(400)),
  },
  {
    path: 'packages/ai/AGENTS.md',
    kind: 'agents-md',
    scope: 'directory',
    trust: 'untrusted',
    status: 'loaded',
    content: read('vercel__ai__packages__ai__AGENTS.md', 'Use pnpm. '.repeat(200)),
  },
];
const skills = Array.from({ length: 30 }, (_, i) => ({
  name: `skill-${String(i).padStart(2, '0')}`,
  description: `Use for tasks about area ${i} of the code base: conventions, commands, pitfalls and a checklist.`,
}));
const schema = (props) => ({
  type: 'object',
  properties: Object.fromEntries(
    props.map((p) => [p, { type: 'string', description: `The ${p}.` }]),
  ),
  required: props,
});
const tools = [
  ['bash', 'Run a shell command in the project directory and return its output.', ['command']],
  ['read_file', 'Read a file, or a range of its lines.', ['path', 'range']],
  ['edit_file', 'Replace an exact, unique string in a file.', ['path', 'old', 'new']],
  ['grep', 'Search file contents with a regular expression.', ['pattern', 'path']],
  ['glob', 'List files matching a glob pattern.', ['pattern']],
  ['invoke_skill', 'Load a skill by name.', ['name']],
  ['read_artifact', 'Read back an elided tool result by reference.', ['ref', 'range']],
  ['todo', 'Update the task list.', ['items']],
].map(([name, description, props]) => ({ name, description, inputSchema: schema(props) }));

const fileBody = (n, lines) =>
  Array.from(
    { length: lines },
    (_, i) => `export function f${n}_${i}(x: number): number { return x * ${i} + ${n}; }`,
  ).join('\n');
const RULES = {
  5: 'Rules for src/http/**: validate every request body; respond with JSON errors { error: { code, message } }.',
  12: 'Rules for src/billing/**: money is integer cents; round half to even once, at the end.',
  20: 'Rules for test/**: one behaviour per test; no sleeps; use fake timers.',
};
const SKILL_BODY = `# release-notes\n${'1. Find the last tag, list commits since it, group them as Added / Changed / Fixed.\n'.repeat(20)}`;

// The conversation as content elements; both assemblies render the same elements.
function conversation(turns) {
  const msgs = [
    {
      role: 'user',
      content:
        'Fix the rounding bug in invoice totals and add a regression test. Acceptance: all tests pass; totals round half to even.',
    },
  ];
  const firedRules = [];
  for (let t = 1; t <= turns; t++) {
    const id = `toolu_${String(t).padStart(3, '0')}`;
    const isSkill = t === 8;
    msgs.push({
      role: 'assistant',
      content: [
        {
          type: 'tool_use',
          id,
          name: isSkill ? 'invoke_skill' : t % 3 === 0 ? 'bash' : 'read_file',
          input: isSkill ? { name: 'release-notes' } : { path: `src/module${t}.ts` },
        },
      ],
    });
    const result = isSkill
      ? SKILL_BODY
      : t % 3 === 0
        ? `> vitest run\n${' ✓ test passes\n'.repeat(30)}Tests 30 passed`
        : fileBody(t, 20 + (t % 7) * 10);
    const content = [{ type: 'tool_result', tool_use_id: id, content: result }];
    if (RULES[t]) {
      firedRules.push(RULES[t]);
      content.push({
        type: 'text',
        text: `<rule source=".cursor/rules/r${t}.mdc">\n${RULES[t]}\n</rule>`,
      });
    }
    msgs.push({ role: 'user', content });
  }
  return { msgs, firedRules };
}

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const TURNS = 50;
const COMPACT_AT = 42;
const baseCtx = createPromptContext({
  model: 'claude-sonnet-4-6',
  tools: tools.map((t) => t.name),
  features: { securityPolicy: true },
  cwd: '/home/dev/invoicely',
  platform: 'linux',
  shell: 'bash',
  locale: 'en-US',
  instructions,
  skills,
  memory: '- The user prefers small commits.',
  now: new Date(T0),
});
const registry = createPresetRegistry();
const PLAN = {
  name: 'PLAN.md',
  text: '1. Reproduce the rounding bug with a failing test.\n2. Fix roundHalfEven.\n3. Run the suite.',
};

function historyAt(turn) {
  const { msgs, firedRules } = conversation(turn);
  if (turn < COMPACT_AT) return { messages: msgs, firedRules, snapshot: undefined };
  // compaction: keep the first user message and the recent tail; the summary goes to the dynamic tier
  const compactedAt = conversation(COMPACT_AT - 1).msgs.length;
  return {
    messages: [msgs[0], ...msgs.slice(compactedAt - 6)],
    firedRules,
    snapshot:
      'Goal: fix rounding in invoice totals (half to even), add a regression test. Done: reproduced with test/invoice.test.ts; fixed src/billing/money.ts (commit 3f9c2ab). Open: run the full suite.',
  };
}

function ctxloomRequest(turn) {
  const h = historyAt(turn);
  const patch = { now: new Date(T0 + turn * 30_000) };
  if (turn >= 10) patch.plan = PLAN;
  if (h.snapshot) patch.contextSnapshot = h.snapshot;
  const prompt = registry.build(withContext(baseCtx, patch));
  const { request } = toAnthropicRequest({
    model: 'claude-sonnet-4-6',
    maxTokens: 4096,
    prompt,
    tools,
    history: importAnthropic(h.messages).history,
    ttl: { tools: '5m', static: '5m', dynamic: '5m', 'latest-message': '5m' },
  });
  return { request, elements: elementsOf(request, prompt, h) };
}

function naiveRequest(turn) {
  const h = historyAt(turn);
  const now = new Date(T0 + turn * 30_000).toISOString();
  const ctx = withContext(baseCtx, {
    now: undefined,
    instructions: [],
    ...(turn >= 10 ? { plan: PLAN } : {}),
    ...(h.snapshot ? { contextSnapshot: h.snapshot } : {}),
  });
  const p = registry.build(ctx);
  const files = instructions.map((f) => `## ${f.path}\n${f.content}`).join('\n\n');
  const rules = h.firedRules.map((r) => `- ${r}`).join('\n');
  const systemText = `Current date: ${now}\n\n${p.static}\n\n${files}\n\n${p.dynamic ?? ''}${rules ? `\n\nActive rules:\n${rules}` : ''}`;
  const messages = h.messages.map((m) =>
    Array.isArray(m.content)
      ? {
          ...m,
          content: m.content.filter((b) => !(b.type === 'text' && b.text.startsWith('<rule'))),
        }
      : m,
  );
  const { request } = toAnthropicRequest({
    model: 'claude-sonnet-4-6',
    maxTokens: 4096,
    prompt: { static: systemText, dynamic: null },
    tools,
    history: importAnthropic(messages).history,
    ttl: { tools: '5m', static: '5m', dynamic: '5m', 'latest-message': '5m' },
  });
  // naive harnesses do not mark the tool list: drop its breakpoint
  for (const t of request.tools ?? []) delete t.cache_control;
  return { request };
}

// Content elements, independent of layout, for the physical limit.
function elementsOf(request, prompt, h) {
  const els = [];
  for (const t of request.tools ?? []) els.push(JSON.stringify({ ...t, cache_control: undefined }));
  for (const s of prompt.spans)
    els.push(
      `${s.name}:${(s.tier === 'static' ? prompt.static : prompt.dynamic).slice(s.start, s.end)}`,
    );
  for (const m of h.messages) els.push(JSON.stringify(m));
  return els;
}

function limitShares() {
  let prev = new Set();
  return Array.from({ length: TURNS }, (_, i) => {
    const els = ctxloomRequest(i + 1).elements;
    let same = 0;
    let total = 0;
    for (const e of els) {
      const n = o200kCounter.count(e);
      total += n;
      if (prev.has(e)) same += n;
    }
    prev = new Set(els);
    return { same, total };
  });
}

function simulate(build) {
  const requests = Array.from({ length: TURNS }, (_, i) => ({
    blocks: requestToBlocks('anthropic', build(i + 1).request),
    at: T0 + (i + 1) * 30_000,
  }));
  return simulateCache(requests, { kind: 'anthropic', minTokens: 1024 }, o200kCounter);
}

const cost = (t) =>
  t.uncached +
  ANTHROPIC_PRICING.write5m * (t.cacheWrite - t.cacheWrite1h) +
  ANTHROPIC_PRICING.write1h * t.cacheWrite1h +
  ANTHROPIC_PRICING.read * t.cacheRead;
const ours = simulate(ctxloomRequest);
const naive = simulate(naiveRequest);
const limit = limitShares();

const rows = [];
for (let i = 0; i < TURNS; i++) {
  const o = ours.turns[i];
  const n = naive.turns[i];
  const l = limit[i];
  const events = [
    i + 1 === 8 && 'skill',
    i + 1 === 10 && 'plan',
    RULES[i + 1] && 'rule',
    i + 1 === COMPACT_AT && 'compaction',
  ]
    .filter(Boolean)
    .join(',');
  if (i < 3 || events || i % 10 === 9 || i === TURNS - 1) {
    rows.push([
      i + 1,
      o.inputTokens,
      `${round((o.cacheRead / o.inputTokens) * 100)}%`,
      `${round((n.cacheRead / n.inputTokens) * 100)}%`,
      `${round((l.same / l.total) * 100)}%`,
      events,
    ]);
  }
}
console.log(
  `50-turn replayed session, Anthropic rules (min 1024 tokens, 5-minute TTL), tokenizer ${o200kCounter.name}; cost multipliers: write ${ANTHROPIC_PRICING.write5m}x (5m), read ${ANTHROPIC_PRICING.read}x`,
);
printTable(
  ['turn', 'input tokens', 'ctxloom cached', 'naive cached', 'unchanged (limit)', 'event'],
  rows,
);
const limitShare = limit.reduce((s, l) => s + l.same, 0) / limit.reduce((s, l) => s + l.total, 0);
const share = (sim) => sim.totals.cacheRead / sim.totals.inputTokens;
const relCost = (sim) => sim.turns.reduce((s, t) => s + cost(t), 0) / sim.totals.inputTokens;
console.log('');
printTable(
  [
    'assembly',
    'input tokens',
    'cached share',
    'share of limit',
    'relative input cost',
    'cost vs naive',
  ],
  [
    [
      'ctxloom',
      ours.totals.inputTokens,
      `${round(share(ours) * 100, 2)}%`,
      `${round((share(ours) / limitShare) * 100, 1)}%`,
      round(relCost(ours), 3),
      round(relCost(ours) / relCost(naive), 3),
    ],
    [
      'naive',
      naive.totals.inputTokens,
      `${round(share(naive) * 100, 2)}%`,
      `${round((share(naive) / limitShare) * 100, 1)}%`,
      round(relCost(naive), 3),
      1,
    ],
    ['physical limit', '', `${round(limitShare * 100, 2)}%`, '100%', '', ''],
  ],
);
console.log(
  `\ntarget: ctxloom at least 95% of the limit -> ${round((share(ours) / limitShare) * 100, 1)}%`,
);
