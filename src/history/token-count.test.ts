import { describe, expect, it } from 'vitest';
import { estimateCounter, o200kCounter } from '../tokens/index.js';
import { trackedMemoCount } from './memo-guard.js';
import type { Message } from './message.js';
import {
  historyTokens,
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  messageTokens,
} from './token-count.js';

describe('token accounting', () => {
  it('counts every part kind with the given counter', () => {
    const m: Message = {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'hello world' },
        { type: 'image', url: 'https://x.test/i.png' },
        { type: 'tool-call', id: 'c', name: 'bash', input: { command: 'ls -la' } },
        { type: 'cache-breakpoint' },
      ],
    };
    const expected =
      MESSAGE_OVERHEAD_TOKENS +
      o200kCounter.count('hello world') +
      IMAGE_TOKENS +
      o200kCounter.count('bash') +
      o200kCounter.count('{"command":"ls -la"}') +
      3;
    expect(messageTokens(m, o200kCounter)).toBe(expected);
    expect(messageTokens(m, estimateCounter)).not.toBe(expected);
    expect(historyTokens([m, m], o200kCounter)).toBe(2 * expected);
  });

  it('counts a tool call by its exact argument text', () => {
    const a: Message = {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'tool-call', id: 'c', name: 'f', input: { x: 1 }, inputText: '{"x":     1}' },
      ],
    };
    const b: Message = {
      id: 'b',
      role: 'assistant',
      parts: [{ type: 'tool-call', id: 'c', name: 'f', input: { x: 1 } }],
    };
    expect(messageTokens(a, o200kCounter)).toBeGreaterThan(messageTokens(b, o200kCounter));
  });

  it('keeps one memo for all counters, each counter counting and dropping apart', () => {
    const h: Message[] = [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'hello world' }] },
    ];
    const counters = Array.from({ length: 50 }, (_, i) => ({
      name: `c${i}`,
      exact: false,
      count: (s: string) => s.length * (i + 1),
    }));
    historyTokens(h, o200kCounter);
    const tracked = trackedMemoCount();
    const before = counters.map((c) => historyTokens(h, c));
    expect(trackedMemoCount()).toBe(tracked);
    expect(before[2]).toBe(MESSAGE_OVERHEAD_TOKENS + 3 * 'hello world'.length);
    (h[0]!.parts[0] as { text: string }).text = 'edited';
    for (const [i, c] of counters.entries())
      expect(historyTokens(h, c)).toBe(MESSAGE_OVERHEAD_TOKENS + (i + 1) * 'edited'.length);
    expect(historyTokens(h, o200kCounter)).toBe(
      MESSAGE_OVERHEAD_TOKENS + o200kCounter.count('edited'),
    );
  });
});
