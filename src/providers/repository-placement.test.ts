import { describe, expect, it } from 'vitest';
import { importAnthropic } from '../history/index.js';
import { createPresetRegistry, createPromptContext } from '../prompt/index.js';
import { agentsMdEntry } from '../prompt/test-helpers/instruction-entry.js';
import { toAiSdkCallOptions } from './ai-sdk.js';
import { toAnthropicRequest } from './anthropic.js';
import { toOpenAIChatRequest, toOpenAIResponsesRequest } from './openai.js';
import { REPOSITORY_SECTION, splitVolatileTail, takeSection } from './types.js';

/** Anthropic-shaped messages as the neutral history. */
const h = (messages: readonly unknown[]) => importAnthropic(messages).history;
const registry = createPresetRegistry();
const prompt = registry.build(
  createPromptContext({
    model: 'claude-sonnet-4-6',
    memory: 'Remember: the staging database is read-only.',
    cwd: '/repo',
    now: '2026-01-01T00:00:00Z',
    instructions: [agentsMdEntry('Use pnpm. Run `pnpm test` before committing.')],
  }),
);
const repository = prompt.dynamic!.slice(
  prompt.spans.find((s) => s.name === REPOSITORY_SECTION)!.start,
  prompt.spans.find((s) => s.name === REPOSITORY_SECTION)!.end,
);

describe('takeSection', () => {
  it('cuts one section and its separator, and shifts the spans after it', () => {
    const { prompt: rest, text } = takeSection(prompt, REPOSITORY_SECTION);
    expect(text).toBe(repository);
    expect(text).toContain('Use pnpm.');
    expect(rest.static).toBe(prompt.static);
    expect(rest.dynamic).not.toContain('Use pnpm.');
    expect(rest.dynamic).not.toContain('\n\n\n\n');
    // every remaining span still points at its own text
    for (const span of rest.spans ?? []) {
      if (span.tier !== 'dynamic') continue;
      const before = prompt.spans.find((s) => s.name === span.name)!;
      expect(rest.dynamic!.slice(span.start, span.end)).toBe(
        prompt.dynamic!.slice(before.start, before.end),
      );
    }
    // the clock is still found as the volatile tail
    expect(splitVolatileTail(rest).volatile).toBe(splitVolatileTail(prompt).volatile);
  });

  it('leaves the prompt as it is when the section did not render', () => {
    const bare = registry.build(createPromptContext({ model: 'm', now: '2026-01-01T00:00:00Z' }));
    expect(takeSection(bare, REPOSITORY_SECTION)).toEqual({ prompt: bare, text: null });
    expect(takeSection({ static: 's', dynamic: 'd' }, REPOSITORY_SECTION).text).toBeNull();
  });

  it('a section that is the whole dynamic tier leaves none', () => {
    const only = {
      static: 's',
      dynamic: 'X',
      spans: [{ name: 'a', tier: 'dynamic' as const, volatile: false, start: 0, end: 1 }],
    };
    expect(takeSection(only, 'a')).toEqual({
      prompt: { static: 's', dynamic: null, spans: [] },
      text: 'X',
    });
  });
});

describe('repositoryPlacement: user', () => {
  const user = { role: 'user' as const, content: 'Fix the failing test.' };

  it('Anthropic: the files lead the first user message; the system block no longer holds them', () => {
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 1000,
      prompt,
      history: h([user]),
      repositoryPlacement: 'user',
    });
    expect(JSON.stringify(request.system)).not.toContain('Use pnpm.');
    const first = request.messages[0]!;
    expect(first.role).toBe('user');
    const blocks = first.content as { type: string; text: string }[];
    expect(blocks[0]!.text).toBe(repository);
    expect(blocks[1]!.text).toBe('Fix the failing test.');
    // default: unchanged
    const system = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 1000,
      prompt,
      history: h([user]),
    });
    expect(JSON.stringify(system.request.system)).toContain('Use pnpm.');
  });

  it('Anthropic: a conversation that does not start with the user gets a user message of its own', () => {
    const { request } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 1000,
      prompt,
      history: [],
      repositoryPlacement: 'user',
    });
    expect(request.messages).toHaveLength(1);
    expect(request.messages[0]!.content).toMatchObject([{ type: 'text', text: repository }]);
  });

  it('OpenAI chat, Responses and the AI SDK: a user message before the history', () => {
    const chat = toOpenAIChatRequest({
      model: 'gpt-5',
      prompt,
      history: h([user]),
      repositoryPlacement: 'user',
    });
    // system (static), system (dynamic), user (the files), the history, then the clock
    const roles = chat.messages.map((m) => m.role);
    expect(roles).toEqual(['system', 'system', 'user', 'user', 'system']);
    expect(chat.messages[2]!.content).toBe(repository);
    expect(chat.messages[3]!.content).toBe('Fix the failing test.');
    expect(
      chat.messages
        .filter((m) => m.role === 'system')
        .map((m) => m.content)
        .join(''),
    ).not.toContain('Use pnpm.');
    const responses = toOpenAIResponsesRequest({
      model: 'gpt-5',
      prompt,
      history: h([user]),
      repositoryPlacement: 'user',
    });
    expect(responses.input.find((i) => 'role' in i && i.role === 'user')).toEqual({
      type: 'message',
      role: 'user',
      content: repository,
    });
    const sdk = toAiSdkCallOptions({ prompt, history: h([user]), repositoryPlacement: 'user' });
    expect(sdk.messages[0]).toEqual({ role: 'user', content: repository });
    expect(JSON.stringify(sdk.system)).not.toContain('Use pnpm.');
  });
});

describe('a dynamic tier of only volatile sections', () => {
  it('Anthropic: no dynamic breakpoint is planned on a block that is not sent', () => {
    const clockOnly = {
      static: 'S'.repeat(20_000),
      dynamic: 'Current date: 2026-01-01',
      spans: [
        { name: 'current-datetime', tier: 'dynamic' as const, volatile: true, start: 0, end: 24 },
      ],
    };
    const { request, breakpoints } = toAnthropicRequest({
      model: 'claude-sonnet-4-6',
      maxTokens: 100,
      prompt: clockOnly,
      history: h([{ role: 'user', content: 'hi '.repeat(3000) }]),
    });
    expect(request.system).toHaveLength(1);
    expect(breakpoints.find((b) => b.slot === 'dynamic')?.placed ?? false).toBe(false);
    expect(JSON.stringify(request.messages)).toContain('Current date: 2026-01-01');
  });
});
