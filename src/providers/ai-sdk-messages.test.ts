import { describe, expect, it } from 'vitest';
import type { History } from '../history/index.js';
import { toAiSdkMessages } from './ai-sdk-messages.js';

const call: History[number] = {
  id: 'a',
  role: 'assistant',
  parts: [
    { type: 'thinking', text: 'hmm', signature: 'sig' },
    { type: 'thinking', text: '', redactedData: 'opaque' },
    { type: 'text', text: 'Reading.' },
    { type: 'tool-call', id: 'c1', name: 'read', input: { path: 'a' } },
    { type: 'tool-call', id: 'c2', name: 'shot', input: {} },
  ],
};

describe('toAiSdkMessages', () => {
  it('writes reasoning with its signature, tool calls, and results named by their call', () => {
    const out = toAiSdkMessages([
      {
        id: 'u',
        role: 'user',
        parts: [
          { type: 'text', text: 'go' },
          { type: 'image', data: 'AAAA', mediaType: 'image/png' },
        ],
      },
      call,
      {
        id: 't',
        role: 'tool',
        parts: [
          { type: 'tool-result', toolCallId: 'c1', content: 'body', isError: true },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            content: [
              { type: 'text', text: 'a shot' },
              { type: 'image', data: 'BBBB', mediaType: 'image/png' },
            ],
          },
          { type: 'text', text: 'beside' },
        ],
      },
    ]);
    expect(out).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'go' },
          { type: 'image', image: 'AAAA', mediaType: 'image/png' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hmm', providerOptions: { anthropic: { signature: 'sig' } } },
          {
            type: 'reasoning',
            text: '',
            providerOptions: { anthropic: { redactedData: 'opaque' } },
          },
          { type: 'text', text: 'Reading.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'read', input: { path: 'a' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'shot', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'read',
            output: { type: 'error-text', value: 'body' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'shot',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: 'a shot' },
                { type: 'image-data', data: 'BBBB', mediaType: 'image/png' },
              ],
            },
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'beside' }] },
    ]);
  });

  it('v5 carries a tool-result image as media', () => {
    const out = toAiSdkMessages(
      [
        call,
        {
          id: 't',
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              toolCallId: 'c2',
              content: [{ type: 'image', data: 'B', mediaType: 'image/png' }],
            },
          ],
        },
      ],
      'v5',
    );
    expect(out[1]).toMatchObject({
      content: [
        {
          output: {
            type: 'content',
            value: [{ type: 'media', data: 'B', mediaType: 'image/png' }],
          },
        },
      ],
    });
  });

  it('refuses a result that answers no call (the SDK needs the tool name)', () => {
    expect(() =>
      toAiSdkMessages([
        {
          id: 't9',
          role: 'tool',
          parts: [{ type: 'tool-result', toolCallId: 'nope', content: 'x' }],
        },
      ]),
    ).toThrow(expect.objectContaining({ code: 'E_EXPORT_UNSUPPORTED' }));
  });
});
