import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import { extractFactLedger, missingFacts } from './facts.js';
import { wrapFragment } from './fragment.js';
import type { Message } from './message.js';
import { findHashes, findPaths, findTaskIds, isErrorLine } from './patterns.js';
import {
  enforceLedger,
  extractiveSummary,
  renderSummaryPrompt,
  SUMMARY_SECTIONS,
} from './summary.js';

const range: Message[] = [
  {
    id: 'm1',
    role: 'user',
    parts: [
      {
        type: 'text',
        text: `${'Some background on the project history and its context. '.repeat(6)}\n- The API must stay backwards compatible.\nPlease also look at PROJ-17.`,
      },
    ],
  },
  {
    id: 'm2',
    role: 'assistant',
    parts: [
      {
        type: 'text',
        text: 'PROJ-17 is in progress. Next step: wire the parser in src/parse/index.ts.\nConfirmed: the parser keeps input order.',
      },
      {
        type: 'tool-call',
        id: 'c1',
        name: 'bash',
        input: { command: 'git commit -m fix && npm test' },
      },
    ],
  },
  {
    id: 'm3',
    role: 'tool',
    parts: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        content:
          '[fix/parser 4e5f6a7b] fix parser\n FAIL test/parse.test.ts > keeps order\nError: expected 2 to be 3\nTests: 1 failed, 12 passed\n0 errors in lint',
      },
    ],
  },
  {
    id: 'm4',
    role: 'assistant',
    parts: [
      {
        type: 'tool-call',
        id: 'c2',
        name: 'edit_file',
        input: { path: 'src/parse/order.ts', patch: '...' },
      },
    ],
  },
  { id: 'm5', role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c2', content: 'ok' }] },
  { id: 'm6', role: 'assistant', parts: [{ type: 'text', text: 'PROJ-17 is done.' }] },
];

describe('patterns', () => {
  it('finds hashes, paths, ids and error lines without the usual false positives', () => {
    expect(
      findHashes(`commit 4e5f6a7b and deadbeef and 1234567 and sha256:${'a'.repeat(64)}`),
    ).toEqual(['4e5f6a7b']);
    expect(findPaths('see src/a.ts, ./b, https://x.test/c/d.js and README.md')).toEqual([
      'src/a.ts',
      './b',
      'README.md',
    ]);
    expect(findTaskIds('PROJ-17, #42, UTF-8 and SHA-256')).toEqual(['PROJ-17', '#42']);
    expect(isErrorLine('Error: boom')).toBe(true);
    expect(isErrorLine(' FAIL test/x.test.ts')).toBe(true);
    expect(isErrorLine('0 errors in lint')).toBe(false);
  });
});

