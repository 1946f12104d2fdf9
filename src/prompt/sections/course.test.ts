import { describe, expect, it } from 'vitest';
import { createPromptContext } from '../context.js';
import { createPresetRegistry } from '../presets.js';
import { checkStaticStability } from '../stability.js';
import { COURSE_SECTIONS, courseFrame } from './course.js';

const ctx = createPromptContext({
  cwd: '/repo',
  locale: 'en-US',
  tools: ['bash'],
  memory: 'Use pnpm.',
  skills: [{ name: 'deploy', description: 'Deploys.' }],
  instructions: [
    {
      path: 'AGENTS.md',
      kind: 'agents-md',
      scope: 'project',
      trust: 'untrusted',
      status: 'loaded',
      content: 'Rules.',
    },
  ],
  now: '2026-01-01T00:00:00Z',
});

describe('course preset', () => {
  it('has the builder’s 13 sections in order, 7 static then 6 dynamic, the clock last', () => {
    expect(COURSE_SECTIONS.map((s) => s.name)).toEqual([
      'intro',
      'system',
      'doing-tasks',
      'actions',
      'using-tools',
      'tone-and-style',
      'output-efficiency',
      'environment',
      'instructions',
      'memory',
      'skills',
      'language',
      'date',
    ]);
    const built = createPresetRegistry({ preset: 'course' }).build(ctx);
    expect(built.report.sections.map((s) => s.status)).toEqual(Array(13).fill('rendered'));
    expect(built.static.startsWith('<section name="intro">\nYou are an AI coding agent')).toBe(
      true,
    );
    expect(built.dynamic?.endsWith('(Thursday, UTC).\n</section>')).toBe(true);
    expect(checkStaticStability(createPresetRegistry({ preset: 'course' }), ctx).stable).toBe(true);
  });

  it('writes each name JSON-escaped and joins sections with one blank line', () => {
    expect(courseFrame('a"b\\c', 'x\ny')).toBe('<section name="a\\"b\\\\c">\nx\ny\n</section>');
    const built = createPresetRegistry({ preset: 'course' }).build(ctx);
    expect(built.static.split('\n</section>\n\n<section name=').length).toBe(7);
  });

  it('minimal mode leaves out memory and skills, as in the default preset', () => {
    const built = createPresetRegistry({ preset: 'course', mode: 'minimal' }).build(ctx);
    const names = built.report.sections.map((s) => s.name);
    expect(names).not.toContain('memory');
    expect(names).not.toContain('skills');
    expect(names).toContain('instructions');
  });
});
