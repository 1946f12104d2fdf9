import { describe, expect, it } from 'vitest';
import { o200kCounter } from '../tokens/index.js';
import { canonicalJson } from './canonical.js';
import { createToolRegistry, toolsFromCode } from './registry.js';
import { toolBlockTokens, toolTokens } from './tool-cost.js';
import type { ToolDefinition } from './tool-definition.js';
import { formatToolCostTable, toolCostReport } from './tool-report.js';

const t = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { é: { type: 'string' } } },
});

describe('toolCostReport', () => {
  it('per-tool tokens and bytes sorted by name, the total as the block is sent', () => {
    const tools = [t('zed', 'Z tool with a longer description.'), t('abc', 'A.')];
    const r = toolCostReport(tools, o200kCounter);
    expect(r.tools.map((l) => l.name)).toEqual(['abc', 'zed']);
    expect(r.tools[1]?.tokens).toBe(toolTokens(tools[0] as ToolDefinition, o200kCounter));
    const wire = canonicalJson({
      name: 'abc',
      description: 'A.',
      input_schema: tools[1]?.inputSchema,
    });
    expect(r.tools[0]?.bytes).toBe(Buffer.byteLength(wire, 'utf8'));
    expect(r.tools[0]?.bytes).toBe(wire.length + 1); // é is two bytes
    expect(r.totalTokens).toBe(toolBlockTokens(tools, o200kCounter));
    expect(r.totalBytes).toBe(r.tools[0]!.bytes + r.tools[1]!.bytes + 3); // [ , ]
    expect(toolCostReport([], o200kCounter)).toMatchObject({
      tools: [],
      totalTokens: 0,
      totalBytes: 0,
    });
  });

  it('takes registry entries and carries their origin; the table has a row per tool and a total', () => {
    const reg = createToolRegistry([toolsFromCode([t('b_tool', 'B.')], 'mine')]);
    const r = toolCostReport(reg.tools, o200kCounter);
    expect(r.tools[0]?.origin).toBe('mine');
    const table = formatToolCostTable(r);
    expect(table).toMatch(/^b_tool\s+\d+\s+\d+\s+mine$/m);
    expect(table).toMatch(/^total \(1 tools, as sent\)/m);
    expect(formatToolCostTable(toolCostReport([], o200kCounter))).toBe('');
  });
});
