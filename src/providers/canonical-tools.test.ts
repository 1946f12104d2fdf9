import { describe, expect, it } from 'vitest';
import { estimateCounter } from '../tokens/index.js';
import type { ToolDefinition } from '../tools/index.js';
import { toAiSdkPayload } from './ai-sdk.js';
import { toAnthropicRequest } from './anthropic.js';
import { promptCacheKey, toOpenAIChatRequest, toOpenAIResponsesRequest } from './openai.js';

const declared: ToolDefinition[] = [
  {
    name: 'write',
    description: 'Write a file',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string', description: 'where' }, text: { type: 'string' } },
      required: ['path', 'text'],
    },
  },
  { name: 'read', description: 'Read a file', inputSchema: { type: 'object', properties: {} } },
];

// the same tools, declared in another order with every schema key reordered
const reordered: ToolDefinition[] = [
  { name: 'read', description: 'Read a file', inputSchema: { properties: {}, type: 'object' } },
  {
    name: 'write',
    description: 'Write a file',
    inputSchema: {
      required: ['path', 'text'],
      properties: { text: { type: 'string' }, path: { description: 'where', type: 'string' } },
      type: 'object',
    },
  },
];

const base = {
  model: 'claude-sonnet-4-6',
  maxTokens: 1000,
  prompt: { static: 'static', dynamic: null },
  tokenCounter: estimateCounter,
} as const;

describe('tool schemas in the request bytes', () => {
  it('toAnthropicRequest: a reordered schema key does not change the request bytes', () => {
    const a = JSON.stringify(toAnthropicRequest({ ...base, tools: declared }).request);
    const b = JSON.stringify(toAnthropicRequest({ ...base, tools: reordered }).request);
    expect(b).toBe(a);
    expect(a).toContain(
      '"input_schema":{"properties":{"path":{"description":"where","type":"string"},"text":{"type":"string"}},"required":["path","text"],"type":"object"}',
    );
  });

  it('the OpenAI and AI SDK builders and the cache key do not change either', () => {
    const chat = (tools: ToolDefinition[]) =>
      JSON.stringify(toOpenAIChatRequest({ model: 'gpt-5', prompt: base.prompt, tools }));
    const responses = (tools: ToolDefinition[]) =>
      JSON.stringify(toOpenAIResponsesRequest({ model: 'gpt-5', prompt: base.prompt, tools }));
    const sdk = (tools: ToolDefinition[]) =>
      JSON.stringify(toAiSdkPayload({ model: 'm', prompt: base.prompt, tools }));
    expect(chat(reordered)).toBe(chat(declared));
    expect(responses(reordered)).toBe(responses(declared));
    expect(sdk(reordered)).toBe(sdk(declared));
    expect(promptCacheKey(base.prompt, reordered)).toBe(promptCacheKey(base.prompt, declared));
  });
});
