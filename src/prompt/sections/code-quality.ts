import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const codeQualitySection = defineSection({
  name: 'code-quality',
  tier: 'static',
  render: () =>
    guidance('Code quality', [
      'Follow the conventions already in the code: naming, structure, error handling, formatting, libraries.',
      'Make the smallest change that solves the problem completely; fix the cause, not the symptom.',
      'Comments say why, not what. Do not leave commented-out code, debug prints or placeholders.',
      'Add or update tests for the behaviour you change, and run them.',
    ]),
});
