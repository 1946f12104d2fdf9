// The context engine (issue 12): how much glue a loop needs, how much of the input each provider
// path keeps cached against the physical limit, and what prepare() costs per turn on a long session.
//
//   npm run bench -- engine
//
// 1. Glue: the lines of examples/agent-loop/agent.mjs between its "ctxloom glue" markers, against
//    the 167 lines the same 16-step loop took on ctxloom 0.1 (measured for issue 12).
// 2. Cache: one scripted 16-step coding session (a user turn, tool calls reading files and
//    running commands, a path rule, a 200 KB log elided on arrival, a second user turn), run
//    through the engine once per provider path; the request bodies go to simulateCache. The
//    physical limit of each request is the tokens it shares with the previous one (its prefix
//    up to the first divergence): no cache can read more.
// 3. prepare() on a 150k-token session: warm (the same engine, only the clock moved) against
//    cold (a new engine over the same session, first prepare), alternating A and B.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createMemoryArtifactStore,
  o200kCounter,
  openContext,
  PROVIDER_NAMES,
} from '../dist/index.js';
import { explainCacheMiss, requestToBlocks, simulateCache } from '../dist/providers/index.js';
import { printTable, round } from './_util.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEMO = join(ROOT, 'examples', 'demo-repo');

// ---- 1. glue ----
const agent = readFileSync(join(ROOT, 'examples', 'agent-loop', 'agent.mjs'), 'utf8').split('\n');
let inGlue = false;
const glue = [];
for (const line of agent) {
  if (line.includes('ctxloom glue: start')) inGlue = true;
  else if (line.includes('ctxloom glue: end')) inGlue = false;
  else if (inGlue && line.trim() !== '' && !line.trim().startsWith('//')) glue.push(line);
}
const calls = glue.filter((l) => /\bcx\.|openContext|resumeContext/.test(l));
console.log(
  '\nGlue in examples/agent-loop/agent.mjs (baseline: the 0.1 loop of issue 12, 167 lines)',
);
printTable(
  ['measure', 'lines', 'baseline', 'ratio'],
  [
    ['lines between the glue markers', glue.length, 167, `${round(glue.length / 167, 3)}x`],
    ['lines calling ctxloom', calls.length, 167, `${round(calls.length / 167, 3)}x`],
  ],
);

// ---- 2. cache per provider path ----
function repoCopy() {
  const base = mkdtempSync(join(tmpdir(), 'ctxloom-bench-engine-'));
  const repo = join(base, 'repo');
  cpSync(DEMO, repo, { recursive: true });
  for (const n of [1, 2, 3, 4])
    writeFileSync(
      join(repo, 'src', 'http', `routes-${n}.ts`),
      Array.from(
        { length: 110 },
        (_, i) => `export const r${n}_${i} = { path: '/r${n}/${i}' };`,
      ).join('\n'),
    );
  return { repo, home: join(base, 'home') };
}

const LOG = Array.from({ length: 4000 }, (_, i) =>
  i === 2200
    ? 'src/http/server.ts(15,36): error TS2345: bad body'
    : `[build] step ${i}: compiled module-${i}.js in 12ms`,
).join('\n');

