import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const versionControlSection = defineSection({
  name: 'version-control',
  tier: 'static',
  mainAgentOnly: true,
  render: () =>
    guidance('Version control', [
      'Do not commit, push, rebase or switch branches unless the user asks.',
      'Before a commit, look at `git status` and `git diff`; stage only the files you changed; write a message that says why.',
      "Never use `--force`, `--no-verify` or rewrite pushed history without the user's explicit permission.",
      'Never commit secrets: `.env` files, keys, tokens, credentials.',
    ]),
});
