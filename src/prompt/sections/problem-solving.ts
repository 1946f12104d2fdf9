import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const problemSolvingSection = defineSection({
  name: 'problem-solving',
  tier: 'static',
  render: () =>
    guidance('Problem solving', [
      'Reproduce a bug before fixing it, and find its root cause.',
      'Change one thing at a time and check the effect.',
      'If the same approach has failed twice, stop and reconsider it instead of trying it a third time.',
      'Never claim success without proof: run the test, build or command that shows it works, and report failures as failures.',
    ]),
});
