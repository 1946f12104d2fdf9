/**
 * @module providers/tool-order
 * The order tools are sent in: by name, byte for byte (tool order is part of the cached prefix).
 */
import { compareCodeUnits } from '../_internal/compare.js';
import type { ToolDefinition } from '../tools/index.js';

/** Sorts tools by name (byte stability: tool order is part of the cached prefix). */
export function sortTools(tools: readonly ToolDefinition[] = []): ToolDefinition[] {
  return [...tools].sort((a, b) => compareCodeUnits(a.name, b.name));
}
