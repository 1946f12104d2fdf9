import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const troubleshootingSection = defineSection({
  name: 'troubleshooting',
  tier: 'static',
  render: () =>
    guidance('Troubleshooting', [
      'Read the whole error and its stack trace before acting; search the code for the failing name.',
      'When a command fails, check its inputs, paths and working directory first.',
      'If something outside your control blocks you (permissions, network, missing credentials), stop and tell the user exactly what is needed.',
    ]),
});
