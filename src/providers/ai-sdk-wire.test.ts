// The AI SDK options sent through the real `ai` 6 `generateText` and the real `@ai-sdk/anthropic`
// and `@ai-sdk/openai` providers with a recording `fetch`: assertions on the HTTP body as it
// leaves the provider (every cache marker, at most 4, where the planner decided; the clock after
// the tool result in a tool-loop step; the prompt cache key; call/result pairing; context
// editing and its beta header), `result.warnings` empty, and the canned usage through
// normalizeUsage into the ledger.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { toAiSdkPayload } from './ai-sdk.js';
import { CacheLedger } from './ledger.js';
import { promptCacheKey } from './openai.js';
import {
  aiSdkTools,
  anthropicReply,
  chatReply,
  history,
  prompt,
  recorder,
  responsesReply,
  tools,
} from './test-helpers/wire-fixtures.js';
import { normalizeUsage } from './usage.js';

type Block = { type: string; cache_control?: unknown; text?: string; tool_use_id?: string };

describe('through the real AI SDK providers', () => {
  it('@ai-sdk/anthropic: every marker where the planner put it, the clock after the tool result, usage into the ledger', async () => {
    const usage = {
      input_tokens: 24,
      cache_creation_input_tokens: 1755,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 682, ephemeral_1h_input_tokens: 1073 },
      output_tokens: 5,
    };
    const { fetch, calls } = recorder(anthropicReply(usage));
    const anthropic = createAnthropic({ apiKey: 'test', fetch });
    const { options, breakpoints } = toAiSdkPayload({
      prompt,
      tools,
      history,
      model: 'claude-sonnet-4-6',
      minCacheableTokens: 1,
    });
    const warn = vi.spyOn(console, 'warn');
    const result = await generateText({
      model: anthropic('claude-sonnet-4-6'),
      system: options.system,
      messages: options.messages,
      tools: aiSdkTools(options),
      providerOptions: options.providerOptions,
    });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(result.warnings).toEqual([]);
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as {
      tools: { name: string; cache_control?: unknown }[];
      system: Block[];
      messages: { role: string; content: Block[] }[];
    };
    // every planned breakpoint is on the wire, and nothing else
    expect(breakpoints.filter((b) => b.placed).map((b) => b.slot)).toEqual([
      'tools',
      'static',
      'dynamic',
      'latest-message',
    ]);
    expect(JSON.stringify(body).match(/"cache_control"/g)?.length).toBe(4);
    expect(body.tools.map((t) => [t.name, t.cache_control])).toEqual([
      ['invoke_skill', undefined],
      ['read_artifact', { type: 'ephemeral', ttl: '1h' }],
    ]);
    expect(body.system.map((b) => b.cache_control)).toEqual([
      { type: 'ephemeral', ttl: '1h' },
      { type: 'ephemeral' },
    ]);
    expect(JSON.stringify(body.system)).not.toMatch(/Current date and time/);
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const call = body.messages[1]?.content[0] as Block & { id: string };
    const last = body.messages[2]?.content ?? [];
    expect(last.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(last[0]).toMatchObject({
      tool_use_id: call.id,
      cache_control: { type: 'ephemeral' },
    });
    expect(call).toMatchObject({ type: 'tool_use', id: 'call_1', name: 'read_artifact' });
    expect(last[1]?.text).toMatch(/^Current date and time/);
    expect(last[1]?.cache_control).toBeUndefined();
    // the canned usage: the SDK's figures, the 1-hour split from its raw usage
    const ledger = new CacheLedger({ model: 'claude-sonnet-4-6' });
    ledger.record(normalizeUsage('ai-sdk', result.usage));
    expect(ledger.totals()).toMatchObject({
      inputTotal: 1779,
      inputUncached: 24,
      cacheWrite: 1755,
      cacheWrite1h: 1073,
      output: 5,
    });
    expect(ledger.totals().relativeInputCost).toBeCloseTo((24 + 682 * 1.25 + 1073 * 2) / 1779, 10);
  });

  it('@ai-sdk/anthropic below the minimum: no marker reaches the wire', async () => {
    const { fetch, calls } = recorder(
      anthropicReply({ input_tokens: 10, output_tokens: 1, cache_read_input_tokens: 0 }),
    );
    const { options } = toAiSdkPayload({ prompt, tools, history, model: 'claude-haiku-4-5' });
    const result = await generateText({
      model: createAnthropic({ apiKey: 'test', fetch })('claude-haiku-4-5'),
      system: options.system,
      messages: options.messages,
      tools: aiSdkTools(options),
      providerOptions: options.providerOptions,
    });
    expect(result.warnings).toEqual([]);
    expect(JSON.stringify(calls[0]?.body)).not.toMatch(/cache_control/);
  });

  it('@ai-sdk/anthropic with context editing: context_management and its beta header on the request', async () => {
    const { fetch, calls } = recorder({
      ...anthropicReply({ input_tokens: 10, output_tokens: 1 }),
      context_management: {
        applied_edits: [
          { type: 'clear_tool_uses_20250919', cleared_tool_uses: 1, cleared_input_tokens: 900 },
        ],
      },
    });
    const { options } = toAiSdkPayload({
      prompt,
      tools,
      history,
      model: 'claude-sonnet-4-6',
      contextEdits: [
        { type: 'clear-tool-uses', trigger: { inputTokens: 50_000 }, keepToolUses: 2 },
        { type: 'compact', triggerTokens: 120_000 },
      ],
    });
    const result = await generateText({
      model: createAnthropic({ apiKey: 'test', fetch })('claude-sonnet-4-6'),
      system: options.system,
      messages: options.messages,
      tools: aiSdkTools(options),
      providerOptions: options.providerOptions,
    });
    expect(result.warnings).toEqual([]);
    expect(calls[0]?.body.context_management).toEqual({
      edits: [
        {
          type: 'clear_tool_uses_20250919',
          trigger: { type: 'input_tokens', value: 50_000 },
          keep: { type: 'tool_uses', value: 2 },
        },
        { type: 'compact_20260112', trigger: { type: 'input_tokens', value: 120_000 } },
      ],
    });
    const betas = calls[0]?.headers.get('anthropic-beta') ?? '';
    expect(betas.split(',')).toEqual(
      expect.arrayContaining(['context-management-2025-06-27', 'compact-2026-01-12']),
    );
  });

  it('@ai-sdk/openai (Responses and Chat): the cache key and retention on the body, calls paired with results, the clock last', async () => {
    const responsesRec = recorder(responsesReply);
    const chatRec = recorder(chatReply);
    const { options } = toAiSdkPayload({
      prompt,
      tools,
      history,
      model: 'gpt-5',
      promptCacheRetention: '24h',
    });
    const call = (model: Parameters<typeof generateText>[0]['model']) =>
      generateText({
        model,
        system: options.system,
        messages: options.messages,
        tools: aiSdkTools(options),
        providerOptions: options.providerOptions,
      });
    const viaResponses = await call(
      createOpenAI({ apiKey: 'test', fetch: responsesRec.fetch })('gpt-5'),
    );
    const viaChat = await call(
      createOpenAI({ apiKey: 'test', fetch: chatRec.fetch }).chat('gpt-5'),
    );
    expect(viaResponses.warnings).toEqual([]);
    expect(viaChat.warnings).toEqual([]);
    const key = promptCacheKey(prompt, tools);
    const r = responsesRec.calls[0]?.body as {
      prompt_cache_key: string;
      prompt_cache_retention: string;
      input: { type?: string; role?: string; call_id?: string; content?: unknown }[];
    };
    const c = chatRec.calls[0]?.body as {
      prompt_cache_key: string;
      prompt_cache_retention: string;
      messages: { role: string; tool_call_id?: string; tool_calls?: { id: string }[] }[];
    };
    expect(responsesRec.calls[0]?.url).toMatch(/\/responses$/);
    expect(chatRec.calls[0]?.url).toMatch(/\/chat\/completions$/);
    expect([r.prompt_cache_key, c.prompt_cache_key]).toEqual([key, key]);
    expect([r.prompt_cache_retention, c.prompt_cache_retention]).toEqual(['24h', '24h']);
    // no Anthropic marker leaks into an OpenAI body
    expect(JSON.stringify([r, c])).not.toMatch(/cache_control|cacheControl/);
    const calls = r.input.filter((i) => i.type === 'function_call');
    const results = r.input.filter((i) => i.type === 'function_call_output');
    expect(calls.map((i) => i.call_id)).toEqual(['call_1']);
    expect(results.map((i) => i.call_id)).toEqual(['call_1']);
    expect(r.input.indexOf(calls[0] as never)).toBeLessThan(r.input.indexOf(results[0] as never));
    expect(JSON.stringify(r.input.at(-1))).toMatch(/Current date and time/);
    expect(c.messages.map((m) => m.role).slice(-3)).toEqual(['assistant', 'tool', 'user']);
    expect(c.messages.at(-2)?.tool_call_id).toBe(c.messages.at(-3)?.tool_calls?.[0]?.id);
    const ledger = new CacheLedger({ model: 'gpt-5' });
    ledger.record(normalizeUsage('ai-sdk', viaResponses.usage));
    ledger.record(normalizeUsage('ai-sdk', viaChat.usage));
    expect(ledger.totals()).toMatchObject({ inputTotal: 4000, cacheRead: 3712, cacheWrite: 0 });
    expect(ledger.totals().relativeInputCost).toBeCloseTo((4000 - 3712 + 3712 * 0.1) / 4000, 10);
  });
});
