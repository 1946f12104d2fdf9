// The ledger facts found by structure (issue 14): requirements in tool output, edited paths of
// any extension, dotted ids, URLs seen twice; and the elided view keeping requirement lines.
import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { elideToolResults } from './elide.js';
import {
  extractFactLedger,
  type LedgerMemo,
  ledgerWithMemo,
  type RecordedMessage,
} from './facts.js';
import type { Message } from './message.js';

const issue = [
  'proj-abc [EPIC] · Unified rendering',
  ...Array.from(
    { length: 80 },
    (_, i) => `background line ${i} about the rendering pipeline and its history`,
  ),
  '## Acceptance Tests',
  '- GIVEN a long result WHEN rendered THEN 10 lines show',
  '- GIVEN an absolute path WHEN rendered THEN it is relative',
  ...Array.from(
    { length: 80 },
    (_, i) => `more prose ${i} on the design and the trade-offs it made`,
  ),
  'CHILDREN',
  '  ↳ proj-abc.1: first subtask',
  'see https://example.org/docs/guide.html',
].join('\n');

const history: Message[] = [
  { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Work on proj-abc.' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'tool-call', id: 'c1', name: 'Bash', input: { command: 'tracker show proj-abc' } },
    ],
  },
  { id: 't1', role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c1', content: issue }] },
  {
    id: 'a2',
    role: 'assistant',
    parts: [
      { type: 'text', text: 'Reading https://example.org/docs/guide.html again.' },
      { type: 'tool-call', id: 'c2', name: 'Edit', input: { file_path: 'lib/app/live.ex' } },
      {
        type: 'tool-call',
        id: 'c3',
        name: 'bash',
        input: { command: "sed -i 's/a/b/' pkg/mod/core.py && cat > notes/plan.txt <<EOF" },
      },
    ],
  },
  {
    id: 't2',
    role: 'tool',
    parts: [
      { type: 'tool-result', toolCallId: 'c2', content: 'ok' },
      { type: 'tool-result', toolCallId: 'c3', content: 'ok' },
    ],
  },
];

describe('the ledger by structure', () => {
  it('takes requirements from tool output, edited paths, dotted ids and URLs seen twice', () => {
    const facts = extractFactLedger(history);
    const of = (kind: string) => facts.filter((f) => f.kind === kind).map((f) => f.value);
    expect(of('goal')).toEqual(
      expect.arrayContaining([
        '- GIVEN a long result WHEN rendered THEN 10 lines show',
        '- GIVEN an absolute path WHEN rendered THEN it is relative',
      ]),
    );
    expect(of('path')).toEqual(
      expect.arrayContaining(['lib/app/live.ex', 'pkg/mod/core.py', 'notes/plan.txt']),
    );
    expect(of('task')).toEqual(expect.arrayContaining(['proj-abc', 'proj-abc.1']));
    expect(of('url')).toEqual(['https://example.org/docs/guide.html']);
    // a URL seen once is not a fact
    expect(extractFactLedger(history.slice(0, 3)).some((f) => f.kind === 'url')).toBe(false);
  });

  it('keeps requirement lines visible in an elided result, and reads them from its artifact', () => {
    const elided = elideToolResults(history, {
      tokenCounter: estimateCounter,
      recentFrom: history.length,
      minTokens: 50,
      maxRecentTokens: 1_000_000,
    });
    const text = JSON.stringify(elided.history[2]);
    expect(elided.elisions).toHaveLength(1);
    expect(text).toContain('requirement lines between head and tail: 2');
    expect(text).toContain('- GIVEN an absolute path WHEN rendered THEN it is relative');
    const content = new Map(elided.artifacts.map((a) => [a.ref as string, a.content]));
    const facts = extractFactLedger(elided.history, { resolve: (ref) => content.get(ref) });
    expect(facts.filter((f) => f.kind === 'goal').map((f) => f.value)).toContain(
      '- GIVEN a long result WHEN rendered THEN 10 lines show',
    );
    // the same message objects read again through one memo with another resolver, or none:
    // the memo follows what the artifact resolves to, never a stale text
    const memo = new Map<Message, RecordedMessage>() satisfies LedgerMemo;
    const goals = (resolve?: (ref: string) => string | undefined) =>
      ledgerWithMemo(elided.history, resolve === undefined ? {} : { resolve }, memo)
        .filter((f) => f.kind === 'goal')
        .map((f) => f.value);
    expect(goals()).not.toContain('- GIVEN a long result WHEN rendered THEN 10 lines show');
    expect(goals(() => '## Acceptance criteria\n- it must stay fast')).toContain(
      '- it must stay fast',
    );
    expect(goals((ref) => content.get(ref))).toContain(
      '- GIVEN a long result WHEN rendered THEN 10 lines show',
    );
    expect(goals((ref) => content.get(ref))).not.toContain('- it must stay fast');
    expect(memo.size).toBe(elided.history.length);
  });
});
