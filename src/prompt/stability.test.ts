import { describe, expect, it } from 'vitest';
import { createPromptContext } from './context.js';
import { createPresetRegistry, PRESETS } from './presets.js';
import { defineSection } from './section.js';
import { checkStaticStability, perSessionVariant } from './stability.js';

const ctx = createPromptContext({
  model: 'claude-sonnet-4-5',
  tools: ['bash'],
  features: { securityPolicy: true },
  cwd: '/repo',
  now: '2026-01-01T00:00:00Z',
  memory: 'm',
});

describe('checkStaticStability', () => {
  it.each(PRESETS)('passes for the built-in %s preset in every mode', (preset) => {
    for (const mode of ['full', 'minimal', 'none'] as const) {
      const report = checkStaticStability(createPresetRegistry({ preset, mode }), ctx);
      expect(report.unstable).toEqual([]);
      expect(report.stable).toBe(true);
    }
  });

  it('catches a planted static section that reads the time', () => {
    const registry = createPresetRegistry();
    registry.insertAfter(
      'role',
      defineSection({
        name: 'sneaky-date',
        tier: 'static',
        render: (c) => `Today is ${c.now?.slice(0, 10)}.`,
      }),
    );
    const report = checkStaticStability(registry, ctx);
    expect(report.stable).toBe(false);
    expect(report.unstable.map((u) => u.section)).toEqual(['sneaky-date']);
    expect(report.unstable[0]?.firstDifference).toBe('Today is 2026-0'.length);
  });

  it('catches static sections that read cwd, memory or instruction files', () => {
    const registry = createPresetRegistry({ mode: 'none' });
    registry.register(
      defineSection({ name: 'reads-cwd', tier: 'static', render: (c) => c.cwd ?? '' }),
    );
    registry.register(
      defineSection({ name: 'reads-memory', tier: 'static', render: (c) => c.memory ?? null }),
    );
    registry.register(
      defineSection({
        name: 'reads-files',
        tier: 'static',
        guard: (c) => c.instructions.length > 0,
        render: () => 'has files',
      }),
    );
    const report = checkStaticStability(registry, ctx);
    expect(report.unstable.map((u) => u.section)).toEqual([
      'reads-cwd',
      'reads-memory',
      'reads-files',
    ]);
  });

  it('the variant differs in every per-session field and keeps the static inputs', () => {
    const v = perSessionVariant(ctx);
    expect(v.cwd).not.toBe(ctx.cwd);
    expect(v.now).not.toBe(ctx.now);
    expect(v.memory).not.toBe(ctx.memory);
    expect(v.tools).toBe(ctx.tools);
    expect(v.model).toBe(ctx.model);
  });
});
