import { describe, expect, it } from 'vitest';
import { importAnthropic } from '../history/index.js';
import { toAnthropicRequest } from './anthropic.js';
import {
  aiSdkContextManagement,
  anthropicContextManagement,
  COMPACTION_BETA,
  CONTEXT_MANAGEMENT_BETA,
} from './context-management.js';
import { toOpenAIChatRequest, toOpenAIResponsesRequest } from './openai.js';

const history = importAnthropic([{ role: 'user', content: 'go' }]).history;
const prompt = { static: 'rules', dynamic: null };

describe('server-side context management options', () => {
  it('writes clear_tool_uses_20250919 and compact_20260112 in the documented wire shape, with their betas', () => {
    const { contextManagement, betas } = anthropicContextManagement([
      {
        type: 'clear-tool-uses',
        trigger: { inputTokens: 30_000 },
        keepToolUses: 3,
        clearAtLeastTokens: 5_000,
        clearToolInputs: ['write', 'bash'],
        excludeTools: ['web_search'],
      },
      { type: 'clear-thinking', keepTurns: 'all' },
      {
        type: 'compact',
        triggerTokens: 150_000,
        pauseAfterCompaction: true,
        instructions: 'Be brief.',
      },
    ]);
    expect(contextManagement).toEqual({
      edits: [
        {
          type: 'clear_tool_uses_20250919',
          trigger: { type: 'input_tokens', value: 30_000 },
          keep: { type: 'tool_uses', value: 3 },
          clear_at_least: { type: 'input_tokens', value: 5_000 },
          clear_tool_inputs: ['bash', 'write'],
          exclude_tools: ['web_search'],
        },
        { type: 'clear_thinking_20251015', keep: 'all' },
        {
          type: 'compact_20260112',
          trigger: { type: 'input_tokens', value: 150_000 },
          pause_after_compaction: true,
          instructions: 'Be brief.',
        },
      ],
    });
    expect(betas).toEqual([COMPACTION_BETA, CONTEXT_MANAGEMENT_BETA].sort());
  });

  it('refuses a compaction trigger below the documented 50 000 and a tool list for the AI SDK', () => {
    expect(() => anthropicContextManagement([{ type: 'compact', triggerTokens: 10_000 }])).toThrow(
      expect.objectContaining({ code: 'E_PAYLOAD_INVALID' }),
    );
    expect(() =>
      aiSdkContextManagement([{ type: 'clear-tool-uses', clearToolInputs: ['bash'] }]),
    ).toThrow(expect.objectContaining({ code: 'E_PAYLOAD_INVALID' }));
    expect(aiSdkContextManagement([{ type: 'clear-tool-uses', clearAtLeastTokens: 10 }])).toEqual({
      edits: [
        { type: 'clear_tool_uses_20250919', clearAtLeast: { type: 'input_tokens', value: 10 } },
      ],
    });
  });

  it('the Anthropic builder sends them (and cache diagnostics) and names the betas; none by default', () => {
    const plain = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 10,
      prompt,
      history,
    });
    expect(plain.betas).toEqual([]);
    expect('context_management' in plain.request || 'diagnostics' in plain.request).toBe(false);
    const p = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 10,
      prompt,
      history,
      contextEdits: [{ type: 'clear-tool-uses' }],
      cacheDiagnostics: { previousMessageId: 'msg_1' },
    });
    expect(p.request.context_management).toEqual({ edits: [{ type: 'clear_tool_uses_20250919' }] });
    expect(p.request.diagnostics).toEqual({ previous_message_id: 'msg_1' });
    expect(p.betas).toEqual(['cache-diagnosis-2026-04-07', 'context-management-2025-06-27']);
  });

  it('OpenAI: prompt_cache_retention on both routes, the comparison id on Responses', () => {
    const chat = toOpenAIChatRequest({
      model: 'gpt-5',
      prompt,
      history,
      promptCacheRetention: '24h',
    });
    const responses = toOpenAIResponsesRequest({
      model: 'gpt-5',
      prompt,
      history,
      promptCacheRetention: 'in_memory',
      cacheComparisonResponseId: 'resp_1',
    });
    expect(chat.prompt_cache_retention).toBe('24h');
    expect(responses.prompt_cache_retention).toBe('in_memory');
    expect(responses.prompt_cache_options).toEqual({ comparison_response_id: 'resp_1' });
    expect('prompt_cache_retention' in toOpenAIChatRequest({ model: 'gpt-5', prompt })).toBe(false);
  });
});
