import { describe, expect, it } from 'vitest';
import { importAnthropic } from '../history/index.js';
import {
  createPresetRegistry,
  createPromptContext,
  REPOSITORY_SECTION,
  SECTION_SEPARATOR,
} from '../prompt/index.js';
import { agentsMdEntry } from '../prompt/test-helpers/instruction-entry.js';
import { toAiSdkCallOptions } from './ai-sdk.js';
import { toAnthropicRequest } from './anthropic.js';
import { toOpenAIChatRequest, toOpenAIResponsesRequest } from './openai.js';
import { deliverPrompt } from './prompt-delivery.js';

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
const repository = prompt.sections.find((s) => s.name === REPOSITORY_SECTION)!.text!;

describe('deliverPrompt', () => {
  it('takes the repository section apart and joins the other stable sections again', () => {
    const delivered = deliverPrompt(prompt, 'user');
    expect(delivered.repository).toBe(repository);
    expect(repository).toContain('Use pnpm.');
    expect(delivered.static).toBe(prompt.static);
    expect(delivered.dynamic).not.toContain('Use pnpm.');
    expect(delivered.dynamic).not.toContain('\n\n\n\n');
    // byte for byte: the dynamic tier without the section and the separator after it
    expect(`${delivered.dynamic}${SECTION_SEPARATOR}${delivered.volatile}`).toBe(
      prompt.dynamic!.replace(`${repository}${SECTION_SEPARATOR}`, ''),
    );
    // the clock is still the volatile tail
    expect(delivered.volatile).toBe(prompt.parts.volatile);
    expect(delivered.volatile).toMatch(/^Current date and time/);
  });

  it('system placement sends the parts as built', () => {
    expect(deliverPrompt(prompt, 'system')).toEqual({
      static: prompt.static,
      dynamic: prompt.parts.stable,
      volatile: prompt.parts.volatile,
      repository: null,
    });
  });

  it('leaves the prompt as it is when the section did not render, or for plain tiers', () => {
    const bare = registry.build(createPromptContext({ model: 'm', now: '2026-01-01T00:00:00Z' }));
    const delivered = deliverPrompt(bare, 'user');
    expect(delivered.repository).toBeNull();
    expect(delivered.dynamic).toBe(bare.parts.stable);
    expect(deliverPrompt({ static: 's', dynamic: 'd' }, 'user')).toEqual({
      static: 's',
      dynamic: 'd',
      volatile: null,
      repository: null,
    });
  });

  it('a repository section that is the whole stable part leaves none', () => {
    const section = {
      name: REPOSITORY_SECTION,
      tier: 'dynamic' as const,
      volatile: false,
      status: 'rendered' as const,
      text: 'X',
      bytes: 1,
      tokens: 1,
      span: null,
    };
    const only = {
      static: 's',
      dynamic: 'X',
      parts: { static: 's', stable: 'X', volatile: null },
      sections: [section],
    };
    expect(deliverPrompt(only, 'user')).toEqual({
      static: 's',
      dynamic: null,
      volatile: null,
      repository: 'X',
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
      parts: { static: 'S'.repeat(20_000), stable: null, volatile: 'Current date: 2026-01-01' },
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
