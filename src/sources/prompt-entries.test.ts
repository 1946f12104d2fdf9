import { describe, expect, it } from 'vitest';
import { toInstructionEntries } from './prompt-entries.js';
import type { SourceRecord } from './types.js';

const record = (path: string, status: SourceRecord['status'], content: string): SourceRecord => ({
  path,
  absolutePath: `/r/${path}`,
  kind: 'agents-md',
  scope: 'project',
  trust: 'untrusted',
  status,
  sha256: '',
  bytes: 0,
  fullBytes: 0,
  bytesKept: 0,
  bytesCut: 0,
  tokens: 0,
  content,
  contributors: [],
});

describe('toInstructionEntries', () => {
  it('keeps prompt order, leaves out skipped sources, keeps blocked placeholders', () => {
    const entries = toInstructionEntries({
      sources: [
        record('A.md', 'loaded', 'a'),
        record('B.md', 'skipped', ''),
        record('C.md', 'blocked', '[placeholder]'),
        record('D.md', 'truncated', 'd'),
      ],
    });
    expect(entries).toEqual([
      {
        path: 'A.md',
        kind: 'agents-md',
        scope: 'project',
        trust: 'untrusted',
        status: 'loaded',
        content: 'a',
      },
      {
        path: 'C.md',
        kind: 'agents-md',
        scope: 'project',
        trust: 'untrusted',
        status: 'blocked',
        content: '[placeholder]',
      },
      {
        path: 'D.md',
        kind: 'agents-md',
        scope: 'project',
        trust: 'untrusted',
        status: 'truncated',
        content: 'd',
      },
    ]);
  });
});
