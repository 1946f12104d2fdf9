import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CtxloomError } from '../diagnostics/index.js';
import {
  createPromptContext,
  inferModelFamily,
  tryCreatePromptContext,
  withContext,
} from './context.js';
import { agentsMdEntry } from './test-helpers/instruction-entry.js';

describe('createPromptContext', () => {
  const input = {
    tools: ['grep', 'bash', 'grep'],
    features: { browser: true },
    instructions: [agentsMdEntry('x')],
    skills: [
      { name: 'zeta', description: 'z' },
      { name: 'alpha', description: 'a' },
    ],
    vars: new Map([
      ['b', '2'],
      ['a', '1'],
    ]),
    secretNames: ['TOKEN_B', 'TOKEN_A'],
    now: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    model: 'anthropic/claude-opus-4-1',
  };

  it('is frozen all the way down: nested writes throw', () => {
    const ctx = createPromptContext(input);
    expect(Object.isFrozen(ctx)).toBe(true);
    expect(() => {
      (ctx.tools as string[]).push('rm');
    }).toThrow(TypeError);
    expect(() => {
      (ctx.instructions[0] as { content: string }).content = 'evil';
    }).toThrow(TypeError);
    expect(() => {
      (ctx.features as Record<string, boolean>).browser = false;
    }).toThrow(TypeError);
    expect(() => {
      (ctx.vars as Record<string, string>).a = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (ctx.model as { id: string }).id = 'x';
    }).toThrow(TypeError);
    expect(ctx.instructions[0]?.content).toBe('x');
  });

  it("does not alias the caller's input", () => {
    const tools = ['bash'];
    const ctx = createPromptContext({ tools });
    tools.push('late');
    expect(ctx.tools).toEqual(['bash']);
  });

  it('sorts and de-duplicates listed things for byte stability', () => {
    const ctx = createPromptContext(input);
    expect(ctx.tools).toEqual(['bash', 'grep']);
    expect(ctx.skills.map((s) => s.name)).toEqual(['alpha', 'zeta']);
    expect(ctx.secretNames).toEqual(['TOKEN_A', 'TOKEN_B']);
    expect(Object.keys(ctx.vars)).toEqual(['a', 'b']);
    expect(ctx.now).toBe('2026-01-02T03:04:05.000Z');
    expect(ctx.model).toEqual({ id: 'anthropic/claude-opus-4-1', family: 'claude' });
  });

  it('reports every bad field at once, by path', () => {
    const result = tryCreatePromptContext({
      tools: ['ok', 3 as unknown as string],
      now: 'yesterday',
      model: { id: '' },
      instructions: [
        {
          path: 'A.md',
          kind: 'k',
          scope: 'galaxy',
          trust: 'untrusted',
          status: 'loaded',
          content: 'x',
        } as never,
      ],
      features: { browser: 'yes' as unknown as boolean },
      bogus: 1,
    } as never);
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.issues.map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'tools[1]',
        'now',
        'model.id',
        'instructions[0].scope',
        'features.browser',
        'bogus',
      ]),
    );
    try {
      createPromptContext({ now: 'yesterday' });
      expect.unreachable();
    } catch (error) {
      expect(CtxloomError.isInstance(error) && error.code).toBe('E_CONTEXT_INVALID');
      expect(String(error)).toMatch(/now: expected a Date or an ISO-8601/);
    }
  });

  it('refuses duplicate skill names', () => {
    const r = tryCreatePromptContext({
      skills: [
        { name: 'a', description: '' },
        { name: 'a', description: '' },
      ],
    });
    expect(r.ok).toBe(false);
  });

  it('withContext patches one field and shares the frozen rest', () => {
    const ctx = createPromptContext(input);
    const next = withContext(ctx, { now: '2026-05-05T00:00:00Z' });
    expect(next.now).toBe('2026-05-05T00:00:00.000Z');
    expect(next.skills).toBe(ctx.skills);
    expect(Object.isFrozen(next)).toBe(true);
    expect(() => withContext(ctx, { now: 'nope' })).toThrow(/now/);
  });

  it('never throws anything but a CtxloomError on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (anything) => {
        try {
          createPromptContext(anything as never);
        } catch (error) {
          expect(CtxloomError.isInstance(error)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('inferModelFamily', () => {
  it.each([
    ['claude-sonnet-4-5', 'claude'],
    ['gpt-4.1', 'gpt'],
    ['o3-mini', 'gpt'],
    ['gemini-2.5-pro', 'gemini'],
    ['meta-llama/Llama-3.3-70B', 'llama'],
    ['Qwen/Qwen3-Coder', 'qwen'],
    ['deepseek-chat', 'deepseek'],
    ['devstral-small', 'mistral'],
    ['my-own-model', 'other'],
  ])('%s -> %s', (id, family) => {
    expect(inferModelFamily(id)).toBe(family);
  });
});
