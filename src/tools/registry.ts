/**
 * @module tools/registry
 * A tool registry: definitions from code (trusted), from a JSON file or an MCP server's
 * `tools/list` result (untrusted), each with its token cost and the cost of the whole block.
 * Untrusted text, the tool's description and every `description` string inside its input schema
 * (parameter descriptions), passes the one scan gate (`gateUntrusted`): a blocked text leaves the
 * whole tool out (`E_TOOL_BLOCKED`), a flagged one is sent inside the gate's warning wrapper.
 * The first tool of a name wins; a later one is `E_TOOL_DUPLICATE`.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { gateUntrusted, type Scanner, scan } from '../safety/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import { toolBlockTokens, toolTokens } from './tool-cost.js';
import type { JsonSchemaObject, ToolDefinition } from './tool-definition.js';
import { parseToolList, type ToolSourceRead } from './tool-sources.js';

/** One source of tools for {@link createToolRegistry}. */
export interface ToolSource {
  /** Where they came from (`code`, a display path, `mcp:<server>`). */
  readonly origin: string;
  readonly tools: readonly ToolDefinition[];
  /** Code the caller wrote is trusted (not scanned); anything read from outside is not. Default false. */
  readonly trusted?: boolean | undefined;
  /** What reading the source reported already (carried into the registry's diagnostics). */
  readonly diagnostics?: readonly Diagnostic[] | undefined;
}

/** A tool in the registry. */
export interface RegisteredTool {
  /** The definition as it is sent (flagged descriptions wrapped). */
  readonly definition: ToolDefinition;
  readonly origin: string;
  /** `trusted` (from code, not scanned), `clean` or `flagged`. */
  readonly verdict: 'trusted' | 'clean' | 'flagged';
  /** Tokens of this definition (canonical bytes, Anthropic shape). */
  readonly tokens: number;
}

/** What {@link createToolRegistry} built. Frozen. */
export interface ToolRegistry {
  /** The tools kept, in registration order. */
  readonly tools: readonly RegisteredTool[];
  /** Their definitions, in registration order. */
  readonly definitions: readonly ToolDefinition[];
  /** Tokens of the whole block as sent (sorted, canonical). */
  readonly totalTokens: number;
  /** Sources' diagnostics, then scan, `E_TOOL_BLOCKED` and `E_TOOL_DUPLICATE` ones. */
  readonly diagnostics: readonly Diagnostic[];
  /** The tool of that name, if kept. */
  get(name: string): RegisteredTool | undefined;
}

/** Options of {@link createToolRegistry}. */
export interface ToolRegistryOptions {
  /** Token counter. Default o200k. */
  readonly tokenCounter?: TokenCounter | undefined;
  /** The injection scanner for untrusted sources. Default: ctxloom's `scan`. */
  readonly scanner?: Scanner | undefined;
}

/** Tools the caller wrote (trusted). */
export function toolsFromCode(tools: readonly ToolDefinition[], origin = 'code'): ToolSource {
  return { origin, tools, trusted: true };
}

/** The tools of an MCP server's `tools/list` result (untrusted), origin `mcp:<server>`. */
export function toolsFromMcp(result: unknown, server: string): ToolSourceRead {
  return parseToolList(result, `mcp:${server}`);
}

type Gated = { value: unknown; blocked: string | undefined; flagged: boolean };

/** `value` with every string under a `description` key passed through `gate`. */
function gateDescriptions(
  value: unknown,
  path: string,
  gate: (text: string, path: string) => { text: string; blocked: boolean; flagged: boolean },
): Gated {
  if (Array.isArray(value)) {
    let flagged = false;
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const g = gateDescriptions(value[i], `${path}[${i}]`, gate);
      if (g.blocked !== undefined) return g;
      flagged ||= g.flagged;
      out.push(g.value);
    }
    return { value: out, blocked: undefined, flagged };
  }
  if (value === null || typeof value !== 'object')
    return { value, blocked: undefined, flagged: false };
  let flagged = false;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const at = `${path}.${key}`;
    let next: unknown = v;
    if (key === 'description' && typeof v === 'string') {
      const g = gate(v, at);
      if (g.blocked) return { value, blocked: at, flagged };
      flagged ||= g.flagged;
      next = g.text;
    } else {
      const g = gateDescriptions(v, at, gate);
      if (g.blocked !== undefined) return g;
      flagged ||= g.flagged;
      next = g.value;
    }
    Object.defineProperty(out, key, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { value: out, blocked: undefined, flagged };
}

/**
 * Builds a registry from sources, in order.
 * @example
 * const reg = createToolRegistry([toolsFromCode(myTools), toolsFromMcp(await client.listTools(), 'github')]);
 * reg.totalTokens; // the tools block's cost
 */
export function createToolRegistry(
  sources: readonly ToolSource[],
  options: ToolRegistryOptions = {},
): ToolRegistry {
  const counter = options.tokenCounter ?? defaultTokenCounter;
  const scanner: Scanner = options.scanner ?? ((text, o) => scan(text, o));
  const diagnostics: Diagnostic[] = [];
  const kept: RegisteredTool[] = [];
  const byName = new Map<string, RegisteredTool>();
  for (const source of sources) {
    diagnostics.push(...(source.diagnostics ?? []));
    for (const tool of source.tools) {
      if (byName.has(tool.name)) {
        diagnostics.push(
          diagnostic(
            'E_TOOL_DUPLICATE',
            'error',
            `tool "${tool.name}" left out: ${byName.get(tool.name)?.origin} defines it already`,
            { file: source.origin },
          ),
        );
        continue;
      }
      let definition = tool;
      let verdict: RegisteredTool['verdict'] = 'trusted';
      if (source.trusted !== true) {
        const gateDiagnostics: Diagnostic[] = [];
        const gate = (text: string, path: string) => {
          const r = gateUntrusted(text, {
            source: `tool ${tool.name} (${path}) from ${source.origin}`,
            channel: 'tool-description',
            scanner,
          });
          gateDiagnostics.push(...r.diagnostics);
          return { text: r.text, blocked: !r.allowed, flagged: r.verdict === 'flagged' };
        };
        const g = gateDescriptions(
          { description: tool.description, inputSchema: tool.inputSchema },
          tool.name,
          gate,
        );
        diagnostics.push(...gateDiagnostics);
        if (g.blocked !== undefined) {
          diagnostics.push(
            diagnostic(
              'E_TOOL_BLOCKED',
              'error',
              `tool "${tool.name}" left out: the scanner blocked ${g.blocked}`,
              { file: source.origin },
            ),
          );
          continue;
        }
        const v = g.value as { description: string; inputSchema: JsonSchemaObject };
        definition = { name: tool.name, description: v.description, inputSchema: v.inputSchema };
        verdict = g.flagged ? 'flagged' : 'clean';
      }
      const registered: RegisteredTool = Object.freeze({
        definition,
        origin: source.origin,
        verdict,
        tokens: toolTokens(definition, counter),
      });
      byName.set(tool.name, registered);
      kept.push(registered);
    }
  }
  const definitions = Object.freeze(kept.map((t) => t.definition));
  return Object.freeze({
    tools: Object.freeze(kept),
    definitions,
    totalTokens: toolBlockTokens(definitions, counter),
    diagnostics: Object.freeze(diagnostics),
    get: (name: string) => byName.get(name),
  });
}
