/**
 * @module tools/deferred
 * Deferred tools: a token budget for tool definitions. Tools are kept in declaration order while
 * they fit (with the `search_tools` built-in counted against the budget); the rest are not sent.
 * Instead `search_tools` is sent, its description holding a compact catalog of the deferred tools
 * (name + one line), and its handler returns the full definitions of the tools that match, which
 * the caller adds to the request from the next step on. The catalog lives in the tools block, so
 * it is cached with it and never moves. Pure.
 */
import { compareCodeUnits } from '../_internal/compare.js';
import type { TokenCounter } from '../tokens/index.js';
import { canonicalJson } from './canonical.js';
import { toolBlockTokens, toolTokens } from './tool-cost.js';
import type { ToolDefinition } from './tool-definition.js';

/** The name of the built-in that finds deferred tools. */
export const SEARCH_TOOLS_TOOL_NAME = 'search_tools';

/** Characters of a catalog line's description. */
const LINE_CHARS = 100;
/** Results `search_tools` returns when `max_results` is not given. */
const DEFAULT_RESULTS = 5;
const MAX_RESULTS = 20;

/** One catalog line: the first line (first sentence) of a description, cut at 100 characters. */
export function catalogLine(tool: ToolDefinition): string {
  const first = tool.description.trim().split('\n')[0] ?? '';
  const sentence = /^(.*?[.!?])(\s|$)/.exec(first)?.[1] ?? first;
  const line = sentence.length > LINE_CHARS ? `${sentence.slice(0, LINE_CHARS - 1)}…` : sentence;
  return line.length > 0 ? `- ${tool.name}: ${line}` : `- ${tool.name}`;
}

/** The `search_tools` definition for a list of deferred tools. */
export function searchToolsTool(deferred: readonly ToolDefinition[]): ToolDefinition {
  const lines = [...deferred].sort((a, b) => compareCodeUnits(a.name, b.name)).map(catalogLine);
  return {
    name: SEARCH_TOOLS_TOOL_NAME,
    description: [
      'Load tools that are available but not loaded yet. Search by name or by words of what you need; the matching tools become callable from your next step on.',
      'Not loaded yet:',
      ...lines,
    ].join('\n'),
    inputSchema: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: 'A tool name, or words describing what the tool should do.',
        },
        max_results: {
          type: 'integer',
          description: `How many tools to load (default ${DEFAULT_RESULTS}, at most ${MAX_RESULTS}).`,
        },
      },
      required: ['query'],
    },
  };
}

/** What {@link planToolBudget} decided. Frozen. */
export interface ToolBudgetPlan {
  /** The tools sent from the first request, in declaration order. */
  readonly sent: readonly ToolDefinition[];
  /** The tools held back, in declaration order (empty when everything fits). */
  readonly deferred: readonly ToolDefinition[];
  /** The `search_tools` built-in when something is deferred, else undefined. */
  readonly searchTool: ToolDefinition | undefined;
  /** Tokens of what is sent (sent tools + `search_tools`). */
  readonly sentTokens: number;
  /** Tokens all tools would have cost. */
  readonly allTokens: number;
}

/** Options of {@link planToolBudget}. */
export interface ToolBudgetOptions {
  /** Tokens the tool definitions may take (sent tools + `search_tools` with its catalog). */
  readonly budgetTokens: number;
  readonly tokenCounter: TokenCounter;
  /** Tokens already taken by tools that are always sent (ctxloom's own). Default 0. */
  readonly reservedTokens?: number | undefined;
  /**
   * `false` when the search is the provider's (Anthropic's tool search with `defer_loading`): no
   * `search_tools` and no catalog are sent, so none is counted against the budget. Default true.
   */
  readonly catalog?: boolean | undefined;
}

/**
 * Splits tools into sent and deferred. When all fit, all are sent and nothing is added. Otherwise
 * a tool is sent while the sent tools and a `search_tools` listing every tool not sent fit; the
 * rest wait for `search_tools`.
 */
