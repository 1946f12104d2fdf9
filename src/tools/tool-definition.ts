/**
 * @module tools/tool-definition
 * The one provider-neutral tool type. Every payload builder takes it and ctxloom's own tools
 * (`read_artifact`, `invoke_skill`) are values of it. `inputSchema` is the name MCP and the AI SDK
 * use; each builder writes it under its provider's key (`input_schema`, `parameters`).
 */

/** A JSON Schema object describing a tool's input. */
export type JsonSchemaObject = { readonly type: 'object'; readonly [key: string]: unknown };

/** A tool as the model sees it. */
export interface ToolDefinition {
  /** Tool name (unique in a request). */
  readonly name: string;
  /** What it does, for the model. */
  readonly description: string;
  /** JSON Schema of its input. */
  readonly inputSchema: JsonSchemaObject;
}
