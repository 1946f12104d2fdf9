import { describe, expect, it } from 'vitest';
import type { Message } from './message.js';
import { assertValidHistory, validateHistory } from './validate.js';

const user = (id: string): Message => ({ id, role: 'user', parts: [{ type: 'text', text: id }] });
const call = (id: string, ...calls: string[]): Message => ({
  id,
  role: 'assistant',
  parts: calls.map((c) => ({ type: 'tool-call' as const, id: c, name: 'bash', input: {} })),
});
const result = (id: string, ...calls: string[]): Message => ({
  id,
  role: 'tool',
  parts: calls.map((c) => ({ type: 'tool-result' as const, toolCallId: c, content: 'ok' })),
});

describe('validateHistory', () => {
  it('accepts a batch answered over several tool messages, and a pending call at the end', () => {
    expect(
      validateHistory([
        user('u'),
        call('a', 'c1', 'c2'),
        result('t1', 'c2'),
        result('t2', 'c1'),
        call('b', 'c3'),
      ]),
    ).toEqual([]);
  });

  it('names unknown roles, duplicates, orphans and unanswered calls by index', () => {
    const bad = [
      user('u'),
      { id: 'x', role: 'robot', parts: [] } as unknown as Message,
      user('u'),
      result('t0', 'zz'),
      call('a', 'c1'),
      user('v'),
      call('b', 'c1'),
      result('t', 'c1', 'c1'),
    ];
    const issues = validateHistory(bad);
    expect(issues.map((i) => [i.code, i.index])).toEqual([
      ['E_HISTORY_UNKNOWN_ROLE', 1],
      ['E_HISTORY_DUPLICATE_ID', 2],
      ['E_HISTORY_ORPHAN_RESULT', 3],
      ['E_HISTORY_UNANSWERED_CALL', 4],
      ['E_HISTORY_DUPLICATE_ID', 6],
      ['E_HISTORY_ORPHAN_RESULT', 7],
      ['E_HISTORY_ORPHAN_RESULT', 7],
    ]);
    expect(() => assertValidHistory(bad, 't.json')).toThrow(
      /message 1 \(id x\): unknown role "robot" \(and 6 more\)/,
    );
  });

  it('refuses a result separated from its call by a user message', () => {
    const issues = validateHistory([user('u'), call('a', 'c1'), user('v'), result('t', 'c1')]);
    expect(issues.map((i) => i.code)).toEqual([
      'E_HISTORY_UNANSWERED_CALL',
      'E_HISTORY_ORPHAN_RESULT',
    ]);
  });
});
