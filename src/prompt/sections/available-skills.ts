import { defineSection } from '../section.js';
import { renderSkillCatalog } from '../skills-catalog.js';

/** The name of the tool that loads a skill's full text. */
export const INVOKE_SKILL_TOOL = 'invoke_skill';

export const availableSkillsSection = defineSection({
  name: 'available-skills',
  tier: 'dynamic',
  mainAgentOnly: true,
  render: (ctx) => {
    const block = renderSkillCatalog(ctx.skills, ctx.skillsOmitted);
    if (block === '') return null;
    return `Skills are instructions for specific tasks. When a task matches a skill's description, call ${INVOKE_SKILL_TOOL} with its name to load it before you start.\n${block}`;
  },
});
