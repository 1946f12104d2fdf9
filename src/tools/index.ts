/**
 * @module tools
 * The provider-neutral tool definition shared by history (`read_artifact`), skills
 * (`invoke_skill`) and the payload builders, and its canonical bytes.
 */
export {
  type CanonicalJson,
  canonicalize,
  canonicalJson,
  canonicalSchema,
  canonicalTool,
  canonicalToolsJson,
} from './canonical.js';
export type { JsonSchemaObject, ToolDefinition } from './tool-definition.js';
