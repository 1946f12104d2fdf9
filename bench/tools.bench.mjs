// Tools as context (issue 20): 60 MCP tools (bench/fixtures/mcp-tools.json, ~53k o200k tokens)
// sent in full on every request vs deferred behind a budget (search_tools with a catalog), and
// the cached share of a 20-step session in which 3 tools are found (steps 4, 9, 14; appended
// after the other tools, or sorted in among them as a contrast), with
// simulateCache under Anthropic's rules. Relative input cost: uncached 1, cache read 0.1,
// 5-minute write 1.25, 1-hour write 2 (Anthropic's multipliers).
//
// 'api-tool-search' models Anthropic's server-side tool search (`toolSearch: 'anthropic'`): the
// tools over the budget are sent with `defer_loading: true` and are not in the prompt; a search is
// a `server_tool_use` + `tool_search_tool_result` in the assistant turn, and the API expands the
// found tool's definition there, inside the history, so the tools prefix never changes. What the
// API charges for that is not published per token, so two ASSUMPTIONS stand in for it: the tool
// search tool's own definition / instructions cost TOOL_SEARCH_TOKENS (default 500) tokens in the
// tools prefix, and an expanded reference costs the found tool's full definition at the place of
// the result block, cached with the history after it. Deferred definitions themselves are counted
// as not sent. The search's own latency and any per-search fee are not modelled.
//
//   npm run build && node bench/tools.bench.mjs
import { readFileSync } from 'node:fs';
import { requestToBlocks, simulateCache, toAnthropicRequest } from '../dist/providers/index.js';
import { o200kCounter } from '../dist/tokens/index.js';
import {
  createSearchToolsHandler,
  createToolRegistry,
  planToolBudget,
  toolsFromMcp,
} from '../dist/tools/index.js';
import { printTable, round } from './_util.mjs';

const counter = o200kCounter;
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/mcp-tools.json', import.meta.url), 'utf8'),
);
const registry = createToolRegistry([toolsFromMcp(fixture, 'fixture')], { tokenCounter: counter });
const tools = registry.definitions;
const BUDGET = Number(process.env.TOOL_BUDGET ?? 8000);
const STEPS = 20;
const FIND = new Map([
  [4, 'jira get ticket'],
  [9, 'postgres explain query'],
  [14, 'sentry issue details'],
]);

const SEARCH_TOKENS = Number(process.env.TOOL_SEARCH_TOKENS ?? 500);
/** Stands in for the tool search tool as the model sees it (ASSUMED size, see above). */
const searchStandIn = {
  name: 'tool_search_tool_bm25',
  description: 'search '.repeat(SEARCH_TOKENS - 20),
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
};
const wireJson = (t) =>
  JSON.stringify({ name: t.name, description: t.description, input_schema: t.inputSchema });

const system = `You are a coding agent.\n${'Follow the repository conventions. '.repeat(400)}`;
const prompt = { static: system, dynamic: 'Working directory: /repo' };

