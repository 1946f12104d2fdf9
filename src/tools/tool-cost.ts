/**
 * @module tools/tool-cost
 * What tool definitions cost in tokens, counted on their canonical bytes in the Anthropic wire
 * shape (`{ name, description, input_schema }`), the shape the builders size the tools prefix by.
 * Pure.
 */
import { compareCodeUnits } from '../_internal/compare.js';
import type { TokenCounter } from '../tokens/index.js';
import { canonicalJson } from './canonical.js';
import type { ToolDefinition } from './tool-definition.js';

function wire(tool: ToolDefinition) {
  return { name: tool.name, description: tool.description, input_schema: tool.inputSchema };
}

/** Tokens of one tool definition. */
export function toolTokens(tool: ToolDefinition, counter: TokenCounter): number {
  return counter.count(canonicalJson(wire(tool)));
}

/** Tokens of a tool block as sent (sorted by name, canonical); 0 for no tools. */
export function toolBlockTokens(tools: readonly ToolDefinition[], counter: TokenCounter): number {
  if (tools.length === 0) return 0;
  const sorted = [...tools].sort((a, b) => compareCodeUnits(a.name, b.name));
  return counter.count(canonicalJson(sorted.map(wire)));
}
