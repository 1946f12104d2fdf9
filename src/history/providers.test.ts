import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportAnthropic, importAnthropic } from './anthropic.js';
import { exportOpenAI, importOpenAI } from './openai.js';
import { anthropicRequestArb, openaiRequestArb } from './test-helpers/histories.js';

describe('Anthropic import/export', () => {
  it('round-trips random requests losslessly', () => {
    fc.assert(
      fc.property(anthropicRequestArb, (req) => {
        const { history, envelope } = importAnthropic(req);
        expect(exportAnthropic(history, envelope)).toStrictEqual(req);
      }),
      { numRuns: 300 },
    );
  });

  it('maps tool results to tool messages and cache_control to breakpoints', () => {
    const req = {
      model: 'm',
      system: [{ type: 'text', text: 'rules', cache_control: { type: 'ephemeral' } }],
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'bash', input: { command: 'ls' } }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a.ts' }] },
      ],
    };
    const { history, envelope } = importAnthropic(req);
    expect(history.map((m) => [m.id, m.role])).toEqual([
      ['system', 'system'],
      ['m0', 'user'],
      ['m1', 'assistant'],
      ['m2', 'tool'],
    ]);
    expect(history[0]!.parts.map((p) => p.type)).toEqual(['text', 'cache-breakpoint']);
    expect(envelope).toEqual({ model: 'm' });
    // and it converts to OpenAI with the pair intact
    const oa = exportOpenAI(history);
    expect(oa.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(oa.messages[3]).toEqual({ role: 'tool', tool_call_id: 't1', content: 'a.ts' });
  });

  it('names the index of an unknown role', () => {
    expect(() =>
      importAnthropic({
        messages: [
          { role: 'user', content: 'x' },
          { role: 'robot', content: 'y' },
        ],
      }),
    ).toThrow(/message 1: unknown role "robot"/);
  });
});

describe('OpenAI import/export', () => {
  it('round-trips random requests losslessly', () => {
    fc.assert(
      fc.property(openaiRequestArb, (req) => {
        const { history, envelope } = importOpenAI(req);
        expect(exportOpenAI(history, envelope)).toStrictEqual(req);
      }),
      { numRuns: 300 },
    );
  });

  it('merges a batch of tool messages and keeps odd argument text exactly', () => {
    const req = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'f', arguments: '{"x": 1}' } },
          { id: 'b', type: 'function', function: { name: 'g', arguments: '{"y":2}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: 'A' },
      { role: 'tool', tool_call_id: 'b', content: 'B' },
    ];
    const { history, envelope } = importOpenAI(req);
    expect(history).toHaveLength(3);
    expect(history[2]!.parts.map((p) => (p.type === 'tool-result' ? p.toolCallId : ''))).toEqual([
      'a',
      'b',
    ]);
    const call = history[1]!.parts[0]!;
    expect(call.type === 'tool-call' && call.inputText).toBe('{"x": 1}');
    expect(exportOpenAI(history, envelope)).toStrictEqual(req);
    const an = exportAnthropic(history);
    expect(an.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'a', content: 'A' },
        { type: 'tool_result', tool_use_id: 'b', content: 'B' },
      ],
    });
  });

  it('rejects the deprecated function role with its index', () => {
    expect(() =>
      importOpenAI([
        { role: 'user', content: 'x' },
        { role: 'function', name: 'f', content: 'y' },
      ]),
    ).toThrow(/message 1: unknown role "function"/);
  });
});
