import { describe, expect, it } from 'vitest';
import {
  requirementLineIndices,
  requirementLineIndicesOf,
  requirementLines,
} from './requirements.js';

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

describe('requirementLineIndicesOf', () => {
  it('gives the same lines from the memo as fresh, with or without the lines given', () => {
    const text = `${'filler line\n'.repeat(30)}## Acceptance criteria\r\n- must export CSV\r\n- dates as ISO 8601\n`;
    const lines = text.split(/\r?\n/);
    const fresh = requirementLineIndices(lines);
    expect(fresh.length).toBe(2);
    expect(requirementLineIndicesOf(text, lines.slice(0, -1))).toEqual(fresh);
    expect(requirementLineIndicesOf(text)).toEqual(fresh);
    expect(requirementLines(text)).toEqual(['- must export CSV', '- dates as ISO 8601']);
  });
});
