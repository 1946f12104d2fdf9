// The payloads sent through the real clients (`@anthropic-ai/sdk`, `openai`) with a recording
// `fetch`: assertions on the HTTP body as it leaves the SDK (breakpoints, the clock's place in a
// tool-loop step, the cache key, call/result pairing), and the canned response's usage fed back
// through normalizeUsage into the ledger. A current model id: the SDK warns on deprecated ones.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it, vi } from 'vitest';
import { toAnthropicRequest } from './anthropic.js';
import { readCacheDiagnostics, readClearedContext } from './cache-diagnostics.js';
import { CacheLedger } from './ledger.js';
import { toOpenAIChatRequest, toOpenAIResponsesRequest } from './openai.js';
import {
  anthropicReply,
  chatReply,
  history,
  prompt,
  recorder,
  responsesReply,
  tools,
} from './test-helpers/wire-fixtures.js';
import { normalizeUsage } from './usage.js';

describe('through the real SDK clients', () => {
  it('Anthropic: breakpoints, the clock after the tool result, usage into the ledger', async () => {
    const usage = {
      input_tokens: 24,
      cache_creation_input_tokens: 1755,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 682, ephemeral_1h_input_tokens: 1073 },
      output_tokens: 5,
    };
    const { fetch, bodies } = recorder(anthropicReply(usage));
    const client = new Anthropic({ apiKey: 'test', fetch, maxRetries: 0 });
    const warn = vi.spyOn(console, 'warn');
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 1024,
      prompt,
      tools,
      history,
    });
    const response = await client.messages.create(request);
    expect(warn).not.toHaveBeenCalled(); // e.g. the SDK's deprecated-model warning
    warn.mockRestore();
    const body = bodies[0] as unknown as Anthropic.MessageCreateParams;
    expect(JSON.stringify(body).match(/"cache_control"/g)?.length).toBeLessThanOrEqual(4);
    expect(body.system).toEqual(request.system);
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const last = body.messages[2]?.content;
    expect(Array.isArray(last) && last.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(Array.isArray(last) && last[0]).toMatchObject({
      tool_use_id: 'call_1',
      cache_control: { type: 'ephemeral' },
    });
    expect(JSON.stringify(Array.isArray(last) && last[1])).toMatch(/Current date and time/);
    const ledger = new CacheLedger({ model: body.model });
    ledger.record(normalizeUsage('anthropic', response.usage));
    expect(ledger.totals()).toMatchObject({
      inputTotal: 1779,
      cacheWrite: 1755,
      cacheWrite1h: 1073,
    });
    expect(ledger.totals().relativeInputCost).toBeCloseTo((24 + 682 * 1.25 + 1073 * 2) / 1779, 10);
  });

  it('OpenAI Chat and Responses: the cache key, calls paired with results, the clock last', async () => {
    const chatRec = recorder(chatReply);
    const respRec = recorder(responsesReply);
    const chatClient = new OpenAI({ apiKey: 'test', fetch: chatRec.fetch, maxRetries: 0 });
    const respClient = new OpenAI({ apiKey: 'test', fetch: respRec.fetch, maxRetries: 0 });
    const chat = toOpenAIChatRequest({
      model: 'gpt-5',
      prompt,
      tools,
      history,
      promptCacheRetention: '24h',
    });
    const responses = toOpenAIResponsesRequest({
      model: 'gpt-5',
      prompt,
      tools,
      history,
      promptCacheRetention: '24h',
    });
    const chatResponse = await chatClient.chat.completions.create(chat);
    const respResponse = await respClient.responses.create(responses);
    const chatBody = chatRec.bodies[0] as unknown as OpenAI.Chat.ChatCompletionCreateParams;
    const respBody = respRec.bodies[0] as unknown as OpenAI.Responses.ResponseCreateParams;
    expect(chatBody.prompt_cache_key).toMatch(/^ctxloom-[0-9a-f]{16}$/);
    expect(respBody.prompt_cache_key).toBe(chatBody.prompt_cache_key);
    expect([chatBody.prompt_cache_retention, respBody.prompt_cache_retention]).toEqual([
      '24h',
      '24h',
    ]);
    expect(chatBody.messages.map((m) => m.role)).toEqual([
      'system',
      'system',
      'user',
      'assistant',
      'tool',
      'system',
    ]);
    expect(chatBody.messages[4]).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(String(chatBody.messages[5]?.content)).toMatch(/^Current date and time/);
    const items = respBody.input as { type: string; call_id?: string; role?: string }[];
    expect(items.map((i) => i.type)).toEqual([
      'message',
      'message',
      'function_call',
      'function_call_output',
      'message',
    ]);
    expect(items[2]?.call_id).toBe(items[3]?.call_id);
    expect(items[4]?.role).toBe('developer');
    const ledger = new CacheLedger({ model: 'gpt-5' });
    ledger.record(normalizeUsage('openai', chatResponse.usage));
    ledger.record(normalizeUsage('openai', respResponse.usage));
    expect(ledger.totals()).toMatchObject({ inputTotal: 4000, cacheRead: 3712, cacheWrite: 0 });
  });

  it('Anthropic beta: context editing, compaction and cache diagnostics on the body, their betas in the header, the report read back', async () => {
    const headers: Headers[] = [];
    const bodies: Record<string, unknown>[] = [];
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      headers.push(new Headers(init?.headers));
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({
          id: 'msg_2',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-6',
          content: [{ type: 'text', text: 'ok' }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 20, output_tokens: 1 },
          context_management: {
            applied_edits: [
              {
                type: 'clear_tool_uses_20250919',
                cleared_tool_uses: 2,
                cleared_input_tokens: 1200,
              },
            ],
          },
          diagnostics: {
            cache_miss_reason: { type: 'messages_changed', cache_missed_input_tokens: 1500 },
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_2' } },
      );
    }) as typeof globalThis.fetch;
    const client = new Anthropic({ apiKey: 'test', fetch, maxRetries: 0 });
    const { request, betas } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 1024,
      prompt,
      tools,
      history,
      contextEdits: [
        { type: 'clear-tool-uses', trigger: { inputTokens: 60_000 }, clearAtLeastTokens: 10_000 },
        { type: 'compact', triggerTokens: 150_000 },
      ],
      cacheDiagnostics: { previousMessageId: 'msg_1' },
    });
    const response = await client.beta.messages.create({ ...request, betas: [...betas] });
    expect(bodies[0]?.context_management).toEqual(request.context_management);
    expect(bodies[0]?.diagnostics).toEqual({ previous_message_id: 'msg_1' });
    expect(headers[0]?.get('anthropic-beta')?.split(',')).toEqual([
      'cache-diagnosis-2026-04-07',
      'compact-2026-01-12',
      'context-management-2025-06-27',
    ]);
    expect(readCacheDiagnostics('anthropic', response)).toMatchObject({
      status: 'miss',
      cause: 'messages',
      missedTokens: 1500,
    });
    expect(readClearedContext(response)).toEqual({
      toolUses: 2,
      thinkingTurns: 0,
      inputTokens: 1200,
    });
  });
});