describe('fact ledger and extractive summary', () => {
  it('pins goals verbatim, ids, hashes, paths and exact error lines', () => {
    const ledger = extractFactLedger(range);
    const by = (k: string) => ledger.filter((f) => f.kind === k).map((f) => f.value);
    expect(by('goal')).toEqual(['- The API must stay backwards compatible.']);
    expect(by('task')).toEqual(['PROJ-17']);
    expect(by('confirmed')).toEqual(['Confirmed: the parser keeps input order.']);
    expect(by('hash')).toEqual(['4e5f6a7b']);
    expect(by('error')).toEqual([
      'FAIL test/parse.test.ts > keeps order',
      'Error: expected 2 to be 3',
      'Tests: 1 failed, 12 passed',
    ]);
    expect(by('path')).toEqual(
      expect.arrayContaining(['src/parse/index.ts', 'src/parse/order.ts', 'test/parse.test.ts']),
    );
  });

  it('writes every section, places every fact, tracks the latest task status', () => {
    const ledger = extractFactLedger(range);
    const text = extractiveSummary({
      messages: range,
      ledger,
      maxTokens: 2000,
      tokenCounter: estimateCounter,
    });
    for (const [, heading] of SUMMARY_SECTIONS) expect(text).toContain(`## ${heading}\n`);
    for (const f of ledger) expect(text).toContain(f.value);
    expect(text).toContain('- PROJ-17: done (m1)');
    expect(text).toContain('edit_file src/parse/order.ts (m4)');
    expect(text).toContain('- commit 4e5f6a7b on branch fix/parser: fix parser [tool output] (m3)');
    // text quoted from tool output is marked as such
    expect(text).toContain('- FAIL test/parse.test.ts > keeps order [tool output]');
    expect(text).toMatch(
      /## Verifier state\n- `git commit -m fix && npm test` → 3 error line\(s\)/,
    );
    expect(enforceLedger(text, ledger).missing).toEqual([]);
  });

  it('notes the first three lines of the last assistant text, clipped, with its message id', () => {
    const long = 'x'.repeat(320);
    const messages: Message[] = [
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'an older note' }] },
      {
        id: 'a2',
        role: 'assistant',
        parts: [{ type: 'text', text: `first\n\n  second  \n${long}\nfourth` }],
      },
    ];
    const text = extractiveSummary({
      messages,
      ledger: [],
      maxTokens: 2000,
      tokenCounter: estimateCounter,
    });
    expect(text).toContain('last assistant note: first (a2)');
    expect(text).toContain('last assistant note: second (a2)');
    expect(text).toContain(`last assistant note: ${'x'.repeat(300)}… (a2)`);
    expect(text).not.toContain('fourth');
    expect(text).not.toContain('an older note');
  });

  it('reads each part into its own steps: a range read again from its memo drafts the same text', () => {
    const ledger = extractFactLedger(range);
    const request = { messages: range, ledger, maxTokens: 2000, tokenCounter: estimateCounter };
    const fresh = extractiveSummary({ ...request, messages: structuredClone(range) });
    // the parts of `range` are read (and their steps kept) here, then replayed from the memo
    expect(extractiveSummary(request)).toBe(fresh);
    expect(extractiveSummary({ ...request, messages: [...range] })).toBe(fresh);
    // the parts in the other order: each part's steps are its own, not the previous part's
    const reversed = [...range].reverse();
    expect(extractiveSummary({ ...request, messages: reversed })).toBe(
      extractiveSummary({ ...request, messages: structuredClone(reversed) }),
    );
  });

  it("redrafts the same range with another ledger: only that ledger's facts are placed", () => {
    const ledger = extractFactLedger(range);
    const summarize = (facts: typeof ledger) =>
      extractiveSummary({
        messages: range,
        ledger: facts,
        maxTokens: 2000,
        tokenCounter: estimateCounter,
      });
    const whole = summarize(ledger);
    const few = summarize(ledger.filter((f) => f.kind !== 'path'));
    const again = summarize(ledger);
    expect(again).toBe(whole);
    expect(whole).toContain('- src/parse/index.ts, test/parse.test.ts, src/parse/order.ts\n');
    expect(few).not.toContain('test/parse.test.ts, src/parse/order.ts');
    expect(few).toContain('edit_file src/parse/order.ts (m4)');
  });

  it('keeps facts even when the budget is tiny, dropping only optional lines', () => {
    const ledger = extractFactLedger(range);
    const text = extractiveSummary({
      messages: range,
      ledger,
      maxTokens: 1,
      tokenCounter: estimateCounter,
    });
    for (const f of ledger) expect(text).toContain(f.value);
    expect(text).not.toContain('edit_file src/parse/order.ts (m4)');
  });

  it('carries a previous summary forward', () => {
    const ledger = extractFactLedger(range);
    const first = extractiveSummary({
      messages: range,
      ledger,
      maxTokens: 2000,
      tokenCounter: estimateCounter,
    });
    const again: Message[] = [
      { id: 's', role: 'user', parts: [{ type: 'text', text: wrapFragment('summary', first) }] },
    ];
    const ledger2 = extractFactLedger(again);
    expect(ledger2.map((f) => f.value)).toEqual(expect.arrayContaining(ledger.map((f) => f.value)));
    const second = extractiveSummary({
      messages: again,
      ledger: ledger2,
      maxTokens: 2000,
      tokenCounter: estimateCounter,
    });
    expect(second).toContain('- The API must stay backwards compatible.');
    expect(second).toContain('Error: expected 2 to be 3');
    expect(ledger2.filter((f) => f.kind === 'confirmed').map((f) => f.value)).toEqual([
      'Confirmed: the parser keeps input order.',
    ]);
    expect(second).toContain('edit_file src/parse/order.ts (m4)');
  });

  it('renders a prompt for an LLM summariser with every section and fact', () => {
    const ledger = extractFactLedger(range);
    const prompt = renderSummaryPrompt(
      { messages: range, ledger, maxTokens: 800, tokenCounter: estimateCounter },
      { maxResultChars: 60 },
    );
    for (const [, heading] of SUMMARY_SECTIONS) expect(prompt).toContain(`"## ${heading}"`);
    for (const f of ledger) expect(prompt).toContain(`- ${f.kind}: ${f.value}`);
    expect(prompt).toContain(
      '[m2 assistant calls bash (c1)] {"command":"git commit -m fix && npm test"}',
    );
    expect(prompt).toContain(
      '[m3 result of c1] [fix/parser 4e5f6a7b] fix parser\n FAIL test/parse.test.ts > …',
    );
    expect(prompt).toContain('Stay under 800 tokens.');
  });
});

