/**
 * @module providers/tool-search
 * Anthropic's server-side tool search (`tool_search_tool_bm25_20251119` /
 * `tool_search_tool_regex_20251119`) with `defer_loading`: the tools held back are sent with
 * `defer_loading: true` after every loaded tool, and the search tool itself first. The API keeps
 * deferred tools out of the prompt; a search answers with `server_tool_use` and
 * `tool_search_tool_result` blocks (tool references) that the API expands into the full
 * definitions where they sit in the history, so the tools prefix never changes (Anthropic's "Tool
 * use with prompt caching" page). Those blocks must be sent back as they came (the history keeps
 * them as opaque parts). Shapes: `@anthropic-ai/sdk` 1.14 `ToolSearchToolBm25_20251119`,
 * `ToolSearchToolRegex20251119`, `Tool.defer_loading`; GA in the non-beta Messages API (no beta
 * header; it was `advanced-tool-use-2025-11-20` while in beta). Pure.
 */
import { canonicalSchema, type ToolDefinition } from '../tools/index.js';
import type { AnthropicCacheControl, AnthropicRequest, AnthropicTool } from './anthropic.js';

/** `bm25` (natural-language queries) or `regex` (Python `re.search` patterns). */
export type AnthropicToolSearchVariant = 'bm25' | 'regex';

/** The BM25 tool search tool as the API takes it. */
export interface AnthropicToolSearchBm25Tool {
  type: 'tool_search_tool_bm25_20251119';
  name: 'tool_search_tool_bm25';
  cache_control?: AnthropicCacheControl | null;
}
/** The regex tool search tool as the API takes it. */
export interface AnthropicToolSearchRegexTool {
  type: 'tool_search_tool_regex_20251119';
  name: 'tool_search_tool_regex';
  cache_control?: AnthropicCacheControl | null;
}
export type AnthropicToolSearchTool = AnthropicToolSearchBm25Tool | AnthropicToolSearchRegexTool;

/** The tool search tool of a variant (never deferred itself). */
export function anthropicToolSearchTool(
  variant: AnthropicToolSearchVariant,
): AnthropicToolSearchTool {
  return variant === 'regex'
    ? { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }
    : { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' };
}

/**
 * Model families the tool search tool supports (Anthropic's tool search page, model compatibility):
 * Opus 4.5 to 4.8, Sonnet 4.5 and 4.6, Haiku 4.5, and the 5 families.
 */
const SUPPORTED =
  /claude-(opus-4-[5-8]|sonnet-4-[56]|haiku-4-5|opus-5|sonnet-5|haiku-5-5|fable-5|mythos-5|mythos-preview)(?![0-9])/;

/** Whether `model` supports the server-side tool search (ids with a vendor prefix too). */
export function supportsAnthropicToolSearch(model: string): boolean {
  return SUPPORTED.test(model.toLowerCase());
}

/** What {@link applyAnthropicToolSearch} adds. */
export interface AnthropicToolSearchOptions {
  readonly variant: AnthropicToolSearchVariant;
  /** The tools held back: sent with `defer_loading: true`, sorted by name, after every other tool. */
  readonly deferred: readonly ToolDefinition[];
}

/**
 * The request with the tool search tool first and the deferred tools last. The loaded tools keep
 * their place and the tools breakpoint the planner put on the last of them, so the cached prefix
 * (search tool + loaded tools) is the same whatever is found. Without deferred tools, the request
 * is returned unchanged. Never mutates `request`.
 */
export function applyAnthropicToolSearch(
  request: AnthropicRequest,
  options: AnthropicToolSearchOptions,
): AnthropicRequest {
  if (options.deferred.length === 0) return request;
  const deferred: AnthropicTool[] = [...options.deferred]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: canonicalSchema(t.inputSchema),
      defer_loading: true,
    }));
  return {
    ...request,
    tools: [anthropicToolSearchTool(options.variant), ...(request.tools ?? []), ...deferred],
  };
}
