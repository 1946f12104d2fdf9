import { describe, expect, it } from 'vitest';
import type { History } from '../history/index.js';
import { conversationOf } from './conversation.js';
import { reasoningPart, toResponsesInput } from './responses-input.js';

describe('toResponsesInput', () => {
  it('splits an assistant message into text, reasoning and call items in their order', () => {
    const history: History = [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'go' }] },
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'text', text: 'First' },
          { type: 'text', text: 'second.' },
          reasoningPart({ id: 'rs_1', summary: [{ text: 'plan' }, { text: 'more' }] }),
          { type: 'thinking', text: 'Anthropic thinking', signature: 'sig' },
          {
            type: 'tool-call',
            id: 'c1',
            name: 'read',
            input: { path: 'a' },
            inputText: '{"path": "a"}',
          },
          { type: 'text', text: 'after' },
        ],
      },
      {
        id: 't',
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            content: [
              { type: 'text', text: 'x' },
              { type: 'image', url: 'https://i/p.png', detail: 'low' },
            ],
          },
          { type: 'text', text: 'note beside the result' },
        ],
      },
    ];
    expect(toResponsesInput(history)).toEqual([
      { type: 'message', role: 'user', content: 'go' },
      { type: 'message', role: 'assistant', content: 'First\nsecond.' },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'plan\nmore' }] },
      // the Anthropic thinking block has no Responses form: left out
      { type: 'function_call', call_id: 'c1', name: 'read', arguments: '{"path": "a"}' },
      { type: 'message', role: 'assistant', content: 'after' },
      {
        type: 'function_call_output',
        call_id: 'c1',
        output: [
          { type: 'input_text', text: 'x' },
          { type: 'input_image', image_url: 'https://i/p.png', detail: 'low' },
        ],
      },
      { type: 'message', role: 'user', content: 'note beside the result' },
    ]);
  });

  it('keeps encrypted reasoning and refuses provider-only blocks by message', () => {
    const r = reasoningPart({ id: 'rs_2', summary: [], encrypted_content: 'enc' });
    expect(toResponsesInput([{ id: 'a', role: 'assistant', parts: [r] }])).toEqual([
      { type: 'reasoning', id: 'rs_2', summary: [], encrypted_content: 'enc' },
    ]);
    expect(() =>
      toResponsesInput([
        {
          id: 'm7',
          role: 'user',
          parts: [{ type: 'opaque', provider: 'anthropic', value: { type: 'document' } }],
        },
      ]),
    ).toThrow(/message 0 \(id m7\): anthropic-only block/);
  });
});

describe('conversationOf', () => {
  it('refuses a system message and drops history breakpoints (the builder places them)', () => {
    expect(() =>
      conversationOf([{ id: 'system', role: 'system', parts: [{ type: 'text', text: 's' }] }]),
    ).toThrow(expect.objectContaining({ code: 'E_PAYLOAD_INVALID' }));
    const h = conversationOf([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'a' }, { type: 'cache-breakpoint' }] },
    ]);
    expect(h[0]?.parts).toEqual([{ type: 'text', text: 'a' }]);
  });
});
