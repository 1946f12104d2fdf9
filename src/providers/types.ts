/**
 * @module providers/types
 * Provider-neutral inputs for request payloads. No SDK is imported at run time: payloads are plain
 * objects whose shapes are checked against the real SDK types in the tests.
 */

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
}

/** Sorts tools by name (byte stability: tool order is part of the cached prefix). */
export function sortTools(tools: readonly ToolDefinition[] = []): ToolDefinition[] {
  return [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
