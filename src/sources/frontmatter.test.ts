import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FRONTMATTER_CHARS, parseFrontmatter } from './frontmatter.js';

describe('parseFrontmatter', () => {
  it('returns the whole text as body when there is no block', () => {
    expect(parseFrontmatter('# Title\nbody\n')).toMatchObject({
      present: false,
      data: {},
      body: '# Title\nbody\n',
      bodyLine: 1,
    });
  });

  it('parses a mapping and gives the body line', () => {
    const fm = parseFrontmatter('---\ndescription: Use it\nalwaysApply: true\n---\n# Rule\ntext\n');
    expect(fm.data).toEqual({ description: 'Use it', alwaysApply: true });
    expect(fm.body).toBe('# Rule\ntext\n');
    expect(fm.bodyLine).toBe(5);
    expect(fm.problems).toEqual([]);
  });

  it('reads unquoted glob values of raw keys as strings (Cursor style)', () => {
    const fm = parseFrontmatter('---\nglobs: **/*.ts, src/**\nalwaysApply: false\n---\nx', [
      'globs',
    ]);
    expect(fm.data.globs).toBe('**/*.ts, src/**');
    expect(fm.problems).toEqual([]);
  });

  it('reports malformed YAML with the file line, and still returns the body', () => {
    const fm = parseFrontmatter('---\ndescription: ok\nglobs: [a, b\nother: x\n---\nBody here\n');
    expect(fm.problems.length).toBeGreaterThan(0);
    expect(fm.problems[0]!.line).toBeGreaterThanOrEqual(3);
    expect(fm.body).toBe('Body here\n');
    expect(fm.data).toEqual({});
  });

  it('reports an unclosed block and keeps everything as body', () => {
    const text = '---\ndescription: never closed\n# body\n';
    const fm = parseFrontmatter(text);
    expect(fm.body).toBe(text);
    expect(fm.problems).toEqual([{ line: 1, message: expect.stringContaining('never closed') }]);
  });

  it('reports a frontmatter that is not a mapping', () => {
    const fm = parseFrontmatter('---\n- a\n- b\n---\nx');
    expect(fm.problems[0]!.message).toMatch(/mapping/);
  });

  it('does not crash on an unresolved alias', () => {
    const fm = parseFrontmatter('---\nglobs: *.ts\n---\nbody');
    expect(fm.body).toBe('body');
    expect(fm.problems.length).toBeGreaterThan(0);
  });
});

describe('parseFrontmatter on long lines and blocks', () => {
  it('keeps inner spaces of raw-key values and trims only the ends', () => {
    const value = `a${' '.repeat(2000)}b`;
    const fm = parseFrontmatter(`---\nglobs:   ${value}\t \n---\nx`, ['globs']);
    expect(fm.data.globs).toBe(value);
  });
  it('leaves a raw-key line with a carriage return to YAML, as before', () => {
    const fm = parseFrontmatter('---\nglobs: *.ts\r\n---\nx', ['globs']);
    expect(fm.problems.length).toBeGreaterThan(0); // an alias, not a string
  });
  it('ignores the keys of a block over the limit, with a problem, and still returns the body', () => {
    const keys = Array.from({ length: MAX_FRONTMATTER_CHARS / 8 }, (_, i) => `k${i}: v`);
    const fm = parseFrontmatter(`---\n${keys.join('\n')}\n---\n# Body\n`);
    expect(fm.data).toEqual({});
    expect(fm.body).toBe('# Body\n');
    expect(fm.problems).toEqual([
      { line: 2, message: expect.stringMatching(/over the 65536 limit; its keys are ignored$/) },
    ]);
  });
  it('reports a repeated key at its line', () => {
    const fm = parseFrontmatter('---\na: 1\nb: 2\na: 3\n---\nx');
    expect(fm.data).toEqual({});
    expect(fm.problems).toEqual([
      { line: 4, message: 'malformed frontmatter: Map keys must be unique at line 3, column 1:' },
    ]);
  });
});

describe('raw-key quoting, against the former regex (property)', () => {
  /** The former per-line quoting: one regex with a lazy group before `[ \t]*$` (quadratic). */
  const formerQuote = (line: string, rawKeys: readonly string[]) => {
    const m = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$/.exec(line);
    if (m === null || !rawKeys.includes(m[1]!)) return line;
    const value = m[2]!;
    if (value === '' || /^["'[{|>&!#]/.test(value)) return line;
    return `${m[1]}: ${JSON.stringify(value)}`;
  };
  it('reads the same data as the former quoting on random glob lines', () => {
    const piece = fc.constantFrom(
      '*',
      '**/',
      'a',
      ',',
      ' ',
      '\t',
      '\r',
      '\u2028',
      '"',
      '#',
      '{x}',
      '.ts',
    );
    fc.assert(
      fc.property(
        fc.constantFrom('globs', 'description', 'globs ', 'x-y'),
        fc.array(piece, { maxLength: 8 }),
        (key, rest) => {
          const line = `${key}:${rest.join('')}`;
          const ours = parseFrontmatter(`---\n${line}\n---\nbody`, ['globs']);
          const former = parseFrontmatter(`---\n${formerQuote(line, ['globs'])}\n---\nbody`);
          expect(ours.data).toEqual(former.data);
          expect(ours.problems.length).toBe(former.problems.length);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
