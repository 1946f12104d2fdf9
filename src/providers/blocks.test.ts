import { describe, expect, it } from 'vitest';
import { importAnthropic } from '../history/index.js';
import { createPresetRegistry, createPromptContext } from '../prompt/index.js';
import { toAnthropicRequest } from './anthropic.js';
import { requestToBlocks } from './blocks.js';
import { toOpenAIChatRequest } from './openai.js';

const prompt = createPresetRegistry().build(
  createPromptContext({
    model: 'claude-sonnet-4-6',
    memory: 'Remember: the staging database is read-only.',
    cwd: '/repo',
    now: '2026-01-01T00:00:00Z',
  }),
);
const history = importAnthropic([{ role: 'user', content: 'hi' }]).history;

describe('requestToBlocks with the built prompt', () => {
  it('attributes the static block, the stable dynamic block and the moved clock to their sections', () => {
    const { request } = toAnthropicRequest({ model: 'm', maxTokens: 1, prompt, history });
    const blocks = requestToBlocks('anthropic', request, prompt);
    const system = blocks.filter((b) => b.id.startsWith('system['));
    expect(system).toHaveLength(2);
    for (const b of system) {
      expect(b.spans?.length).toBeGreaterThan(0);
      for (const span of b.spans ?? []) {
        const section = prompt.sections.find((s) => s.name === span.name);
        expect(b.text.slice(span.start, span.end)).toBe(section?.text);
      }
    }
    expect(system[1]?.spans?.map((s) => s.name)).not.toContain('current-datetime');
    // without the prompt nothing is attributed
    expect(requestToBlocks('anthropic', request).some((b) => b.spans !== undefined)).toBe(false);
  });

  it('attributes the whole dynamic tier when the clock stays in the system prompt (Chat)', () => {
    const chat = toOpenAIChatRequest({ model: 'gpt-5', prompt, volatilePlacement: 'system' });
    const blocks = requestToBlocks('openai-chat', chat, prompt);
    expect(blocks[1]?.text).toBe(prompt.dynamic);
    expect(blocks[1]?.spans?.at(-1)?.name).toBe('current-datetime');
  });

  it('refuses an unknown kind', () => {
    expect(() => requestToBlocks('nope' as 'anthropic', {})).toThrow(/unknown payload kind/);
  });
});
