import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolResultPart } from './message.js';
import { errorLineStarts, isErrorLine, nonEmptyLines } from './patterns.js';
import { resultErrorLineCount, resultErrorLineStarts } from './result-error-lines.js';
import { errorTextUnit } from './test-helpers/error-text.js';

describe('resultErrorLineStarts', () => {
  it('is errorLineStarts of the text, searched again when the text is not the one memoised', () => {
    const text = 'ok\nerror: one\nfine\n';
    const part: ToolResultPart = { type: 'tool-result', toolCallId: 'c', content: text };
    const first = resultErrorLineStarts(part, text);
    expect(first).toEqual(errorLineStarts(text));
    expect(first).toEqual([3]);
    // the same part and text: the memoised array
    expect(resultErrorLineStarts(part, text)).toBe(first);
    // another text for the part (edited in place): searched again
    expect(resultErrorLineStarts(part, 'fine\nok\nFAILED x\n')).toEqual([8]);
  });
});

describe('resultErrorLineCount', () => {
  it('is how many non-empty lines are error lines (property)', () => {
    fc.assert(
      fc.property(fc.array(errorTextUnit, { maxLength: 24 }), (units) => {
        const text = units.join('');
        const part: ToolResultPart = { type: 'tool-result', toolCallId: 'c', content: text };
        expect(resultErrorLineCount(part, text)).toBe(
          nonEmptyLines(text).filter(isErrorLine).length,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
