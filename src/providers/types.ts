/**
 * @module providers/types
 * Provider-neutral inputs for request payloads. No SDK is imported at run time: payloads are plain
 * objects whose shapes are checked against the real SDK types in the tests.
 */
import type { SectionSpan } from '../prompt/index.js';

/** Cache lifetime of a breakpoint. */
export type CacheTtl = '5m' | '1h';

/** A JSON Schema object describing a tool's parameters. */
export type JsonSchemaObject = { readonly type: 'object'; readonly [key: string]: unknown };

/** A tool as the model sees it. */
export interface ToolDefinition {
  /** Tool name (unique). */
  readonly name: string;
  /** What it does, for the model. */
  readonly description: string;
  /** JSON Schema of its input. */
  readonly parameters: JsonSchemaObject;
}

/** The two tiers of a built system prompt (a `BuiltPrompt` fits). */
export interface PromptTiers {
  readonly static: string;
  readonly dynamic: string | null;
  /** Section spans; with them, volatile sections (the clock) can be delivered after the history. */
  readonly spans?: readonly SectionSpan[] | undefined;
}

/** Where the volatile tail of the dynamic tier (the clock) goes. */
export type VolatilePlacement = 'end' | 'system';

/** The prompt as delivered: the volatile tail split off the dynamic tier. */
export interface DeliveredTiers {
  readonly static: string;
  /** The dynamic tier without its volatile tail. */
  readonly dynamic: string | null;
  /** The volatile sections (always last in the dynamic tier), or null. */
  readonly volatile: string | null;
}

/**
 * Splits the volatile tail (sections declared volatile, which `build` always renders last) off
 * the dynamic tier. Anything in the system prompt precedes the whole conversation in the cached
 * prefix, so a clock there would invalidate every message each turn; delivered after the
 * history instead, it costs only itself.
 */
export function splitVolatileTail(prompt: PromptTiers): DeliveredTiers {
  const first = prompt.spans?.find((s) => s.tier === 'dynamic' && s.volatile);
  if (first === undefined || prompt.dynamic === null)
    return { static: prompt.static, dynamic: prompt.dynamic, volatile: null };
  const stable = prompt.dynamic.slice(0, first.start).trimEnd();
  return {
    static: prompt.static,
    dynamic: stable.length > 0 ? stable : null,
    volatile: prompt.dynamic.slice(first.start),
  };
}

/** Joins a stable dynamic tier and a volatile tail back into one block. */
export function joinTail(dynamic: string | null, volatile: string | null): string | null {
  if (volatile === null) return dynamic;
  return dynamic === null ? volatile : `${dynamic}\n\n${volatile}`;
}

/** Sorts tools by name (byte stability: tool order is part of the cached prefix). */
export function sortTools(tools: readonly ToolDefinition[] = []): ToolDefinition[] {
  return [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
