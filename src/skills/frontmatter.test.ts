import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontmatterLines } from './frontmatter.js';

/** The top-level `key: value` match as it was (one regex, quadratic on a U+2028 value). */
function referenceKeys(yaml: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of yaml.split('\n')) {
    const m = /^([A-Za-z0-9_-]+):(?:\s+(.*))?$/.exec(line);
    if (m !== null && m[2] !== undefined && m[2].trim() !== '') out[m[1]!] = m[2].trim();
  }
  return out;
}

describe('parseFrontmatterLines', () => {
  it('skips a value holding a line separator, as the YAML reading would fail on it', () => {
    const r = parseFrontmatterLines(`description:${' '.repeat(5000)}x\u2028y\nname: a`, 2);
    expect(r.data).toEqual({ name: 'a' });
  });
  it('reads the same top-level values as the former single regex (property)', () => {
    const piece = fc.constantFrom('a', 'b-c', ':', ' ', '\t', '\u2028', '\r', 'x y', '\u00a0');
    const line = fc
      .tuple(fc.constantFrom('name', 'description', 'k_1'), fc.array(piece, { maxLength: 8 }))
      .map(([k, rest]) => `${k}:${rest.join('')}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(line, { maxLength: 4, selector: (l) => l.split(':')[0] }),
        (lines) => {
          const yaml = lines.join('\n');
          const ours = parseFrontmatterLines(yaml, 2).data ?? {};
          const plain = Object.fromEntries(
            Object.entries(ours).filter(([, v]) => typeof v === 'string' && v !== ''),
          );
          const unquoted = Object.fromEntries(
            Object.entries(referenceKeys(yaml)).map(([k, v]) => [k, v]),
          );
          expect(plain).toEqual(unquoted);
        },
      ),
      { numRuns: 500 },
    );
  });
});
