// Type-level contract: every payload ctxloom builds must be assignable to the real SDK request
// types. `npm test` type-checks this file, so a shape drift fails the build; the runtime
// assertions below pin the values.
import type Anthropic from '@anthropic-ai/sdk';
import type { generateText, SystemModelMessage } from 'ai';
// the current majors (ai 7, openai 7) need Node 22 to run but only their types are read here
import type {
  generateText as generateTextV7,
  SystemModelMessage as SystemModelMessageV7,
} from 'ai-v7';
import type OpenAI from 'openai';
import type OpenAIV7 from 'openai-v7';
import { describe, expect, it } from 'vitest';
import { type AiSdkSystemMessage, toAiSdkCallOptions } from './ai-sdk.js';
import { toAnthropicRequest } from './anthropic.js';
import { toOpenAIChatRequest, toOpenAIResponsesRequest } from './openai.js';
import type { ToolDefinition } from './types.js';

const prompt = { static: 'S'.repeat(10), dynamic: 'D' };
const tools: ToolDefinition[] = [
  {
    name: 'read',
    description: 'Read a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
];

describe('payloads type-check against the SDK request types', () => {
  it('Anthropic MessageCreateParamsNonStreaming', () => {
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-5',
      maxTokens: 1024,
      prompt,
      tools,
      minCacheableTokens: 1,
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'read', input: { path: 'a' } }],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't1', content: 'file body' }],
        },
      ],
    });
    const typed: Anthropic.MessageCreateParamsNonStreaming = request;
    expect(typed.system).toHaveLength(2);
  });

  it('OpenAI ChatCompletionCreateParamsNonStreaming and ResponseCreateParamsNonStreaming', () => {
    const chat: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = toOpenAIChatRequest({
      model: 'gpt-4.1',
      prompt,
      tools,
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'x' },
      ],
    });
    const responses: OpenAI.Responses.ResponseCreateParamsNonStreaming = toOpenAIResponsesRequest({
      model: 'gpt-4.1',
      prompt,
      tools,
      input: [
        { type: 'message', role: 'user', content: 'hi' },
        { type: 'function_call', call_id: 'c1', name: 'read', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'x' },
      ],
    });
    expect(chat.messages).toHaveLength(5);
    expect(responses.instructions).toBe(prompt.static);
  });

  it('AI SDK v6 system messages', () => {
    const options = toAiSdkCallOptions({ prompt, version: 'v6' });
    const system: Parameters<typeof generateText>[0]['system'] = options.system;
    const v5 = toAiSdkCallOptions({ prompt, version: 'v5' });
    const v5Head: SystemModelMessage[] = v5.messages.slice(0, 2) as AiSdkSystemMessage[];
    expect(Array.isArray(system)).toBe(true);
    expect(v5Head.map((m) => m.role)).toEqual(['system', 'system']);
    expect(v5.system).toBeUndefined();
  });

  it('the same payloads type-check against AI SDK 7 and openai 7', () => {
    const { request } = toAnthropicRequest({ model: 'claude-sonnet-4-5', maxTokens: 1024, prompt });
    expect(request.system).toHaveLength(2);
    const chat: OpenAIV7.Chat.ChatCompletionCreateParamsNonStreaming = toOpenAIChatRequest({
      model: 'gpt-5',
      prompt,
      tools,
      messages: [{ role: 'user', content: 'hi' }],
      repositoryPlacement: 'user',
    });
    const responses: OpenAIV7.Responses.ResponseCreateParamsNonStreaming = toOpenAIResponsesRequest(
      {
        model: 'gpt-5',
        prompt,
        tools,
        input: [{ type: 'message', role: 'user', content: 'hi' }],
      },
    );
    const v6 = toAiSdkCallOptions({ prompt, version: 'v6' });
    const system: Parameters<typeof generateTextV7>[0]['system'] = v6.system;
    const head: SystemModelMessageV7[] = toAiSdkCallOptions({
      prompt,
      version: 'v5',
    }).messages.slice(0, 2) as AiSdkSystemMessage[];
    expect(chat.messages.length).toBeGreaterThan(2);
    expect(responses.instructions).toBe(prompt.static);
    expect(Array.isArray(system)).toBe(true);
    expect(head).toHaveLength(2);
  });
});