describe('extractFactLedger: task titles and assertion details', () => {
  const user = (id: string, text: string): Message => ({
    id,
    role: 'user',
    parts: [{ type: 'text', text }],
  });
  const call = (id: string, command = 'x'): Message => ({
    id: `a${id}`,
    role: 'assistant',
    parts: [{ type: 'tool-call', id, name: 'Bash', input: { command } }],
  });
  const result = (id: string, content: string): Message => ({
    id: `t${id}`,
    role: 'tool',
    parts: [{ type: 'tool-result', toolCallId: id, content }],
  });

  it('takes the first line of a tool result that names a task the user typed', () => {
    const h = [
      user('u', 'Work on bead proj-a0y.'),
      call('c1'),
      result('c1', '○ proj-a0y [EPIC] · Live tail updates\nDESCRIPTION\nprose'),
      call('c2'),
      result('c2', 'other-9x9 · not the task\nprose'),
    ];
    const goals = extractFactLedger(h)
      .filter((f) => f.kind === 'goal')
      .map((f) => f.value);
    expect(goals).toContain('○ proj-a0y [EPIC] · Live tail updates');
    expect(goals).not.toContain('other-9x9 · not the task');
    // the range may start after the user's message: the call that printed it names the id
    const later = extractFactLedger([
      call('c3', 'bd show proj-b1c'),
      result('c3', 'proj-b1c · Title'),
    ]);
    expect(later.map((f) => f.value)).toContain('proj-b1c · Title');
  });

  it('keeps the detail lines a test runner prints under a failed assertion', () => {
    const out = [
      '  1) test sync is idempotent (SyncTest)',
      '     Assertion with == failed',
      '     code:  assert length(db) == result.ingested',
      '     left:  4',
      '     right: 2',
      '     stacktrace:',
      '       test/sync_test.exs:166: (test)',
    ].join('\n');
    const errors = extractFactLedger([user('u', 'fix it'), call('c'), result('c', out)])
      .filter((f) => f.kind === 'error')
      .map((f) => f.value);
    expect(errors).toEqual([
      'Assertion with == failed',
      'code:  assert length(db) == result.ingested',
      'left:  4',
      'right: 2',
    ]);
  });
});

describe('missingFacts', () => {
  it('gives the facts whose value the text lacks, in ledger order', () => {
    const ledger = [
      { kind: 'path', value: 'src/a.ts', messageId: 'm1' },
      { kind: 'task', value: 'PROJ-1', messageId: 'm1' },
      { kind: 'hash', value: 'abc1234', messageId: 'm2' },
      { kind: 'goal', value: 'must stay fast', messageId: 'm3' },
    ] as const;
    expect(missingFacts('edited src/a.ts at abc1234', ledger)).toEqual([ledger[1], ledger[3]]);
    expect(missingFacts('', ledger)).toEqual(ledger);
    expect(missingFacts('anything', [])).toEqual([]);
  });
});

describe('the ledger of an elided result', () => {
  it('takes error lines from the quoted output lines only, without their `<n>: ` prefix', () => {
    const body = [
      '[elided: 500 lines; error lines shown]',
      '--- errors (2 of 2):',
      '12: FAIL src/x.test.ts',
      '40: Error: boom at src/y.ts:3:4',
      'not quoted: error in the framing',
    ].join('\n');
    const stub = wrapFragment('elided-result', body, {
      ref: 'sha256:0000000000000000000000000000000000000000000000000000000000000000',
    });
    const facts = extractFactLedger([
      {
        id: 'c',
        role: 'assistant',
        parts: [{ type: 'tool-call', id: 't', name: 'bash', input: {} }],
      },
      { id: 'r', role: 'tool', parts: [{ type: 'tool-result', toolCallId: 't', content: stub }] },
    ]);
    const errors = facts.filter((f) => f.kind === 'error').map((f) => f.value);
    expect(errors).toEqual(['FAIL src/x.test.ts', 'Error: boom at src/y.ts:3:4']);
  });
});
