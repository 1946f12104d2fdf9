// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${var} placeholders are what these tests are about
import { describe, expect, it } from 'vitest';
import { parseSkill } from './parse-skill.js';

const opts = { file: '.claude/skills/pdf-tools/SKILL.md', folderName: 'pdf-tools' };

describe('parseSkill', () => {
  it('parses a valid skill with every optional field', () => {
    const text = [
      '---',
      'name: pdf-tools',
      'description: Fill and merge PDF forms.',
      'license: MIT',
      'compatibility: Requires python',
      'metadata:',
      '  author: someone',
      '  version: 1.2',
      'allowed-tools: Read Edit Bash(git:*) Bash(gh issue:*)',
      'disable-model-invocation: true',
      'triggers:',
      '  keywords: [pdf, form]',
      '  min: 2',
      'inputs:',
      '  - file',
      '  - name: mode',
      '    default: fast',
      'argument-hint: "[file]"',
      '---',
      '# PDF',
      'Use ${file}.',
    ].join('\n');
    const r = parseSkill(text, opts);
    expect(r.diagnostics).toEqual([]);
    const m = r.manifest!;
    expect(m.name).toBe('pdf-tools');
    expect(m.description).toBe('Fill and merge PDF forms.');
    expect(m.license).toBe('MIT');
    expect(m.compatibility).toBe('Requires python');
    expect(m.metadata).toEqual({ author: 'someone', version: '1.2' });
    expect(m.allowedTools).toEqual(['Read', 'Edit', 'Bash(git:*)', 'Bash(gh issue:*)']);
    expect(m.disableModelInvocation).toBe(true);
    expect(m.triggers).toEqual({ keywords: ['pdf', 'form'], minMatches: 2 });
    expect(m.inputs).toEqual([
      { name: 'file', required: true },
      { name: 'mode', required: false, default: 'fast' },
    ]);
    expect(m.argumentHint).toBe('[file]');
    expect(r.body).toBe('# PDF\nUse ${file}.');
    expect(r.bodyLine).toBe(20);
  });

  it('reads folded and literal block scalars', () => {
    const folded = parseSkill(
      '---\nname: pdf-tools\ndescription: >\n  one\n  two\n---\nbody',
      opts,
    );
    expect(folded.manifest?.description).toBe('one two');
    const literal = parseSkill(
      '---\nname: pdf-tools\ndescription: |\n  one\n  two\n---\nbody',
      opts,
    );
    expect(literal.manifest?.description).toBe('one\ntwo');
  });

  it('handles CRLF line endings and a BOM', () => {
    const r = parseSkill('\uFEFF---\r\nname: pdf-tools\r\ndescription: x\r\n---\r\nbody\r\n', opts);
    expect(r.diagnostics).toEqual([]);
    expect(r.body).toBe('body\n');
  });

  it('reports a missing frontmatter at line 1 and still loads in lenient mode', () => {
    const r = parseSkill('# Greeting\n\nSay hello to people.\n', opts);
    expect(r.diagnostics.map((d) => [d.code, d.line, d.severity, d.file])).toEqual([
      ['E_SKILL_NO_FRONTMATTER', 1, 'warning', opts.file],
      ['E_SKILL_NAME_MISSING', 1, 'warning', opts.file],
      ['E_SKILL_DESCRIPTION_MISSING', 1, 'warning', opts.file],
    ]);
    expect(r.manifest?.name).toBe('pdf-tools');
    expect(r.manifest?.description).toBe('Say hello to people.');
  });

  it('refuses in strict mode with error severity', () => {
    const r = parseSkill('# Greeting\n\nSay hello.\n', { ...opts, strict: true });
    expect(r.manifest).toBeUndefined();
    expect(r.diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('reports an invalid name on its line', () => {
    const r = parseSkill('---\ndescription: x\nname: PDF--Tools\n---\n', opts);
    const codes = r.diagnostics.map((d) => [d.code, d.line]);
    expect(codes).toContainEqual(['E_SKILL_NAME_INVALID', 3]);
    expect(codes).toContainEqual(['E_SKILL_NAME_MISMATCH', 3]);
    expect(r.manifest?.name).toBe('PDF--Tools');
  });

  it('rejects names longer than 64 characters and leading or double hyphens', () => {
    for (const bad of ['a'.repeat(65), '-abc', 'abc-', 'a--b', 'ab_c', 'Ab']) {
      const r = parseSkill(`---\nname: ${bad}\ndescription: x\n---\n`, {
        ...opts,
        folderName: bad,
      });
      expect(r.diagnostics.map((d) => d.code)).toContain('E_SKILL_NAME_INVALID');
    }
    const ok = parseSkill(`---\nname: ${'a'.repeat(64)}\ndescription: x\n---\n`, {
      ...opts,
      folderName: 'a'.repeat(64),
    });
    expect(ok.diagnostics).toEqual([]);
  });

  it('reports an over-long description on its line', () => {
    const r = parseSkill(`---\nname: pdf-tools\n\ndescription: ${'x'.repeat(1025)}\n---\n`, opts);
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['E_SKILL_DESCRIPTION_TOO_LONG', 4],
    ]);
    expect(r.manifest?.description.length).toBe(1025);
    expect(
      parseSkill(`---\nname: pdf-tools\ndescription: ${'x'.repeat(1025)}\n---\n`, {
        ...opts,
        strict: true,
      }).manifest,
    ).toBeUndefined();
  });

  it('reads invalid YAML line by line in lenient mode and refuses it in strict mode', () => {
    const text =
      '---\nname: pdf-tools\ndescription: Use it: the workflow differs: see below\nmetadata:\n  author: me\ntriggers:\n  - pdf\n---\nbody';
    const r = parseSkill(text, opts);
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['E_SKILL_YAML', 'warning', 3],
    ]);
    expect(r.diagnostics[0]?.message).toContain('read line by line instead');
    expect(r.manifest?.description).toBe('Use it: the workflow differs: see below');
    expect(r.manifest?.metadata).toEqual({ author: 'me' });
    expect(r.manifest?.triggers?.keywords).toEqual(['pdf']);
    const strict = parseSkill(text, { ...opts, strict: true });
    expect(strict.manifest).toBeUndefined();
    expect(strict.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['E_SKILL_YAML', 'error'],
    ]);
  });

  it('refuses, even in lenient mode, a skill with neither a description nor a body', () => {
    const r = parseSkill('---\nname: pdf-tools\n---\n', opts);
    expect(r.manifest).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(['E_SKILL_DESCRIPTION_MISSING']);
  });

  it('never evaluates tags: a js/function tag stays inert data', () => {
    const r = parseSkill(
      '---\nname: pdf-tools\ndescription: !!js/function "function(){ globalThis.pwned = 1 }"\n---\n',
      opts,
    );
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    expect(typeof r.manifest?.description).toBe('string');
    expect(r.diagnostics.some((d) => d.code === 'W_SKILL_YAML')).toBe(true);
  });

  it('keeps unknown keys and reports them as info', () => {
    const r = parseSkill(
      '---\nname: pdf-tools\ndescription: x\ntags: [a]\nauthors: me\n---\n',
      opts,
    );
    expect(r.manifest?.extraKeys).toEqual(['authors', 'tags']);
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['I_SKILL_UNKNOWN_KEY', 'info', 4],
      ['I_SKILL_UNKNOWN_KEY', 'info', 5],
    ]);
  });

  it('ignores a mistyped optional field with a diagnostic', () => {
    const r = parseSkill(
      '---\nname: pdf-tools\ndescription: x\nmetadata: [1, 2]\npaths: 3\n---\n',
      opts,
    );
    expect(r.manifest?.metadata).toEqual({});
    expect(r.manifest?.paths).toEqual([]);
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['E_SKILL_FIELD_TYPE', 4],
      ['E_SKILL_FIELD_TYPE', 5],
    ]);
  });

  it('reads triggers as a plain list and paths as one string', () => {
    const r = parseSkill(
      '---\nname: pdf-tools\ndescription: x\ntriggers: [git, "pull request"]\npaths: "src/**"\n---\n',
      opts,
    );
    expect(r.manifest?.triggers).toEqual({ keywords: ['git', 'pull request'], minMatches: 1 });
    expect(r.manifest?.paths).toEqual(['src/**']);
  });

  it('reads declared task triggers (triggers.commands), with or without the slash', () => {
    const r = parseSkill(
      '---\nname: pdf-tools\ndescription: x\ntriggers:\n  commands: [/ship, release, ship]\n---\n',
      opts,
    );
    expect(r.manifest?.commands).toEqual(['release', 'ship']);
    expect(r.manifest?.triggers).toBeUndefined(); // no keywords declared
    expect(r.diagnostics).toEqual([]);
    const bad = parseSkill(
      '---\nname: pdf-tools\ndescription: x\ntriggers:\n  keywords: [pdf]\n  commands: [Bad Name, ok]\n---\n',
      opts,
    );
    expect(bad.manifest?.commands).toEqual(['ok']);
    expect(bad.manifest?.triggers?.keywords).toEqual(['pdf']);
    expect(bad.diagnostics.map((d) => [d.code, d.line])).toEqual([['E_SKILL_FIELD_TYPE', 4]]);
    expect(
      parseSkill('---\nname: pdf-tools\ndescription: x\n---\n', opts).manifest?.commands,
    ).toEqual([]);
  });

  it('reports an unclosed frontmatter', () => {
    const r = parseSkill('---\nname: pdf-tools\ndescription: x\n', opts);
    expect(r.diagnostics[0]?.code).toBe('E_SKILL_NO_FRONTMATTER');
    expect(r.diagnostics[0]?.message).toContain('never closed');
  });
});

