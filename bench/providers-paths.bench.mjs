// The same 16-step tool-loop session (the clock moving 30 s a step, a tool call and its result
// per step) through every provider path, sent through the real clients with a recording fetch:
// `@anthropic-ai/sdk`, `openai` (Chat Completions and Responses), and `ai` 6 `generateText` with
// `@ai-sdk/anthropic` and `@ai-sdk/openai`. The HTTP bodies as they left the SDK go through
// `requestToBlocks` and `simulateCache` (Anthropic rules at the model's minimum, OpenAI rules);
// the physical limit is every token of a prefix shared with an earlier request (the first
// request is cold). Then predicted vs true cost on the Anthropic paths with 1h and 5m writes, and
// the keep-warm cost model for a few idle gaps.

import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import Anthropic from '@anthropic-ai/sdk';
import { generateText, jsonSchema } from 'ai';
import OpenAI from 'openai';
import { readArtifactTool } from '../dist/history/index.js';
import { createPresetRegistry, createPromptContext, withContext } from '../dist/prompt/index.js';
import {
  CacheLedger,
  keepWarmCost,
  minCacheableTokens,
  requestToBlocks,
  simulateCache,
  simulatedUsage,
  toAiSdkCallOptions,
  toAnthropicRequest,
  toOpenAIChatRequest,
  toOpenAIResponsesRequest,
} from '../dist/providers/index.js';
import { INVOKE_SKILL_TOOL } from '../dist/skills/index.js';
import { printTable, round } from './_util.mjs';

const STEPS = 16;
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const CLAUDE = 'claude-sonnet-4-6';
const GPT = 'gpt-5';
const tools = [readArtifactTool, INVOKE_SKILL_TOOL];
const registry = createPresetRegistry();
const base = createPromptContext({
  model: CLAUDE,
  tools: tools.map((t) => t.name),
  memory: '- The user prefers small commits, integer cents and half-to-even rounding.\n'.repeat(60),
  cwd: '/repo',
  now: new Date(T0),
});
const promptAt = (step) => registry.build(withContext(base, { now: new Date(T0 + step * 30_000) }));

/** The history at `step`: the task, then `step` calls with their results (a tool message last). */
function historyAt(step) {
  const h = [
    {
      id: 'u0',
      role: 'user',
      parts: [{ type: 'text', text: 'Fix the rounding bug in invoices.' }],
    },
  ];
  for (let s = 1; s <= step; s++) {
    const id = `call_${s}`;
    h.push({
      id: `a${s}`,
      role: 'assistant',
      parts: [
        {
          type: 'tool-call',
          id,
          name: 'read_artifact',
          input: { ref: `sha256:${'a'.repeat(64)}` },
        },
      ],
    });
    const body = Array.from({ length: 40 }, (_, i) => `line ${s}.${i}: total = round(x * ${i});`);
    h.push({
      id: `t${s}`,
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: id, content: body.join('\n') }],
    });
  }
  return h;
}

function recorder(reply) {
  const bodies = [];
  const fetch = async (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_1' },
    });
  };
  return { fetch, bodies };
}

const anthropicReply = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: CLAUDE,
  content: [{ type: 'text', text: 'ok' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
};
const chatReply = {
  id: 'c',
  object: 'chat.completion',
  created: 0,
  model: GPT,
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};
const responsesReply = {
  id: 'r',
  object: 'response',
  created_at: 0,
  model: GPT,
  status: 'completed',
  output: [
    {
      type: 'message',
      id: 'm',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'ok', annotations: [] }],
    },
  ],
  usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
};

const sdkTools = (o) =>
  Object.fromEntries(
    Object.entries(o.tools ?? {}).map(([name, t]) => [
      name,
      {
        description: t.description,
        inputSchema: jsonSchema(t.inputSchema),
        ...(t.providerOptions ? { providerOptions: t.providerOptions } : {}),
      },
    ]),
  );

/** The wire bodies of one path over the session. */
async function wire(path, ttl) {
  if (path === 'anthropic') {
    const r = recorder(anthropicReply);
    const client = new Anthropic({ apiKey: 'x', fetch: r.fetch, maxRetries: 0 });
    for (let s = 0; s < STEPS; s++) {
      const { request } = toAnthropicRequest({
        model: CLAUDE,
        maxTokens: 1024,
        prompt: promptAt(s),
        tools,
        history: historyAt(s),
        ...(ttl ? { ttl } : {}),
      });
      await client.messages.create(request);
    }
    return { kind: 'anthropic', bodies: r.bodies };
  }
  if (path === 'openai-chat' || path === 'openai-responses') {
    const r = recorder(path === 'openai-chat' ? chatReply : responsesReply);
    const client = new OpenAI({ apiKey: 'x', fetch: r.fetch, maxRetries: 0 });
    for (let s = 0; s < STEPS; s++) {
      const o = { model: GPT, prompt: promptAt(s), tools, history: historyAt(s) };
      if (path === 'openai-chat') await client.chat.completions.create(toOpenAIChatRequest(o));
      else await client.responses.create(toOpenAIResponsesRequest(o));
    }
    return { kind: path, bodies: r.bodies };
  }
  const viaAnthropic = path === 'ai-sdk (anthropic)';
  const r = recorder(viaAnthropic ? anthropicReply : responsesReply);
  const model = viaAnthropic
    ? createAnthropic({ apiKey: 'x', fetch: r.fetch })(CLAUDE)
    : createOpenAI({ apiKey: 'x', fetch: r.fetch })(GPT);
  for (let s = 0; s < STEPS; s++) {
    const o = toAiSdkCallOptions({
      prompt: promptAt(s),
      tools,
      history: historyAt(s),
      model: viaAnthropic ? CLAUDE : GPT,
      ...(ttl ? { ttl } : {}),
    });
    const result = await generateText({
      model,
      system: o.system,
      messages: o.messages,
      tools: sdkTools(o),
      providerOptions: o.providerOptions,
    });
    if (result.warnings.length > 0) throw new Error(`${path}: ${JSON.stringify(result.warnings)}`);
  }
  return { kind: viaAnthropic ? 'anthropic' : 'openai-responses', bodies: r.bodies };
}

