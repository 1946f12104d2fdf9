import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from './tool-definition.js';
import {
  compareToolDigests,
  TOOL_DIGEST_PATTERN,
  toolDigest,
  toolDigests,
  toolDriftAcrossSessions,
} from './tool-digest.js';

const t = (name: string, description: string, props: Record<string, unknown>): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties: props },
});

describe('tool digests', () => {
  it('the same tool with its keys in another order has the same digest; one changed byte another', () => {
    const a = t('x', 'X.', { a: { type: 'string', description: 'A' }, b: { type: 'number' } });
    const reordered: ToolDefinition = {
      inputSchema: {
        properties: { b: { type: 'number' }, a: { description: 'A', type: 'string' } },
        type: 'object',
      },
      description: 'X.',
      name: 'x',
    };
    expect(toolDigest(a)).toMatch(TOOL_DIGEST_PATTERN);
    expect(toolDigest(reordered)).toBe(toolDigest(a));
    expect(toolDigest(t('x', 'X!', {}))).not.toBe(toolDigest(t('x', 'X.', {})));
  });

  it('digests are sorted by name; compare reports changed, added and removed tools', () => {
    const before = toolDigests([t('b', 'B', {}), t('a', 'A', {}), t('c', 'C', {})]);
    expect(before.map((d) => d.name)).toEqual(['a', 'b', 'c']);
    const after = toolDigests([t('a', 'A', {}), t('b', 'B changed', {}), t('d', 'D', {})]);
    expect(compareToolDigests(before, after).map((c) => [c.name, c.kind])).toEqual([
      ['b', 'changed'],
      ['c', 'removed'],
      ['d', 'added'],
    ]);
    expect(compareToolDigests(before, before)).toEqual([]);
  });
});

describe('toolDriftAcrossSessions', () => {
  it('compares consecutive sessions by creation time, skipping sessions without digests', () => {
    const d = (desc: string) => toolDigests([t('x', desc, {})]);
    const drift = toolDriftAcrossSessions([
      { id: 'late', createdAt: '2026-01-03', tools: d('v2') },
      { id: 'early', createdAt: '2026-01-01', tools: d('v1') },
      { id: 'legacy', createdAt: '2026-01-02' },
      { id: 'mid', createdAt: '2026-01-02', tools: d('v1') },
    ]);
    expect(drift.map((x) => [x.before, x.after, x.changes[0]?.kind])).toEqual([
      ['mid', 'late', 'changed'],
    ]);
  });
});