describe('parseSkill on oversized and hostile frontmatter', () => {
  it('ignores the keys of a frontmatter block over the limit: a warning in lenient mode, refused in strict', () => {
    const filler = Array.from({ length: 9000 }, (_, i) => `k${i}: value`).join('\n');
    const text = `---\nname: pdf-tools\ndescription: Real one\n${filler}\n---\nThe body paragraph.\n`;
    const r = parseSkill(text, opts);
    const yaml = r.diagnostics.find((d) => d.code === 'E_SKILL_YAML');
    expect(yaml).toMatchObject({ severity: 'warning', line: 2 });
    expect(yaml?.message).toMatch(/over the 65536 limit; its keys are ignored$/);
    // the keys are not read: the name falls back to the folder, the description to the body
    expect(r.manifest?.name).toBe('pdf-tools');
    expect(r.manifest?.description).toBe('The body paragraph.');
    expect(r.manifest?.extraKeys).toEqual([]);
    expect(parseSkill(text, { ...opts, strict: true }).manifest).toBeUndefined();
  });
  it('keeps the first of repeated inputs', () => {
    const r = parseSkill(
      '---\nname: pdf-tools\ndescription: d\ninputs:\n  - a\n  - name: a\n    default: x\n  - b\n---\nbody',
      opts,
    );
    expect(r.manifest?.inputs).toEqual([
      { name: 'a', required: true },
      { name: 'b', required: true },
    ]);
  });
});
