import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const pullRequestsSection = defineSection({
  name: 'pull-requests',
  tier: 'static',
  mainAgentOnly: true,
  render: () =>
    guidance('Pull requests', [
      'Open or update a pull request only when asked.',
      'One logical change per pull request: the title says what, the description says why and how it was tested.',
      'Check the CI result before you call it done; do not merge unless asked.',
    ]),
});
