import { describe, expect, it } from 'vitest';
import type { Message } from './message.js';
import { referenceFacts, visibleText } from './reference-facts.js';

const h: Message[] = [
  { id: 's', role: 'system', parts: [{ type: 'text', text: 'You are an agent.' }] },
  {
    id: 'u',
    role: 'user',
    parts: [
      { type: 'text', text: '<task>\nFix the parser crash\nYou must not edit tests.\n</task>' },
    ],
  },
  {
    id: 'a',
    role: 'assistant',
    parts: [
      { type: 'text', text: 'Looking at 3f9a2c1e.' },
      { type: 'tool-call', id: 'c', name: 'bash', input: { command: 'echo x > src/p.rs; make' } },
    ],
  },
  {
    id: 't',
    role: 'tool',
    parts: [
      {
        type: 'tool-result',
        toolCallId: 'c',
        content: 'src/p.rs:12:5: error: bad token\nmake: *** failed\n3f9a2c1e',
        isError: true,
      },
    ],
  },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Use the new lexer instead.' }] },
  { id: 'f', role: 'assistant', parts: [{ type: 'text', text: 'Done: parser fixed.' }] },
];

describe('referenceFacts', () => {
  it('derives each kind by the documented procedure', () => {
    expect(referenceFacts(h)).toEqual([
      { kind: 'task', value: 'Fix the parser crash' },
      { kind: 'task', value: 'You must not edit tests.' },
      { kind: 'user-change', value: 'Use the new lexer instead.' },
      { kind: 'edited-path', value: 'src/p.rs' },
      { kind: 'last-failure', value: 'make: *** failed' },
      { kind: 'recurring', value: '3f9a2c1e' },
      { kind: 'final-state', value: 'Done: parser fixed.' },
    ]);
    expect(visibleText(h)).toContain('echo x > src/p.rs');
  });
});
