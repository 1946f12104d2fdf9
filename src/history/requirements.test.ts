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

  it('finds nothing in source code or a diff that merely says must', () => {
    const code = '// callers must check\n-    x must be set\nif (must) {}\n  - nested, must not';
    expect(requirementLines(code)).toEqual(['- nested, must not']);
    expect(requirementLines('// callers must check\n-    x must be set\nif (must) {}')).toEqual([]);
  });

  it('takes normative list items under any heading, and only those', () => {
    const text = [
      'Edge cases:',
      '- Existing rows must read as `state: :open`.',
      '- empty input renders nothing',
      '## Technical Specs',
      '- Do not use Oban for tail workers.',
      '- Burst events do not trigger runaway reload loops.',
      '- Module: `Foo.Bar`',
    ].join('\n');
    expect(requirementLines(text)).toEqual([
      '- Existing rows must read as `state: :open`.',
      '- Do not use Oban for tail workers.',
      '- Burst events do not trigger runaway reload loops.',
    ]);
  });
});
