import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CtxloomError } from '../diagnostics/index.js';
import { readTranscript } from './transcript.js';

const invalid = (value: unknown, format?: 'anthropic' | 'openai') => {
  try {
    readTranscript(value, format, 't.json');
  } catch (error) {
    if (!CtxloomError.isInstance(error)) throw error;
    return { code: error.code, message: error.message };
  }
  return undefined;
};

describe('transcript import on malformed input', () => {
  it('names the message and the field, with what was found', () => {
    expect(invalid({ system: 's', messages: [{ role: 'user', content: null }] })).toEqual({
      code: 'E_TRANSCRIPT_INVALID',
      message: 'message 0: "content" is null: expected a string or an array of blocks',
    });
    expect(invalid({ messages: [{ role: 'user', content: 5 }] })?.message).toBe(
      'message 0: "content" is a number: expected a string, an array of parts or null',
    );
    expect(
      invalid({
        messages: [
          { role: 'user', content: 'a' },
          { role: 'user', content: [null] },
        ],
      })?.message,
    ).toBe('message 1: a "content" part is null, not an object');
    expect(invalid([{ role: 'user', content: [null] }], 'anthropic')?.message).toBe(
      'message 0: a "content" block is null, not an object',
    );
    expect(invalid({ system: [null], messages: [] })?.message).toBe(
      'system: a "content" block is null, not an object',
    );
    expect(invalid({ system: 5, messages: [] })?.message).toBe(
      'system: "system" is a number: expected a string or an array of blocks',
    );
    expect(
      invalid({ messages: [{ role: 'assistant', content: null, tool_calls: [null] }] })?.message,
    ).toBe('message 0: a "tool_calls" entry is null, not an object');
  });

  it('throws only typed errors on random JSON shapes (property)', () => {
    const leaf = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.boolean(),
      fc.constantFrom(
        'user',
        'assistant',
        'tool',
        'system',
        'text',
        'tool_use',
        'tool_result',
        'image',
        'image_url',
        'thinking',
        'function',
        'ctxloom-history',
        '{}',
      ),
    );
    const key = fc.constantFrom(
      'role',
      'content',
      'type',
      'text',
      'id',
      'name',
      'input',
      'tool_use_id',
      'tool_calls',
      'function',
      'arguments',
      'tool_call_id',
      'source',
      'image_url',
      'url',
      'cache_control',
      'thinking',
      'data',
      'system',
      'messages',
      'format',
      'version',
      'parts',
      'toolCallId',
      'media_type',
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('tree'), { maxLength: 3 }),
        fc.dictionary(key, tie('tree'), { maxKeys: 5, noNullPrototype: true }),
      ),
    }));
    fc.assert(
      fc.property(
        tree,
        fc.constantFrom(undefined, 'anthropic' as const, 'openai' as const),
        (v, f) => {
          const r = invalid(v, f);
          if (r !== undefined) expect(r.code).toMatch(/^E_(TRANSCRIPT|HISTORY)_INVALID$/);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
