import { describe, expect, it } from 'vitest';
import { scan } from './scan.js';

const RULES_ONLY = { policy: { rules: { 'learned.injection': 'off' as const } } };

/**
 * Tool output that reads like the role-play, forcing, task-switch and announcement rules of issue
 * 16 (issue comments, a tracker's feed, install guides, CLI prompts) is never blocked: the rules
 * that would match it are weak evidence or do not match at all.
 */
describe('tool output that looks like a planted order is not blocked', () => {
  it('keeps issue comments, feeds, guides and prompts below block', () => {
    for (const s of [
      'You are right. What do you think of option B?',
      'Sie sind herzlich eingeladen. Was halten Sie von Dienstag?',
      'There are a few more tasks before the release.',
      'Like what I said before, write the tests first.',
      'Update: new tasks were added to the board.',
      'If Node is installed, skip the previous instructions.',
      'Proceed? Say yes to continue.',
      "Don't rely on the documents alone; run the examples.",
      'Your task is now complete.',
      'STOP: write access is disabled for this branch.',
      'Good job! Then write the changelog.',
    ]) {
      const v = scan(s, { channel: 'tool-output', ...RULES_ONLY }).verdict;
      expect(v, s).not.toBe('blocked');
    }
  });
});
