/**
 * @module tools/tool-report
 * What a tool block costs, per tool and in total, for reports (`ctxloom build`, `ctxloom context`):
 * each tool's canonical bytes and tokens in the Anthropic wire shape, and the whole block as sent
 * (sorted by name, canonical). Pure.
 */
import type { TokenCounter } from '../tokens/index.js';
import { canonicalJson } from './canonical.js';
import { toolBlockTokens, toolTokens } from './tool-cost.js';
import type { ToolDefinition } from './tool-definition.js';

/** One tool's cost. */
export interface ToolCostLine {
  readonly name: string;
  /** UTF-8 bytes of its canonical definition (`{ description, input_schema, name }`). */
  readonly bytes: number;
  readonly tokens: number;
  /** Where it came from, when the caller said (`code`, a file, `mcp:<server>`). */
  readonly origin?: string | undefined;
}

/** What {@link toolCostReport} returns. Frozen. */
export interface ToolCostReport {
  /** One line per tool, sorted by name (the order they are sent in). */
  readonly tools: readonly ToolCostLine[];
  /** Tokens of the whole block as sent (not the sum of the lines: the array's own brackets and commas). */
  readonly totalTokens: number;
  /** Bytes of the whole block as sent. */
  readonly totalBytes: number;
}

/** A tool with where it came from (a registry's `RegisteredTool` fits). */
export interface ToolWithOrigin {
  readonly definition: ToolDefinition;
  readonly origin: string;
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

function isWithOrigin(t: ToolDefinition | ToolWithOrigin): t is ToolWithOrigin {
  return 'definition' in t;
}

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Per-tool and total costs of a tool block. Takes definitions, or registry entries
 * (`registry.tools`) to carry each tool's origin.
 * @example toolCostReport(registry.tools, o200kCounter).totalTokens
 */
export function toolCostReport(
  tools: readonly (ToolDefinition | ToolWithOrigin)[],
  counter: TokenCounter,
): ToolCostReport {
  const defs = tools.map((t) => (isWithOrigin(t) ? t.definition : t));
  const lines = tools
    .map((t): ToolCostLine => {
      const d = isWithOrigin(t) ? t.definition : t;
      const bytes = utf8(
        canonicalJson({ name: d.name, description: d.description, input_schema: d.inputSchema }),
      );
      return Object.freeze({
        name: d.name,
        bytes,
        tokens: toolTokens(d, counter),
        ...(isWithOrigin(t) ? { origin: t.origin } : {}),
      });
    })
    .sort(byName);
  const sorted = [...defs].sort(byName);
  const block =
    sorted.length === 0
      ? ''
      : canonicalJson(
          sorted.map((d) => ({
            name: d.name,
            description: d.description,
            input_schema: d.inputSchema,
          })),
        );
  return Object.freeze({
    tools: Object.freeze(lines),
    totalTokens: toolBlockTokens(defs, counter),
    totalBytes: utf8(block),
  });
}

/** The report as a text table (one row per tool, then the block's total), for a terminal. */
export function formatToolCostTable(report: ToolCostReport): string {
  if (report.tools.length === 0) return '';
  const width = Math.max(4, ...report.tools.map((t) => t.name.length));
  const num = (n: number) => n.toLocaleString('en-US').padStart(8);
  const rows = report.tools.map(
    (t) =>
      `${t.name.padEnd(width)}  ${num(t.tokens)}  ${num(t.bytes)}${t.origin ? `  ${t.origin}` : ''}`,
  );
  return [
    `${'tool'.padEnd(width)}  ${'tokens'.padStart(8)}  ${'bytes'.padStart(8)}  origin`,
    ...rows,
    `${`total (${report.tools.length} tools, as sent)`.padEnd(width)}  ${num(report.totalTokens)}  ${num(report.totalBytes)}`,
    '',
  ].join('\n');
}
