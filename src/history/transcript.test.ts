import { describe, expect, it } from 'vitest';
import { detectTranscriptFormat, readTranscript, writeTranscript } from './transcript.js';

describe('transcripts', () => {
  it('detects the format', () => {
    expect(detectTranscriptFormat({ format: 'ctxloom-history', version: 1, messages: [] })).toBe(
      'ctxloom',
    );
    expect(detectTranscriptFormat({ system: 'x', messages: [] })).toBe('anthropic');
    expect(
      detectTranscriptFormat([
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'b', input: {} }] },
      ]),
    ).toBe('anthropic');
    expect(
      detectTranscriptFormat({ messages: [{ role: 'tool', tool_call_id: 'a', content: '' }] }),
    ).toBe('openai');
  });

  it('round-trips a ctxloom transcript', () => {
    const value = {
      format: 'ctxloom-history',
      version: 1,
      session: 's1',
      messages: [
        { id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
        {
          id: 'a',
          role: 'assistant',
          parts: [{ type: 'tool-call', id: 'c', name: 'ls', input: {} }],
        },
        { id: 't', role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c', content: 'x' }] },
      ],
    };
    const t = readTranscript(value);
    expect(t.format).toBe('ctxloom');
    expect(writeTranscript(t.format, t.history, t.envelope)).toEqual(value);
  });

  it('names the message index of malformed input', () => {
    expect(() =>
      readTranscript({
        format: 'ctxloom-history',
        version: 1,
        messages: [{ id: 'u', role: 'user', parts: [{ type: 'video' }] }],
      }),
    ).toThrow(/message 0: unknown part type "video"/);
    expect(() => readTranscript({ format: 'ctxloom-history', version: 2, messages: [] })).toThrow(
      /version 2/,
    );
    expect(() =>
      readTranscript({
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'b', input: {} }] },
          { role: 'assistant', content: 'y' },
        ],
      }),
    ).toThrow(/message 1 \(id m1\): tool call a has no result before message 2/);
  });
});
