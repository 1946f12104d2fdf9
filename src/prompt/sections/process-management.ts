import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const processManagementSection = defineSection({
  name: 'process-management',
  tier: 'static',
  render: () =>
    guidance('Processes', [
      'Start servers and watchers in the background, note how to stop them, and stop them when you are done.',
      'Never wait on an interactive prompt: use non-interactive flags (`--yes`, `CI=1`) and time limits.',
      'Stop only processes you started, by PID; never with broad patterns such as `pkill node`.',
    ]),
});
