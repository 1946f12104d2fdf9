import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const efficiencySection = defineSection({
  name: 'efficiency',
  tier: 'static',
  render: () =>
    guidance('Efficiency', [
      'Run independent reads, searches and commands together in one step instead of one by one.',
      'Search (grep, glob) before reading; read the part of a large file you need, not all of it.',
      'Do not run a command again when you already have its result.',
      'Keep replies short: the result first, then only the detail the user needs.',
    ]),
});
