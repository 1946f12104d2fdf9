import { describe, expect, it } from 'vitest';
import { createPromptContext } from './context.js';
import {
  createPresetRegistry,
  MINIMAL_MODE_EXCLUDED,
  PROMPT_LEVELS,
  resolvePromptLevel,
} from './presets.js';
import { defineSection } from './section.js';
import { checkStaticStability } from './stability.js';
import { agentsMdEntry } from './test-helpers/instruction-entry.js';

const full = createPromptContext({
  model: 'gpt-4.1',
  tools: ['bash', 'browser_navigate'],
  features: { securityPolicy: true, riskAnalyzer: true },
  cwd: '/repo',
  platform: 'linux',
  shell: 'bash',
  locale: 'fr-FR',
  outputLanguage: 'French',
  instructions: [agentsMdEntry('Use pnpm.')],
  skills: [{ name: 'pdf', description: 'Read and fill PDF forms.' }],
  memory: 'The user prefers small commits.',
  plan: { name: 'PLAN.md', text: '1. Fix the bug.' },
  contextSnapshot: 'Earlier: found the failing test.',
  customSuffix: 'Be brief.',
  secretNames: ['NPM_TOKEN'],
  now: '2026-06-01T12:00:00Z',
});

const rendered = (preset: 'default' | 'planning', mode: 'full' | 'minimal' | 'none') =>
  createPresetRegistry({ preset, mode })
    .build(full)
    .report.sections.filter((s) => s.status === 'rendered')
    .map((s) => s.name);

describe('presets and modes', () => {
  it('documents the exact minimal-mode exclusions', () => {
    expect(MINIMAL_MODE_EXCLUDED).toEqual([
      'sub-agents',
      'plan-lifecycle',
      'version-control',
      'pull-requests',
      'memory',
      'available-skills',
      'current-plan',
      'context-snapshot',
      'secrets',
    ]);
  });

  it('default/full renders every applicable section, date/time last', () => {
    const names = rendered('default', 'full');
    expect(names).toContain('security-risk-assessment');
    expect(names).toContain('browser');
    expect(names).toContain('model-guidance');
    expect(names.at(-1)).toBe('current-datetime');
    expect(names.indexOf('output-language')).toBe(names.length - 2);
  });

  it('minimal drops the main-agent-only sections and keeps the rest', () => {
    const names = rendered('default', 'minimal');
    for (const dropped of MINIMAL_MODE_EXCLUDED) expect(names).not.toContain(dropped);
    expect(names).toContain('repository-context');
    expect(names).toContain('environment');
    expect(names.at(-1)).toBe('current-datetime');
  });

  it('none is one identity line', () => {
    const built = createPresetRegistry({ mode: 'none' }).build(full);
    // the test context's locale is French: the identity line is in French
    expect(built.static).toBe(
      "Tu es un agent de programmation IA qui travaille dans le projet logiciel de l'utilisateur.",
    );
    expect(built.dynamic).toBeNull();
  });

  it('planning has a single static section plus the shared dynamic sections', () => {
    const built = createPresetRegistry({ preset: 'planning' }).build(full);
    expect(built.report.sections.filter((s) => s.tier === 'static').map((s) => s.name)).toEqual([
      'planning',
    ]);
    expect(built.static).toMatch(/read-only planning mode/);
    expect(built.dynamic).toMatch(/<current-plan file="PLAN.md" trust="untrusted">/);
  });

  it('guarded sections are skipped when their flag or tool is absent', () => {
    const bare = createPromptContext({ model: 'my-model' });
    const skipped = createPresetRegistry()
      .build(bare)
      .report.sections.filter((s) => s.status === 'skipped')
      .map((s) => s.name);
    expect(skipped).toEqual([
      'tool-use',
      'sub-agents',
      'todo-list',
      'plan-lifecycle',
      'security',
      'security-risk-assessment',
      'browser',
      'model-guidance',
      'permission-mode',
    ]);
  });

  it('override replace gives exactly the caller text', () => {
    const built = createPresetRegistry({
      override: { kind: 'replace', text: 'You are Bob.' },
    }).build(full);
    expect(built.static).toBe('You are Bob.');
    expect(built.dynamic).toBeNull();
  });

  it('override append lands at the end of the static tier, so the clock stays last', () => {
    const built = createPresetRegistry({
      override: { kind: 'append', text: 'House rule: tabs.' },
    }).build(full);
    expect(built.static.endsWith('House rule: tabs.')).toBe(true);
    expect(built.dynamic?.endsWith('(Monday, UTC).')).toBe(true);
  });

  it('rejects unknown presets and modes with a typed error', () => {
    expect(() => createPresetRegistry({ preset: 'x' as 'default' })).toThrow(/unknown preset "x"/);
    expect(() => createPresetRegistry({ mode: 'y' as 'full' })).toThrow(/unknown mode "y"/);
  });

  it('secrets section lists names only', () => {
    const built = createPresetRegistry().build(full);
    expect(built.dynamic).toMatch(/- NPM_TOKEN/);
  });
});

describe('precedence chain', () => {
  it('explicit override > coordinator > sub-agent > custom > default', () => {
    const custom = [defineSection({ name: 'mine', tier: 'static', render: () => 'Mine.' })];
    const replace = { kind: 'replace', text: 'X' } as const;
    expect(PROMPT_LEVELS).toEqual(['override', 'coordinator', 'sub-agent', 'custom', 'default']);
    expect(resolvePromptLevel({ override: replace, mode: 'coordinator', custom })).toBe('override');
    expect(resolvePromptLevel({ mode: 'coordinator', custom })).toBe('coordinator');
    expect(resolvePromptLevel({ mode: 'minimal', custom })).toBe('sub-agent');
    expect(resolvePromptLevel({ custom })).toBe('custom');
    expect(resolvePromptLevel({ override: { kind: 'append', text: 'Y' } })).toBe('default');
    expect(createPresetRegistry({ custom }).build(full).static).toBe('Mine.');
    expect(createPresetRegistry({ custom, mode: 'coordinator' }).build(full).static).toContain(
      '# Coordinator',
    );
    expect(
      createPresetRegistry({ custom, mode: 'coordinator', override: replace }).build(full).static,
    ).toBe('X');
  });

  it('coordinator mode is stable across sessions', () => {
    expect(checkStaticStability(createPresetRegistry({ mode: 'coordinator' }), full).stable).toBe(
      true,
    );
  });
});
