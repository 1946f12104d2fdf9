import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseYamlDocument } from './yaml-document.js';

const errorsOf = (doc: { errors: { code: string; pos: [number, number] }[] }) =>
  doc.errors.map((e) => ({ code: e.code, at: e.pos[0] }));

describe('parseYamlDocument', () => {
  it('reports a repeated key where the yaml package does, in block and flow maps', () => {
    for (const text of ['a: 1\nb: 2\na: 3\n', 'x: {a: 1, b: 2, a: 3}\n', 'a:\n  b: 1\n  b: 2\n']) {
      const ours = parseYamlDocument(text, { prettyErrors: false });
      const theirs = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
      expect(errorsOf(ours)).toEqual(errorsOf(theirs));
      expect(ours.errors.map((e) => e.code)).toContain('DUPLICATE_KEY');
    }
  });
  it('agrees with the package on random maps with repeated keys (property)', () => {
    const key = fc.constantFrom('a', 'b', '1', '"1"', 'true', 'null', '~', "'a'", '? c');
    const value = fc.constantFrom('1', 'x', '[1, 2]', '{a: 1, a: 2}', '', '&r v', '*r');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, value, fc.boolean()), { minLength: 1, maxLength: 8 }),
        (pairs) => {
          const text = pairs
            .map(([k, v, nested]) => (nested ? `${k}:\n  ${k}: ${v}\n  ${k}: 0` : `${k}: ${v}`))
            .join('\n');
          for (const prettyErrors of [false, true]) {
            const ours = parseYamlDocument(text, { prettyErrors, strict: true });
            const theirs = parseDocument(text, { prettyErrors, strict: true, uniqueKeys: true });
            // the same errors; a repeated key is placed at the key itself (the package puts it
            // at the end of the line before when that line's value is empty)
            expect(ours.errors.map((e) => e.code)).toEqual(theirs.errors.map((e) => e.code));
            const messages = (d: typeof ours) =>
              d.errors.map((e) => e.message.split('\n')[0]!.replace(/ at line .*/, ''));
            expect(messages(ours)).toEqual(messages(theirs));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
