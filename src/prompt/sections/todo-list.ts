import type { PromptContext } from '../context.js';
import { defineSection } from '../section.js';
import { guidance } from './_format.js';

/** A todo list is available when a tool's name mentions one (`todo_write`, `TodoWrite`, …). */
export function hasTodoTool(ctx: PromptContext): boolean {
  return ctx.tools.some((t) => /todo/i.test(t));
}

export const todoListSection = defineSection({
  name: 'todo-list',
  tier: 'static',
  guard: hasTodoTool,
  render: () =>
    guidance('Todo list', [
      'Use the todo list for work of three or more steps, or when the user gives several tasks; skip it for a single simple change.',
      'Keep exactly one item in progress; mark an item done as soon as it is finished, not in batches.',
      'Add items you discover on the way; remove items that no longer apply.',
      'Mark an item done only when it really is: tests pass and nothing is left half-done.',
    ]),
});
