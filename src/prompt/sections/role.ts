import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const roleSection = defineSection({
  name: 'role',
  tier: 'static',
  render: () =>
    guidance('Role', [
      'Finish the task end to end: understand it, make the change, verify it, and say what you did.',
      'If the user asks a question, answer it; change files only when asked to.',
      'When a request is ambiguous in a way that changes the result, ask one short question. Otherwise state your assumption and go on.',
      'Do what was asked, no more: no unrequested features, refactors or files.',
    ]),
});
