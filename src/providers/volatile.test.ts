import { describe, expect, it } from 'vitest';
import { importAnthropic } from '../history/index.js';
import { createPresetRegistry, createPromptContext, withContext } from '../prompt/index.js';
import { estimateCounter } from '../tokens/index.js';
import { toAiSdkCallOptions } from './ai-sdk.js';
import { type AnthropicMessage, toAnthropicRequest } from './anthropic.js';
import { requestToBlocks } from './blocks.js';
import { toOpenAIChatRequest } from './openai.js';
import { deliverPrompt } from './prompt-delivery.js';
import { simulateCache } from './simulate.js';

/** Anthropic-shaped messages as the neutral history. */
const h = (messages: readonly unknown[]) => importAnthropic(messages).history;
const registry = createPresetRegistry();
const base = createPromptContext({
  model: 'claude-sonnet-4-6',
  memory: 'notes '.repeat(400),
  cwd: '/repo',
  now: '2026-01-01T00:00:00Z',
});
const promptAt = (minute: number) =>
  registry.build(withContext(base, { now: new Date(Date.UTC(2026, 0, 1, 0, minute)) }));

describe('volatile tail delivery', () => {
  it('splits the clock off the dynamic tier', () => {
    const p = promptAt(0);
    const t = deliverPrompt(p, undefined);
    expect(t.volatile).toBe('Current date and time: 2026-01-01T00:00:00Z (Thursday, UTC).');
    expect(`${t.dynamic}\n\n${t.volatile}`).toBe(p.dynamic);
    expect(deliverPrompt({ static: 's', dynamic: 'd' }, undefined)).toEqual({
      static: 's',
      dynamic: 'd',
      volatile: null,
      repository: null,
    });
  });

  it('Anthropic: the clock goes after the latest user message, behind the sliding breakpoint', () => {
    const messages: AnthropicMessage[] = [{ role: 'user', content: 'task '.repeat(100) }];
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 10,
      prompt: promptAt(0),
      history: h(messages),
      minCacheableTokens: 10,
      tokenCounter: estimateCounter,
    });
    expect(request.system[1]?.text).not.toMatch(/Current date and time/);
    const content = request.messages[0]?.content;
    expect(Array.isArray(content) && content.map((b) => b.type)).toEqual(['text', 'text']);
    if (!Array.isArray(content)) throw new Error('expected blocks');
    expect(content[0]).toMatchObject({ cache_control: { type: 'ephemeral' } });
    expect(content[1]).toEqual({
      type: 'text',
      text: 'Current date and time: 2026-01-01T00:00:00Z (Thursday, UTC).',
    });
  });

  it('Anthropic: with the clock at the end, the next turn reads the whole previous request from the cache', () => {
    const turn1: AnthropicMessage[] = [{ role: 'user', content: 'task '.repeat(600) }];
    const turn2: AnthropicMessage[] = [
      ...turn1,
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'next' },
    ];
    const req = (
      minute: number,
      messages: AnthropicMessage[],
      volatilePlacement: 'end' | 'system',
    ) => ({
      blocks: requestToBlocks(
        'anthropic',
        toAnthropicRequest({
          model: 'claude-sonnet-4-6',
          maxTokens: 10,
          prompt: promptAt(minute),
          history: h(messages),
          volatilePlacement,
        }).request,
      ),
      at: minute * 60_000,
    });
    const end = simulateCache([req(0, turn1, 'end'), req(1, turn2, 'end')], {
      kind: 'anthropic',
      minTokens: 1024,
    });
    const system = simulateCache([req(0, turn1, 'system'), req(1, turn2, 'system')], {
      kind: 'anthropic',
      minTokens: 1024,
    });
    const first = end.turns[0]?.inputTokens ?? 0;
    // everything of turn 1 except its clock block is read back
    expect(end.turns[1]?.cacheRead).toBeGreaterThan(first - 30);
    // with the clock inside the system prompt, the history after it is never read back
    expect(system.turns[1]?.cacheRead).toBeLessThan((end.turns[1]?.cacheRead ?? 0) / 2);
  });

  it('OpenAI and AI SDK put the clock after the history too, and keep it in the system block when there is no history', () => {
    const chat = toOpenAIChatRequest({
      model: 'gpt-4.1',
      prompt: promptAt(0),
      history: h([{ role: 'user', content: 'hi' }]),
    });
    expect(chat.messages.at(-1)?.content).toMatch(/^Current date and time/);
    const noHistory = toOpenAIChatRequest({ model: 'gpt-4.1', prompt: promptAt(0) });
    expect(noHistory.messages.at(-1)?.content).toMatch(/Current date and time.*\)\.$/);
    const ai = toAiSdkCallOptions({
      prompt: promptAt(0),
      history: h([{ role: 'user', content: 'hi' }]),
    });
    expect(JSON.stringify(ai.messages.at(-1))).toMatch(/Current date and time/);
    expect(ai.system[1]?.content).not.toMatch(/Current date and time/);
  });
});
