import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from './frontmatter.js';

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
