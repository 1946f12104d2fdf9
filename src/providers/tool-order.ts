/**
 * @module providers/tool-order
 * The order tools are sent in: by name, byte for byte (tool order is part of the cached prefix).
 */
import type { ToolDefinition } from '../tools/index.js';

/** Sorts tools by name (byte stability: tool order is part of the cached prefix). */
export function sortTools(tools: readonly ToolDefinition[] = []): ToolDefinition[] {
  return [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
