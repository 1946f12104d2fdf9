// Compile-level contract (`npm run typecheck` checks this file): the neutral history, imported
// with the history module, goes into every payload builder with ctxloom's own tools, and each
// request is assignable to the real SDK parameter types with no cast. The runtime assertions pin
// what the types cannot (the reasoning item, the tool names, the markers).
import type Anthropic from '@anthropic-ai/sdk';
import type { generateText, ModelMessage } from 'ai';
// the current majors (ai 7, openai 7) need Node 22 to run but only their types are read here
import type {
  generateText as generateTextV7,
  ModelMessage as ModelMessageV7,
  ToolSet as ToolSetV7,
} from 'ai-v7';
import type OpenAI from 'openai';
import type OpenAIV7 from 'openai-v7';
import { describe, expect, it } from 'vitest';
import { type History, importAnthropic, readArtifactTool } from '../history/index.js';
import { INVOKE_SKILL_TOOL } from '../skills/index.js';
import type { ToolDefinition } from '../tools/index.js';
import { toAiSdkCallOptions } from './ai-sdk.js';
import { toAnthropicRequest } from './anthropic.js';
import { toOpenAIChatRequest, toOpenAIResponsesRequest } from './openai.js';
import { reasoningPart } from './responses-input.js';
import { aiSdkTools } from './test-helpers/wire-fixtures.js';

const prompt = { static: 'S'.repeat(10), dynamic: 'D' };
// ctxloom's own tools, as they are: no cast, no wrapper
const tools: readonly ToolDefinition[] = [readArtifactTool, INVOKE_SKILL_TOOL];

const { history: imported } = importAnthropic({
  messages: [
    { role: 'user', content: 'Load the deploy skill, then read the log.' },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'The skill first.', signature: 'sig' },
        { type: 'tool_use', id: 't1', name: 'invoke_skill', input: { name: 'deploy' } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'skill body' }] },
  ],
});
// a Responses reasoning item recorded in the history, as the engine records one
const history: History = [
  ...imported,
  {
    id: 'm3',
    role: 'assistant',
    parts: [
      reasoningPart({ id: 'rs_1', summary: [{ text: 'Now the log.' }], encrypted_content: 'enc' }),
      {
        type: 'tool-call',
        id: 't2',
        name: 'read_artifact',
        input: { ref: `sha256:${'a'.repeat(64)}` },
      },
    ],
  },
  {
    id: 'm4',
    role: 'tool',
    parts: [{ type: 'tool-result', toolCallId: 't2', content: 'log text' }],
  },
];

describe('history -> builder -> SDK parameter types, with ctxloom tools and no cast', () => {
  it('Anthropic MessageCreateParams', () => {
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 1024,
      prompt,
      tools,
      history,
      minCacheableTokens: 1,
    });
    const params: Anthropic.MessageCreateParamsNonStreaming = request;
    const streaming: Anthropic.MessageCreateParams = { ...request, stream: true };
    expect(params.tools?.map((t) => ('name' in t ? t.name : ''))).toEqual([
      'invoke_skill',
      'read_artifact',
    ]);
    expect(streaming.messages).toHaveLength(5);
  });

  it('OpenAI ChatCompletionCreateParams (openai 6 and 7)', () => {
    const chat = toOpenAIChatRequest({ model: 'gpt-5', prompt, tools, history });
    const v6: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = chat;
    const v6any: OpenAI.Chat.ChatCompletionCreateParams = chat;
    const v7: OpenAIV7.Chat.ChatCompletionCreateParamsNonStreaming = chat;
    expect(v6.messages.map((m) => m.role)).toEqual([
      'system',
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    expect(v6any.prompt_cache_key).toBe(v7.prompt_cache_key);
  });

  it('OpenAI ResponseCreateParams with a reasoning item (openai 6 and 7)', () => {
    const responses = toOpenAIResponsesRequest({ model: 'gpt-5', prompt, tools, history });
    const v6: OpenAI.Responses.ResponseCreateParamsNonStreaming = responses;
    const v6any: OpenAI.Responses.ResponseCreateParams = responses;
    const v7: OpenAIV7.Responses.ResponseCreateParamsNonStreaming = responses;
    expect(v6.input).toContainEqual({
      type: 'reasoning',
      id: 'rs_1',
      summary: [{ type: 'summary_text', text: 'Now the log.' }],
      encrypted_content: 'enc',
    });
    expect(v6any.prompt_cache_key).toMatch(/^ctxloom-/);
    expect(v7.tools).toHaveLength(2);
  });

  it('AI SDK 6 ModelMessage[] and generateText call options (ai 7 types too)', () => {
    const options = toAiSdkCallOptions({ prompt, tools, history, minCacheableTokens: 1 });
    const messages: ModelMessage[] = options.messages;
    const messagesV7: ModelMessageV7[] = options.messages;
    const call: Parameters<typeof generateText>[0] = {
      model: 'anthropic/claude-sonnet-4-6',
      system: options.system,
      messages: options.messages,
      tools: aiSdkTools(options),
      providerOptions: options.providerOptions,
    };
    const callV7: Parameters<typeof generateTextV7>[0] = {
      model: 'anthropic/claude-sonnet-4-6',
      system: options.system,
      messages: options.messages,
      tools: aiSdkTools(options) as ToolSetV7,
      providerOptions: options.providerOptions,
    };
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(messagesV7.at(-1)?.providerOptions).toEqual({
      anthropic: { cacheControl: { type: 'ephemeral' } },
    });
    expect(call.providerOptions).toEqual(callV7.providerOptions);
    const v5 = toAiSdkCallOptions({ prompt, tools, history, version: 'v5' });
    const v5Messages: ModelMessage[] = v5.messages;
    expect(v5Messages.slice(0, 2).map((m) => m.role)).toEqual(['system', 'system']);
  });
});
