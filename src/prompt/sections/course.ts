/**
 * @module prompt/sections/course
 * The `course` preset's sections: the design's course builder, 13 sections in its order, each
 * written as `<section name="...">` with the name JSON-escaped (`JSON.stringify`), the body's
 * lines joined with `\n` and sections with one blank line. The bodies reuse ctxloom's own
 * sections (one text per concept); the frame and the order are the builder's.
 */
import type { PromptContext } from '../context.js';
import { defineSection, type Section, type Tier, type Volatility } from '../section.js';
import { availableSkillsSection } from './available-skills.js';
import { codeQualitySection } from './code-quality.js';
import { currentDateTimeSection } from './current-datetime.js';
import { efficiencySection } from './efficiency.js';
import { environmentSection } from './environment.js';
import { fileSystemSection } from './file-system.js';
import { identitySection } from './identity.js';
import { memorySection } from './memory.js';
import { outputLanguageSection } from './output-language.js';
import { problemSolvingSection } from './problem-solving.js';
import { repositoryContextSection } from './repository-context.js';
import { roleSection } from './role.js';
import { toolUseSection } from './tool-use.js';
import { versionControlSection } from './version-control.js';

/** The course builder's frame around one section's body: `<section name="...">`. */
export function courseFrame(name: string, body: string): string {
  return `<section name=${JSON.stringify(name)}>\n${body}\n</section>`;
}

const OUTPUT_EFFICIENCY = [
  '# Output efficiency',
  '- Lead with the answer or the action; no preamble, no restating the question.',
  '- One sentence per point; leave out what the user did not ask for.',
  '- End with what you changed and what is left, in a line or two.',
].join('\n');

interface CourseSpec {
  readonly name: string;
  readonly tier: Tier;
  /** ctxloom sections whose texts make the body (in order, blank ones left out). */
  readonly parts: readonly Section[];
  readonly text?: string;
  readonly volatility?: Volatility;
}

function courseSection(spec: CourseSpec): Section {
  const applies = (ctx: PromptContext) =>
    spec.text !== undefined || spec.parts.some((p) => p.guard(ctx));
  return defineSection({
    name: spec.name,
    tier: spec.tier,
    volatility: spec.volatility,
    // main-agent-only when every part is (memory, skills): `minimal` mode leaves it out
    mainAgentOnly: spec.parts.length > 0 && spec.parts.every((p) => p.mainAgentOnly),
    guard: applies,
    render: (ctx) => {
      const texts = spec.parts
        .filter((p) => p.guard(ctx))
        .map((p) => p.render(ctx)?.trimEnd() ?? '')
        .filter((t) => t.length > 0);
      if (spec.text !== undefined) texts.push(spec.text);
      return texts.length === 0 ? null : courseFrame(spec.name, texts.join('\n\n'));
    },
  });
}

/** The 13 course sections, in the builder's order: 7 static, then 6 dynamic (the clock last). */
export const COURSE_SECTIONS: readonly Section[] = Object.freeze(
  (
    [
      { name: 'intro', tier: 'static', parts: [identitySection] },
      { name: 'system', tier: 'static', parts: [roleSection] },
      { name: 'doing-tasks', tier: 'static', parts: [problemSolvingSection, codeQualitySection] },
      { name: 'actions', tier: 'static', parts: [fileSystemSection, versionControlSection] },
      { name: 'using-tools', tier: 'static', parts: [toolUseSection] },
      { name: 'tone-and-style', tier: 'static', parts: [efficiencySection] },
      { name: 'output-efficiency', tier: 'static', parts: [], text: OUTPUT_EFFICIENCY },
      { name: 'environment', tier: 'dynamic', parts: [environmentSection] },
      { name: 'instructions', tier: 'dynamic', parts: [repositoryContextSection] },
      { name: 'memory', tier: 'dynamic', parts: [memorySection] },
      { name: 'skills', tier: 'dynamic', parts: [availableSkillsSection] },
      { name: 'language', tier: 'dynamic', parts: [outputLanguageSection] },
      {
        name: 'date',
        tier: 'dynamic',
        parts: [currentDateTimeSection],
        volatility: { volatile: true, reason: 'the clock changes every turn' },
      },
    ] satisfies CourseSpec[]
  ).map(courseSection),
);
