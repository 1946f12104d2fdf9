import { describe, expect, it } from 'vitest';
import { requirementLines } from './requirements.js';

describe('requirementLines', () => {
  it('takes list items under requirement headings of any style, up to the next heading', () => {
    const text = [
      'DESCRIPTION',
      '## Problem',
      '- paths are not normalised',
      '## Acceptance Tests',
      '- GIVEN a result WHEN rendered THEN 10 lines show',
      '  * nested item',
      'prose in between',
      '## Rabbit Holes',
      '- not a requirement',
      '**No-gos:**',
      '1. Do not add a second highlighter.',
      'Definition of done:',
      '[ ] tests pass',
      '## Notes',
      '- ignored',
    ].join('\n');
    expect(requirementLines(text)).toEqual([
      '- GIVEN a result WHEN rendered THEN 10 lines show',
      '* nested item',
      '1. Do not add a second highlighter.',
      '[ ] tests pass',
    ]);
  });

  it('finds nothing in source code that merely says must', () => {
    expect(requirementLines('// callers must check\n- x must be set\nif (must) {}')).toEqual([]);
  });
});
