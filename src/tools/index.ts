/**
 * @module tools
 * The provider-neutral tool definition shared by history (`read_artifact`), skills
 * (`invoke_skill`) and the payload builders.
 */
export type { JsonSchemaObject, ToolDefinition } from './tool-definition.js';
