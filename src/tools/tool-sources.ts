/**
 * @module tools/tool-sources
 * Tool definitions from outside the caller's code: an MCP server's `tools/list` result
 * (`{ tools: [{ name, description, inputSchema }] }`) and a JSON file holding either that shape or
 * a plain array, read through the read gate. Shapes are checked here; what the descriptions say is
 * checked by the registry's scan gate. A malformed entry is left out with `E_TOOL_INVALID`.
 */
import { isRecord } from '../_internal/records.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { readProjectFile } from '../files/index.js';
import type { JsonSchemaObject, ToolDefinition } from './tool-definition.js';

/** Tool names every provider accepts (Anthropic and OpenAI: letters, digits, `_`, `-`, up to 64). */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Tools read from one source, with what was left out. */
export interface ToolSourceRead {
  /** Where they came from (a display path or `mcp:<server>`). */
  readonly origin: string;
  /** The well-formed definitions, in source order. */
  readonly tools: readonly ToolDefinition[];
  /** `E_TOOL_INVALID` per malformed entry; the read gate's diagnostic when the file was refused. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The tools of an MCP `tools/list` result (`{ tools: [...] }`) or a plain array of definitions.
 * `inputSchema` (MCP) or `input_schema` (Anthropic) is read; a missing description is empty.
 */
export function parseToolList(value: unknown, origin: string): ToolSourceRead {
  const diagnostics: Diagnostic[] = [];
  const entries = Array.isArray(value) ? value : isRecord(value) ? value.tools : undefined;
  if (!Array.isArray(entries)) {
    diagnostics.push(
      diagnostic('E_TOOL_INVALID', 'error', 'expected { tools: [...] } or an array of tools', {
        file: origin,
      }),
    );
    return { origin, tools: [], diagnostics };
  }
  const tools: ToolDefinition[] = [];
  for (const [i, entry] of entries.entries()) {
    const why = invalid(entry);
    if (why !== undefined) {
      diagnostics.push(
        diagnostic('E_TOOL_INVALID', 'error', `tool #${i + 1} left out: ${why}`, { file: origin }),
      );
      continue;
    }
    const e = entry as Record<string, unknown>;
    tools.push({
      name: e.name as string,
      description: (e.description as string | undefined) ?? '',
      inputSchema: (e.inputSchema ?? e.input_schema) as JsonSchemaObject,
    });
  }
  return { origin, tools, diagnostics };
}

/** Why an entry is not a tool definition, or undefined. */
function invalid(entry: unknown): string | undefined {
  if (!isRecord(entry)) return 'not an object';
  const { name, description } = entry;
  const schema = entry.inputSchema ?? entry.input_schema;
  if (typeof name !== 'string' || !TOOL_NAME.test(name))
    return 'name must be 1-64 letters, digits, "_" or "-"';
  if (description !== undefined && typeof description !== 'string')
    return `"${name}": description is not a string`;
  if (!isRecord(schema) || schema.type !== 'object')
    return `"${name}": inputSchema must be a JSON Schema object with type "object"`;
  return undefined;
}

/** Options of {@link readToolFile}. */
export interface ReadToolFileOptions {
  /** Folders the file's real path must stay inside (the read gate's roots). */
  readonly roots: readonly string[];
  /** Size cap in bytes. Default 1 MiB. */
  readonly maxBytes?: number | undefined;
  /** Path to name in diagnostics (default: the path as given). */
  readonly display?: string | undefined;
}

/** Tools from a JSON file, read through the read gate (`readProjectFile`). */
export function readToolFile(path: string, options: ReadToolFileOptions): ToolSourceRead {
  const origin = options.display ?? path;
  const r = readProjectFile(path, {
    roots: options.roots,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    display: origin,
    kind: 'tool file',
  });
  if (!r.ok) return { origin, tools: [], diagnostics: [r.diagnostic] };
  let value: unknown;
  try {
    value = JSON.parse(r.text);
  } catch (error) {
    return {
      origin,
      tools: [],
      diagnostics: [
        ...r.diagnostics,
        diagnostic('E_TOOL_INVALID', 'error', `not JSON: ${(error as Error).message}`, {
          file: origin,
        }),
      ],
    };
  }
  const parsed = parseToolList(value, origin);
  return { ...parsed, diagnostics: [...r.diagnostics, ...parsed.diagnostics] };
}
