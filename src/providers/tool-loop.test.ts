// One 8-step tool loop (the clock moving 30 s a step) through each of the four payload builders,
// wire bodies fed to simulateCache: where the clock and the sliding breakpoint land decides how
// much of the history each step reads back. Also sends the AI SDK options through the real
// `generateText` (a mock model records the prompt the provider would convert).
import { generateText, jsonSchema, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { type History, type Message, readArtifactTool } from '../history/index.js';
import { createPresetRegistry, createPromptContext, withContext } from '../prompt/index.js';
import { INVOKE_SKILL_TOOL } from '../skills/index.js';
import { toAiSdkCallOptions } from './ai-sdk.js';
import { toAnthropicRequest } from './anthropic.js';
import { type PayloadKind, requestToBlocks } from './blocks.js';
import { toOpenAIChatRequest, toOpenAIResponsesRequest } from './openai.js';
import { type CacheRules, simulateCache } from './simulate.js';

const STEPS = 8;
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const tools = [readArtifactTool, INVOKE_SKILL_TOOL];
const registry = createPresetRegistry();
const base = createPromptContext({
  model: 'claude-sonnet-4-6',
  tools: tools.map((t) => t.name),
  memory: '- The user prefers small commits, integer cents and half-to-even rounding.\n'.repeat(60),
  cwd: '/repo',
  now: new Date(T0),
});
const promptAt = (step: number) =>
  registry.build(withContext(base, { now: new Date(T0 + step * 30_000) }));

/** The history sent at `step`: the task, then `step` calls with their results (a tool message last). */
function historyAt(step: number): History {
  const h: Message[] = [
    {
      id: 'u0',
      role: 'user',
      parts: [{ type: 'text', text: 'Fix the rounding bug in invoices.' }],
    },
  ];
  for (let s = 1; s <= step; s++) {
    const id = `call_${s}`;
    h.push({
      id: `a${s}`,
      role: 'assistant',
      parts: [
        {
          type: 'tool-call',
          id,
          name: 'read_artifact',
          input: { ref: `sha256:${'a'.repeat(64)}` },
        },
      ],
    });
    const body = Array.from({ length: 40 }, (_, i) => `line ${s}.${i}: total = round(x * ${i});`);
    h.push({
      id: `t${s}`,
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: id, content: body.join('\n') }],
    });
  }
  return h;
}

function bodyAt(kind: PayloadKind, step: number): unknown {
  const prompt = promptAt(step);
  const history = historyAt(step);
  if (kind === 'anthropic')
    return toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 1024,
      prompt,
      tools,
      history,
    }).request;
  if (kind === 'openai-chat')
    return toOpenAIChatRequest({ model: 'gpt-5', prompt, tools, history });
  if (kind === 'openai-responses')
    return toOpenAIResponsesRequest({ model: 'gpt-5', prompt, tools, history });
  return toAiSdkCallOptions({ prompt, tools, history });
}

function share(kind: PayloadKind, rules: CacheRules): number {
  const requests = Array.from({ length: STEPS }, (_, i) => ({
    blocks: requestToBlocks(kind, bodyAt(kind, i)),
    at: T0 + i * 30_000,
  }));
  return simulateCache(requests, rules).totals.hitRatio;
}

const anthropicRules: CacheRules = { kind: 'anthropic', minTokens: 1024 };
const openaiRules: CacheRules = { kind: 'openai' };