/** The scripted session: [user message] or [tool name, input, output, touched]. */
const SESSION = [
  ['user', 'The HTTP build fails; find out why.'],
  [
    'read_file',
    { path: 'src/http/server.ts' },
    () => readFileSync(join(DEMO, 'src/http/server.ts'), 'utf8'),
    ['src/http/server.ts'],
  ],
  ['run_command', { command: 'npm run build' }, () => LOG, []],
  [
    'read_file',
    { path: 'src/http/routes-1.ts' },
    (r) => readFileSync(join(r, 'src/http/routes-1.ts'), 'utf8'),
    ['src/http/routes-1.ts'],
  ],
  [
    'read_file',
    { path: 'src/http/routes-2.ts' },
    (r) => readFileSync(join(r, 'src/http/routes-2.ts'), 'utf8'),
    ['src/http/routes-2.ts'],
  ],
  [
    'edit_file',
    { path: 'src/http/server.ts' },
    () => 'edited src/http/server.ts',
    ['src/http/server.ts'],
  ],
  ['run_command', { command: 'npm run build' }, () => 'build ok', []],
  [
    'read_file',
    { path: 'src/billing/invoice.ts' },
    () => readFileSync(join(DEMO, 'src/billing/invoice.ts'), 'utf8'),
    ['src/billing/invoice.ts'],
  ],
  ['text', 'Fixed: the body is parsed before use.'],
  ['user', 'Now add a test for it.'],
  [
    'read_file',
    { path: 'src/billing/invoice.test.ts' },
    () => readFileSync(join(DEMO, 'src/billing/invoice.test.ts'), 'utf8'),
    ['src/billing/invoice.test.ts'],
  ],
  [
    'read_file',
    { path: 'src/http/routes-3.ts' },
    (r) => readFileSync(join(r, 'src/http/routes-3.ts'), 'utf8'),
    ['src/http/routes-3.ts'],
  ],
  [
    'edit_file',
    { path: 'src/http/server.test.ts' },
    () => 'created src/http/server.test.ts',
    ['src/http/server.test.ts'],
  ],
  ['run_command', { command: 'npm test' }, () => 'Tests 14 passed (14)', []],
  [
    'read_file',
    { path: 'src/http/routes-4.ts' },
    (r) => readFileSync(join(r, 'src/http/routes-4.ts'), 'utf8'),
    ['src/http/routes-4.ts'],
  ],
  [
    'run_command',
    { command: 'git diff --stat' },
    () => ' src/http/server.ts | 4 ++--\n 1 file changed',
    [],
  ],
  ['run_command', { command: 'npm run lint' }, () => 'Checked 14 files. No fixes applied.', []],
  ['text', 'Added src/http/server.test.ts; 14 tests pass.'],
];

function toolCallResponse(provider, id, name, input) {
  const args = JSON.stringify(input);
  const usage = { input_tokens: 10, output_tokens: 5 };
  if (provider === 'anthropic') return { content: [{ type: 'tool_use', id, name, input }], usage };
  if (provider === 'openai-chat')
    return {
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id, type: 'function', function: { name, arguments: args } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    };
  if (provider === 'openai-responses')
    return {
      output: [{ type: 'function_call', id: `fc_${id}`, call_id: id, name, arguments: args }],
      usage,
    };
  return {
    content: [{ type: 'tool-call', toolCallId: id, toolName: name, input }],
    usage: { inputTokens: 10, outputTokens: 5 },
  };
}

function textResponse(provider, text) {
  if (provider === 'anthropic')
    return { content: [{ type: 'text', text }], usage: { input_tokens: 10, output_tokens: 5 } };
  if (provider === 'openai-chat')
    return {
      choices: [{ message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    };
  if (provider === 'openai-responses')
    return {
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }],
      usage: { input_tokens: 10, output_tokens: 5 },
    };
  return { content: [{ type: 'text', text }], usage: { inputTokens: 10, outputTokens: 5 } };
}

const TOOLS = ['read_file', 'edit_file', 'run_command'].map((name) => ({
  name,
  description: `The ${name.replace('_', ' ')} tool.`,
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, command: { type: 'string' } },
  },
}));

async function runSession(provider) {
  const { repo, home } = repoCopy();
  let t = 0;
  const cx = await openContext({
    cwd: repo,
    home,
    model: provider === 'anthropic' || provider === 'ai-sdk' ? 'claude-sonnet-4-5' : 'gpt-5',
    provider,
    window: 400_000,
    tools: TOOLS,
    artifacts: createMemoryArtifactStore(),
    clock: () => new Date(Date.UTC(2026, 0, 1, 9, 0, 30 * t++)),
    id: `bench-${provider}`,
  });
  const requests = [];
  let n = 0;
  for (const step of SESSION) {
    if (step[0] === 'user') {
      await cx.addUserMessage(step[1]);
      continue;
    }
    const { request } = await cx.prepare();
    requests.push({
      blocks: requestToBlocks(provider, request),
      at: Date.UTC(2026, 0, 1, 9, 0, 30 * requests.length),
    });
    if (step[0] === 'text') {
      cx.recordResponse(textResponse(provider, step[1]));
      continue;
    }
    const id = `call_${n++}`;
    const { toolCalls } = cx.recordResponse(toolCallResponse(provider, id, step[0], step[1]));
    for (const call of toolCalls)
      await cx.addToolResult(call, { output: step[2](repo), touched: step[3] });
  }
  return requests;
}

