import { defineSection } from '../section.js';
import { tag } from '../tag.js';

/** The name of the tool that loads a skill's full text. */
export const INVOKE_SKILL_TOOL = 'invoke_skill';

export const availableSkillsSection = defineSection({
  name: 'available-skills',
  tier: 'dynamic',
  mainAgentOnly: true,
  render: (ctx) => {
    if (ctx.skills.length === 0 && ctx.skillsOmitted === 0) return null;
    const entries = ctx.skills.map((s) =>
      tag('skill', s.description || '(no description)', { name: s.name }),
    );
    if (ctx.skillsOmitted > 0) {
      entries.push(
        `(${ctx.skillsOmitted} more skill${ctx.skillsOmitted === 1 ? '' : 's'} not listed to stay within the catalog budget; call ${INVOKE_SKILL_TOOL} with a name you know to load one.)`,
      );
    }
    return `Skills are instructions for specific tasks. When a task matches a skill's description, call ${INVOKE_SKILL_TOOL} with its name to load it before you start.\n${tag('available_skills', entries.join('\n'))}`;
  },
});