function session(mode) {
  const api = mode === 'api-tool-search';
  const plan =
    mode === 'all'
      ? undefined
      : planToolBudget(tools, { budgetTokens: BUDGET, tokenCounter: counter, catalog: !api });
  const sent = api
    ? [searchStandIn, ...plan.sent]
    : plan
      ? [...plan.sent, ...(plan.searchTool ? [plan.searchTool] : [])]
      : tools;
  const search = plan ? createSearchToolsHandler(plan.deferred) : undefined;
  const found = [];
  const history = [
    {
      id: 'm0',
      role: 'user',
      parts: [{ type: 'text', text: 'Fix the failing checkout test and report on the ticket.' }],
    },
  ];
  const requests = [];
  for (let step = 0; step < STEPS; step++) {
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-5',
      maxTokens: 8192,
      prompt,
      // 'deferred-sorted': found tools sorted in among the others (what appending avoids)
      tools: mode === 'deferred-sorted' ? [...sent, ...found] : sent,
      appendedTools: mode === 'deferred-sorted' || api ? [] : found,
      history,
      tokenCounter: counter,
    });
    requests.push(request);
    const id = `c${step}`;
    const query = FIND.get(step);
    let call;
    let output;
    if (query !== undefined && api) {
      // the server searches inside the assistant turn; its result expands in the history
      const r = search({ query, max_results: 1 }, new Set(found.map((t) => t.name)));
      found.push(...r.found);
      const sid = `srvtoolu_${step}`;
      history.push({
        id: `a${step}`,
        role: 'assistant',
        parts: [
          { type: 'text', text: `Step ${step}.` },
          {
            type: 'opaque',
            provider: 'anthropic',
            value: {
              type: 'server_tool_use',
              id: sid,
              name: 'tool_search_tool_bm25',
              input: { query },
            },
          },
          {
            type: 'opaque',
            provider: 'anthropic',
            value: {
              type: 'tool_search_tool_result',
              tool_use_id: sid,
              content: {
                type: 'tool_search_tool_search_result',
                tool_references: r.found.map((t) => ({
                  type: 'tool_reference',
                  tool_name: t.name,
                })),
              },
            },
          },
          // ASSUMED: the expansion costs the found definition here (a stand-in text block)
          ...r.found.map((t) => ({ type: 'text', text: wireJson(t) })),
          {
            type: 'tool-call',
            id,
            name: 'fs_read_text_file',
            input: { path: `src/file${step}.ts` },
          },
        ],
      });
      history.push({
        id: `t${step}`,
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            toolCallId: id,
            content: `// file ${step}\n${'export const value = compute(input);\n'.repeat(60)}`,
          },
        ],
      });
      continue;
    }
    if (query !== undefined && search) {
      const r = search({ query, max_results: 1 }, new Set(found.map((t) => t.name)));
      found.push(...r.found);
      call = { type: 'tool-call', id, name: 'search_tools', input: { query, max_results: 1 } };
      output = r.text;
    } else {
      call = {
        type: 'tool-call',
        id,
        name: 'fs_read_text_file',
        input: { path: `src/file${step}.ts` },
      };
      output = `// file ${step}\n${'export const value = compute(input);\n'.repeat(60)}`;
    }
    history.push({
      id: `a${step}`,
      role: 'assistant',
      parts: [{ type: 'text', text: `Step ${step}.` }, call],
    });
    history.push({
      id: `t${step}`,
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: id, content: output }],
    });
  }
  const sim = simulateCache(
    requests.map((r) => ({ blocks: requestToBlocks('anthropic', r) })),
    { kind: 'anthropic', minTokens: 1024 },
    counter,
  );
  const t = sim.totals;
  const cost =
    t.uncached + 0.1 * t.cacheRead + 1.25 * (t.cacheWrite - t.cacheWrite1h) + 2 * t.cacheWrite1h;
  const toolTokensFirst = counter.count(JSON.stringify(requests[0].tools));
  return {
    mode,
    plan,
    found: found.map((f) => f.name),
    toolTokensFirst,
    first: sim.turns[0].inputTokens,
    t,
    cost,
  };
}

const all = session('all');
const deferred = session('deferred');
const sorted = session('deferred-sorted');
const apiSearch = session('api-tool-search');
console.log(
  `fixture: ${tools.length} tools, ${registry.totalTokens} tokens (o200k, canonical); budget ${BUDGET}`,
);
console.log(
  `deferred: ${deferred.plan.sent.length} sent + search_tools (${deferred.plan.sentTokens} tokens), ${deferred.plan.deferred.length} deferred; found: ${deferred.found.join(', ')}`,
);
console.log(
  `api-tool-search: ${apiSearch.plan.sent.length} sent + the search tool (ASSUMED ${SEARCH_TOKENS} tokens), ${apiSearch.plan.deferred.length} deferred (defer_loading); found: ${apiSearch.found.join(', ')}\n`,
);
printTable(
  [
    'mode',
    'tool tokens/req (1st)',
    'input tokens (1st req)',
    'input (20 req)',
    'cache read',
    'cache write',
    'uncached',
    'cached share',
    'relative cost',
  ],
  [all, deferred, sorted, apiSearch].map((s) => [
    s.mode,
    s.toolTokensFirst,
    s.first,
    s.t.inputTokens,
    s.t.cacheRead,
    s.t.cacheWrite,
    s.t.uncached,
    `${round(100 * s.t.hitRatio)}%`,
    round(s.cost / all.cost, 3),
  ]),
);
