/**
 * @module tools
 * The provider-neutral tool definition shared by history (`read_artifact`), skills
 * (`invoke_skill`) and the payload builders; its canonical bytes; a registry of tools from code,
 * JSON files and MCP servers (untrusted descriptions scanned) with their token cost;
 * deferred tools behind a budget, found with the `search_tools` built-in.
 */
export {
  type CanonicalJson,
  canonicalize,
  canonicalJson,
  canonicalSchema,
  canonicalTool,
  canonicalToolsJson,
} from './canonical.js';
export {
  catalogLine,
  createSearchToolsHandler,
  planToolBudget,
  SEARCH_TOOLS_TOOL_NAME,
  type SearchToolsResult,
  searchToolsTool,
  type ToolBudgetOptions,
  type ToolBudgetPlan,
} from './deferred.js';
export {
  createToolRegistry,
  type RegisteredTool,
  type ToolRegistry,
  type ToolRegistryOptions,
  type ToolSource,
  toolsFromCode,
  toolsFromMcp,
} from './registry.js';
export { toolBlockTokens, toolTokens } from './tool-cost.js';
export type { JsonSchemaObject, ToolDefinition } from './tool-definition.js';
export {
  compareToolDigests,
  type SessionToolDrift,
  type SessionToolRecord,
  TOOL_DIGEST_PATTERN,
  type ToolDigest,
  type ToolDigestChange,
  toolDigest,
  toolDigests,
  toolDriftAcrossSessions,
} from './tool-digest.js';
export { type LoadToolFilesOptions, loadToolFiles, type ToolFileEntry } from './tool-files.js';
export {
  formatToolCostTable,
  type ToolCostLine,
  type ToolCostReport,
  type ToolWithOrigin,
  toolCostReport,
} from './tool-report.js';
export {
  parseToolList,
  type ReadToolFileOptions,
  readToolFile,
  TOOL_NAME,
  type ToolSourceRead,
} from './tool-sources.js';
