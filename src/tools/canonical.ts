/**
 * @module tools/canonical
 * Canonical serialisation of tool definitions: object keys sorted (UTF-16 order) at every level,
 * `undefined` members dropped, `-0` written as `0`, non-finite numbers refused. Array order is
 * kept (it can carry meaning: `enum`, `anyOf`). The same tools give the same bytes whatever order
 * their keys were declared in, so a reordered schema key never breaks a cached prefix.
 * Pure.
 */
import { compareCodeUnits } from '../_internal/compare.js';
import { CtxloomError } from '../diagnostics/index.js';
import type { JsonSchemaObject, ToolDefinition } from './tool-definition.js';

/** A JSON value with its object keys in canonical order. */
export type CanonicalJson =
  | null
  | boolean
  | number
  | string
  | readonly CanonicalJson[]
  | { readonly [key: string]: CanonicalJson };

function canon(value: unknown, path: string, seen: Set<object>): CanonicalJson | undefined {
  if (value === null) return null;
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return value;
    case 'number':
      if (!Number.isFinite(value))
        throw new CtxloomError('E_TOOL_SCHEMA', `${path} is ${value}: not a JSON number`);
      return Object.is(value, -0) ? 0 : value;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'bigint':
      throw new CtxloomError('E_TOOL_SCHEMA', `${path} is a bigint: not a JSON number`);
    default:
      break;
  }
  const obj = value as object;
  if (seen.has(obj)) throw new CtxloomError('E_TOOL_SCHEMA', `${path} refers to itself`);
  seen.add(obj);
  try {
    if (Array.isArray(obj))
      // JSON.stringify writes an undefined array member as null; so does this
      return obj.map((v, i) => canon(v, `${path}[${i}]`, seen) ?? null);
    const out: Record<string, CanonicalJson> = {};
    for (const key of Object.keys(obj).sort()) {
      const v = canon((obj as Record<string, unknown>)[key], `${path}.${key}`, seen);
      if (v === undefined) continue;
      // a `__proto__` key is data here, not the prototype
      if (key === '__proto__')
        Object.defineProperty(out, key, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else out[key] = v;
    }
    return out;
  } finally {
    seen.delete(obj);
  }
}

/** `value` with its object keys sorted at every level and `undefined` members dropped. */
export function canonicalize(value: unknown): CanonicalJson {
  return canon(value, '$', new Set()) ?? null;
}

/** The canonical JSON text of `value` (no whitespace). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

/** A JSON Schema with its keys in canonical order (what the builders send). */
export function canonicalSchema(schema: JsonSchemaObject): JsonSchemaObject {
  return canonicalize(schema) as JsonSchemaObject;
}

/** One tool with a canonical schema. */
export function canonicalTool(tool: ToolDefinition): ToolDefinition {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: canonicalSchema(tool.inputSchema),
  };
}

/** The canonical bytes of a tool list: sorted by name, each canonical. */
export function canonicalToolsJson(tools: readonly ToolDefinition[]): string {
  const sorted = [...tools].sort((a, b) => compareCodeUnits(a.name, b.name));
  return canonicalJson(sorted.map(canonicalTool));
}