const rows = [];
for (const provider of PROVIDER_NAMES) {
  const requests = await runSession(provider);
  const rules =
    provider === 'anthropic' || provider === 'ai-sdk'
      ? { kind: 'anthropic', minTokens: 1024 }
      : { kind: 'openai' };
  const sim = simulateCache(requests, rules, o200kCounter);
  let limit = 0;
  for (let i = 1; i < requests.length; i++) {
    const miss = explainCacheMiss(requests[i - 1], requests[i], o200kCounter);
    limit += sim.turns[i].inputTokens - miss.lostTokens;
  }
  rows.push([
    provider,
    requests.length,
    sim.totals.inputTokens,
    sim.totals.cacheRead,
    limit,
    `${round((100 * sim.totals.cacheRead) / sim.totals.inputTokens)}%`,
    `${round((100 * sim.totals.cacheRead) / limit)}%`,
  ]);
}
console.log(
  `\nCached share per provider path, one ${rows[0][1]}-request session through the engine (goal: >= 95% of the limit)`,
);
printTable(
  [
    'path',
    'requests',
    'input tokens',
    'cached (simulated)',
    'physical limit',
    'cached / input',
    'cached / limit',
  ],
  rows,
);

// ---- 3. prepare() on a 150k-token session ----
async function longSession() {
  const { repo, home } = repoCopy();
  let t = 0;
  const options = {
    cwd: repo,
    home,
    model: 'claude-sonnet-4-5',
    provider: 'anthropic',
    window: 1_000_000,
    tools: TOOLS,
    artifacts: createMemoryArtifactStore(),
    clock: () => new Date(Date.UTC(2026, 0, 1, 9, 0, t++)),
    id: 'bench-long',
  };
  const cx = await openContext(options);
  const chunk = Array.from(
    { length: 90 },
    (_, i) => `line ${i}: const value${i} = compute(input, ${i}); // keeps going`,
  ).join('\n');
  await cx.addUserMessage('Refactor every module.');
  let i = 0;
  while ((await cx.prepare()).report.historyTokens < 150_000) {
    const { toolCalls } = cx.recordResponse(
      toolCallResponse('anthropic', `c${i}`, 'read_file', { path: `m${i}.ts` }),
    );
    await cx.addToolResult(toolCalls[0], { output: `// m${i}.ts\n${chunk}` });
    i++;
  }
  return { cx, options };
}

const { cx, options } = await longSession();
const history = (await cx.prepare()).report.historyTokens;
const warm = [];
const cold = [];
await cx.save();
const { resumeContext } = await import('../dist/index.js');
for (let r = 0; r < 10; r++) {
  const order = r % 2 === 0 ? ['warm', 'cold'] : ['cold', 'warm'];
  for (const which of order) {
    if (which === 'warm') {
      const t0 = process.hrtime.bigint();
      await cx.prepare();
      warm.push(Number(process.hrtime.bigint() - t0) / 1e6);
    } else {
      // the same session in a new engine, as a new process would resume it
      const fresh = await resumeContext({ ...options, project: cx.project });
      const t0 = process.hrtime.bigint();
      await fresh.prepare();
      cold.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nprepare() per turn on a ${history}-token session (median of 10, A/B alternated)`);
printTable(
  ['measure', 'ms', 'ratio to cold'],
  [
    [
      'warm prepare() (only the clock moved)',
      round(median(warm), 2),
      `${round(median(warm) / median(cold), 3)}x`,
    ],
    ["cold: a resumed engine's first prepare()", round(median(cold), 2), '1x'],
  ],
);
