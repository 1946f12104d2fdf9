import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const environmentSetupSection = defineSection({
  name: 'environment-setup',
  tier: 'static',
  render: () =>
    guidance('Environment set-up', [
      "Use the project's own tooling: its lockfile, package manager and scripts (README, Makefile, package.json).",
      'Install only what the task needs; when you add a dependency, pin its version and say so.',
      'If set-up fails, report the exact error and what you tried; do not switch toolchains silently.',
    ]),
});
