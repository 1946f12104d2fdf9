import { describe, expect, it } from 'vitest';
import { createPromptContext } from '../context.js';
import { createPresetRegistry } from '../presets.js';
import { checkStaticStability } from '../stability.js';
import { permissionModeSection } from './permission-mode.js';
import { planLifecycleSection } from './plan-lifecycle.js';
import { subAgentsSection } from './sub-agents.js';
import { todoListSection } from './todo-list.js';
import { toolUseSection } from './tool-use.js';

const rendered = (ctx: ReturnType<typeof createPromptContext>, mode: 'full' | 'minimal' = 'full') =>
  createPresetRegistry({ mode })
    .build(ctx)
    .report.sections.filter((s) => s.status === 'rendered')
    .map((s) => s.name);

describe('workflow sections', () => {
  it('render only with the tools they depend on', () => {
    const none = createPromptContext({});
    for (const s of [toolUseSection, subAgentsSection, todoListSection, planLifecycleSection]) {
      expect(s.guard(none), s.name).toBe(false);
    }
    const bashOnly = createPromptContext({ tools: ['bash'] });
    expect(toolUseSection.guard(bashOnly)).toBe(true);
    expect(subAgentsSection.guard(bashOnly)).toBe(false);
    expect(todoListSection.guard(bashOnly)).toBe(false);
    expect(planLifecycleSection.guard(bashOnly)).toBe(false);
    const all = createPromptContext({ tools: ['Task', 'TodoWrite', 'update_plan'] });
    expect(subAgentsSection.guard(all)).toBe(true);
    expect(todoListSection.guard(all)).toBe(true);
    expect(planLifecycleSection.guard(all)).toBe(true);
    // "taskkill" is not a sub-agent tool
    expect(subAgentsSection.guard(createPromptContext({ tools: ['taskkill'] }))).toBe(false);
    expect(planLifecycleSection.guard(createPromptContext({ features: { plans: true } }))).toBe(
      true,
    );
  });

  it('sit after efficiency in the default preset; minimal mode drops sub-agents and plans', () => {
    const ctx = createPromptContext({ tools: ['task', 'todo_write', 'update_plan', 'bash'] });
    const full = rendered(ctx);
    const at = full.indexOf('efficiency');
    expect(full.slice(at + 1, at + 5)).toEqual([
      'tool-use',
      'sub-agents',
      'todo-list',
      'plan-lifecycle',
    ]);
    const minimal = rendered(ctx, 'minimal');
    expect(minimal).toContain('tool-use');
    expect(minimal).toContain('todo-list');
    expect(minimal).not.toContain('sub-agents');
    expect(minimal).not.toContain('plan-lifecycle');
  });

  it('the plan section tells the model a draft never enters the prompt', () => {
    const text = planLifecycleSection.render(createPromptContext({ tools: ['update_plan'] }));
    expect(text).toMatch(/draft, confirm, execute/);
    expect(text).toMatch(/A draft is never part of this prompt/);
  });
});

describe('permission mode', () => {
  it('is validated', () => {
    expect(() => createPromptContext({ permissionMode: 'yolo' as never })).toThrow(
      /permissionMode: expected one of read-only, ask, auto-edit, full-auto/,
    );
  });

  it('renders in the dynamic tier, after the environment, and keeps the static tier stable', () => {
    const ctx = createPromptContext({ tools: ['bash'], cwd: '/r', permissionMode: 'ask' });
    expect(permissionModeSection.tier).toBe('dynamic');
    const built = createPresetRegistry().build(ctx);
    expect(built.dynamic).toContain(
      "Permission mode: ask. Every file change and command waits for the user's approval",
    );
    expect(built.static).not.toContain('Permission mode');
    const names = built.report.sections.map((s) => s.name);
    expect(names.indexOf('permission-mode')).toBe(names.indexOf('environment') + 1);
    expect(checkStaticStability(createPresetRegistry(), ctx).stable).toBe(true);
    expect(permissionModeSection.guard(createPromptContext({}))).toBe(false);
  });
});