export function planToolBudget(
  tools: readonly ToolDefinition[],
  options: ToolBudgetOptions,
): ToolBudgetPlan {
  const counter = options.tokenCounter;
  const budget = options.budgetTokens - (options.reservedTokens ?? 0);
  const allTokens = toolBlockTokens(tools, counter);
  if (allTokens <= budget)
    return Object.freeze({
      sent: Object.freeze([...tools]),
      deferred: Object.freeze([]),
      searchTool: undefined,
      sentTokens: allTokens,
      allTokens,
    });
  if (options.catalog === false) return planWithoutCatalog(tools, budget, counter, allTokens);
  // per-tool sums first (one count per tool and catalog line), then the exact block is checked
  const cost = tools.map((t) => toolTokens(t, counter));
  const line = tools.map((t) => counter.count(`${catalogLine(t)}\n`));
  const searchBase = toolTokens(searchToolsTool([]), counter);
  let restLines = line.reduce((a, b) => a + b, 0);
  let sentSum = 0;
  let n = 0;
  while (n < tools.length) {
    const afterLines = restLines - line[n]!;
    const search = n + 1 < tools.length ? searchBase + afterLines : 0;
    if (sentSum + cost[n]! + search > budget) break;
    sentSum += cost[n]!;
    restLines = afterLines;
    n++;
  }
  const exact = (k: number) =>
    toolBlockTokens(
      k < tools.length ? [...tools.slice(0, k), searchToolsTool(tools.slice(k))] : tools,
      counter,
    );
  while (n > 0 && exact(n) > budget) n--;
  const sent = tools.slice(0, n);
  const rest = tools.slice(n);
  const searchTool = rest.length > 0 ? searchToolsTool(rest) : undefined;
  return Object.freeze({
    sent: Object.freeze(sent),
    deferred: Object.freeze(rest),
    searchTool,
    sentTokens: toolBlockTokens(searchTool ? [...sent, searchTool] : sent, counter),
    allTokens,
  });
}

/** Tools kept in declaration order while the sent block fits; no catalog, no `search_tools`. */
function planWithoutCatalog(
  tools: readonly ToolDefinition[],
  budget: number,
  counter: TokenCounter,
  allTokens: number,
): ToolBudgetPlan {
  let n = 0;
  let sum = 0;
  for (const t of tools) {
    const c = toolTokens(t, counter);
    if (sum + c > budget) break;
    sum += c;
    n++;
  }
  while (n > 0 && toolBlockTokens(tools.slice(0, n), counter) > budget) n--;
  const sent = tools.slice(0, n);
  return Object.freeze({
    sent: Object.freeze(sent),
    deferred: Object.freeze(tools.slice(n)),
    searchTool: undefined,
    sentTokens: toolBlockTokens(sent, counter),
    allTokens,
  });
}

/** What `search_tools` returned. */
export interface SearchToolsResult {
  /** The text for the tool result. */
  readonly text: string;
  /** The deferred tools it found (not loaded before), best first. */
  readonly found: readonly ToolDefinition[];
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

/** A tool's score for the query words: exact name first, then words in the name, then in the description. */
function score(tool: ToolDefinition, query: string, qWords: readonly string[]): number {
  const name = tool.name.toLowerCase();
  if (name === query.trim().toLowerCase()) return 1000;
  const nameWords = new Set(words(tool.name));
  const descWords = new Set(words(tool.description));
  let s = 0;
  for (const w of qWords) {
    if (nameWords.has(w)) s += 10;
    else if (w.length >= 3 && name.includes(w)) s += 5;
    if (descWords.has(w)) s += 2;
  }
  return s;
}

/**
 * The `search_tools` handler over the deferred tools. `loaded` names the tools the request has
 * already (they are not returned again). A bad input returns an error text and finds nothing.
 */
export function createSearchToolsHandler(
  deferred: readonly ToolDefinition[],
): (input: unknown, loaded: ReadonlySet<string>) => SearchToolsResult {
  return (input, loaded) => {
    const q = (input as { query?: unknown } | null)?.query;
    if (typeof q !== 'string' || q.trim().length === 0)
      return { text: '[search_tools error: "query" must be a non-empty string]', found: [] };
    const asked = (input as { max_results?: unknown }).max_results;
    const max =
      typeof asked === 'number' && Number.isInteger(asked) && asked > 0
        ? Math.min(asked, MAX_RESULTS)
        : DEFAULT_RESULTS;
    const qWords = words(q);
    const ranked = deferred
      .filter((t) => !loaded.has(t.name))
      .map((t) => ({ t, s: score(t, q, qWords) }))
      .filter((r) => r.s > 0)
      .sort((a, b) => b.s - a.s || compareCodeUnits(a.t.name, b.t.name))
      .slice(0, max)
      .map((r) => r.t);
    if (ranked.length === 0)
      return {
        text: `[search_tools: no tool not loaded yet matches ${JSON.stringify(q)}; the catalog in the search_tools description lists them]`,
        found: [],
      };
    return {
      text: [
        `[search_tools: ${ranked.length} tool(s) loaded; you can call them from your next step on]`,
        ...ranked.map((t) =>
          canonicalJson({ name: t.name, description: t.description, input_schema: t.inputSchema }),
        ),
      ].join('\n'),
      found: ranked,
    };
  };
}