describe('an 8-step tool loop through every builder', () => {
  it('the clock follows the latest message on every step, also after a tool result', () => {
    for (let step = 1; step < STEPS; step++) {
      const a = toAnthropicRequest({
        model: 'claude-sonnet-4-6',
        maxTokens: 1024,
        prompt: promptAt(step),
        tools,
        history: historyAt(step),
      }).request;
      expect(JSON.stringify(a.system)).not.toMatch(/Current date and time/);
      const last = a.messages.at(-1);
      const content = Array.isArray(last?.content) ? last.content : [];
      expect(content.map((b) => b.type)).toEqual(['tool_result', 'text']);
      expect(content[0]).toMatchObject({ cache_control: { type: 'ephemeral' } });
      expect(content[1]).toMatchObject({ text: expect.stringMatching(/^Current date and time/) });
      const ai = toAiSdkCallOptions({ prompt: promptAt(step), tools, history: historyAt(step) });
      expect(JSON.stringify(ai.system)).not.toMatch(/Current date and time/);
      expect(requestToBlocks('ai-sdk', ai)[0]?.id).toBe('tools[invoke_skill]');
      expect(ai.messages.at(-1)).toEqual({
        role: 'user',
        content: expect.stringMatching(/^Current date and time/),
      });
      // the sliding breakpoint: on the tool message, before the clock
      expect(ai.messages.at(-2)).toMatchObject({
        role: 'tool',
        providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
      });
    }
  });

  it('the AI SDK path reads as much from the cache as the Anthropic path; the key reaches both OpenAI routes', () => {
    const anthropic = share('anthropic', anthropicRules);
    const aiSdk = share('ai-sdk', anthropicRules);
    const chat = share('openai-chat', openaiRules);
    const responses = share('openai-responses', openaiRules);
    // the physical limit of each path: every token of a prefix shared with an earlier request
    const exact: CacheRules = { kind: 'kv', blockSize: 1 };
    const limits = (['anthropic', 'ai-sdk', 'openai-chat', 'openai-responses'] as const).map((k) =>
      share(k, exact),
    );
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(
      `cached share, 8-step tool loop (physical limit): anthropic ${pct(anthropic)} (${pct(limits[0] ?? 0)}), ai-sdk ${pct(aiSdk)} (${pct(limits[1] ?? 0)}), openai-chat ${pct(chat)} (${pct(limits[2] ?? 0)}), openai-responses ${pct(responses)} (${pct(limits[3] ?? 0)})`,
    );
    expect(Math.abs(aiSdk - anthropic)).toBeLessThan(0.03);
    [anthropic, aiSdk, chat, responses].forEach((got, i) => {
      expect(got).toBeGreaterThanOrEqual(0.95 * (limits[i] ?? 1));
    });
    const key = (bodyAt('openai-chat', 3) as { prompt_cache_key: string }).prompt_cache_key;
    expect((bodyAt('openai-responses', 3) as { prompt_cache_key: string }).prompt_cache_key).toBe(
      key,
    );
    expect(toAiSdkCallOptions({ prompt: promptAt(3), tools }).providerOptions).toEqual({
      openai: { promptCacheKey: key },
    });
  });

  it('the real generateText accepts the options and hands the provider the markers and the clock in order', async () => {
    const options = toAiSdkCallOptions({ prompt: promptAt(2), tools, history: historyAt(2) });
    let seen: unknown;
    const model = new MockLanguageModelV3({
      doGenerate: async (call) => {
        seen = call;
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'end_turn' },
          usage: {
            inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        };
      },
    });
    const sdkTools: ToolSet = Object.fromEntries(
      Object.entries(options.tools ?? {}).map(([name, t]) => [
        name,
        {
          description: t.description,
          inputSchema: jsonSchema(t.inputSchema),
          ...(t.providerOptions ? { providerOptions: t.providerOptions } : {}),
        },
      ]),
    );
    const result = await generateText({
      model,
      system: options.system,
      messages: options.messages,
      tools: sdkTools,
      providerOptions: options.providerOptions,
    });
    expect(result.warnings).toEqual([]);
    const call = seen as {
      prompt: { role: string; content: unknown; providerOptions?: unknown }[];
      providerOptions: unknown;
      tools: { name: string }[];
    };
    expect(call.providerOptions).toEqual(options.providerOptions);
    expect(call.tools.map((t) => t.name)).toEqual(['invoke_skill', 'read_artifact']);
    expect(call.prompt.map((m) => m.role)).toEqual([
      'system',
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'user',
    ]);
    expect(call.prompt[6]?.providerOptions).toEqual({
      anthropic: { cacheControl: { type: 'ephemeral' } },
    });
    expect(JSON.stringify(call.prompt[7]?.content)).toMatch(/Current date and time/);
  });
});