function measurePath({ kind, bodies }, model, pricing) {
  const requests = bodies.map((b, i) => ({
    blocks: requestToBlocks(kind, b),
    at: T0 + i * 30_000,
  }));
  const rules =
    kind === 'anthropic'
      ? { kind: 'anthropic', minTokens: minCacheableTokens(model) }
      : { kind: 'openai' };
  const sim = simulateCache(requests, rules);
  const limit = simulateCache(requests, { kind: 'kv', blockSize: 1 });
  const ledger = new CacheLedger(pricing ? { pricing } : { model });
  for (const t of sim.turns) ledger.record(simulatedUsage(t));
  const p = ledger.pricing;
  const limitCost =
    (limit.totals.inputTokens - limit.totals.cacheRead + limit.totals.cacheRead * p.read) /
    limit.totals.inputTokens;
  return { sim, limit, cost: ledger.totals().relativeInputCost, limitCost };
}

const paths = [
  ['anthropic', CLAUDE],
  ['ai-sdk (anthropic)', CLAUDE],
  ['openai-chat', GPT],
  ['openai-responses', GPT],
  ['ai-sdk (openai)', GPT],
];
const rows = [];
for (const [path, model] of paths) {
  const m = measurePath(await wire(path), model);
  const share = m.sim.totals.hitRatio;
  const lim = m.limit.totals.hitRatio;
  rows.push([
    path,
    model,
    m.sim.totals.inputTokens,
    `${round(share * 100, 1)}%`,
    `${round(lim * 100, 1)}%`,
    `${round((share / lim) * 100, 1)}%`,
    round(m.cost, 3),
    round(m.limitCost, 3),
  ]);
}
console.log(
  `${STEPS}-step tool loop, the clock moving 30 s a step, wire bodies through simulateCache`,
);
printTable(
  [
    'path',
    'model',
    'input tokens',
    'cached share',
    'physical limit',
    'of limit',
    'relative input cost',
    'cost at the limit (reads only)',
  ],
  rows,
);

// predicted (every write at 1.25x, the old ledger) vs true (per-TTL prices) on the Anthropic paths
const flat = { read: 0.1, write5m: 1.25, write1h: 1.25 };
const ttlRows = [];
for (const [label, ttl] of [
  ['tools + static 1h (default)', undefined],
  ['all 5m', { tools: '5m', static: '5m' }],
]) {
  for (const path of ['anthropic', 'ai-sdk (anthropic)']) {
    const w = await wire(path, ttl);
    const truth = measurePath(w, CLAUDE);
    const predicted = measurePath(w, CLAUDE, flat);
    ttlRows.push([
      path,
      label,
      truth.sim.totals.cacheWrite1h,
      truth.sim.totals.cacheWrite - truth.sim.totals.cacheWrite1h,
      round(predicted.cost, 3),
      round(truth.cost, 3),
    ]);
  }
}
console.log('\nPredicted (flat 1.25x writes) vs true (5m 1.25x, 1h 2x) relative input cost');
printTable(
  ['path', 'write TTLs', '1h writes', '5m writes', 'predicted (flat)', 'true (per TTL)'],
  ttlRows,
);

// keep-warm: pings every TTL - 30 s against re-writing a 20 000-token prefix (Anthropic prices,
// one output token per ping at 5x)
const gaps = [4, 10, 30, 54, 60, 90, 240, 1200];
const kw = [];
for (const ttl of ['5m', '1h'])
  for (const idleMinutes of gaps) {
    const v = keepWarmCost({ prefixTokens: 20_000, idleMinutes, ttl });
    kw.push([
      ttl,
      idleMinutes,
      v.pings,
      round(v.warmCost / 20_000, 3),
      round(v.coldCost / 20_000, 3),
      v.pays ? 'yes' : 'no',
      round(v.breakEvenMinutes, 1),
    ]);
  }
console.log('\nKeep-warm for an idle gap (costs per prefix token)');
printTable(['TTL', 'idle min', 'pings', 'warm cost', 'cold cost', 'pays', 'break-even min'], kw);
