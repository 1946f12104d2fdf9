import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyPath } from './classify-path.js';

describe('classifyPath', () => {
  it('judges a symlink by where it leads, and never leaves the roots', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'ctxloom-classify-')));
    const out = realpathSync(mkdtempSync(join(tmpdir(), 'ctxloom-classify-')));
    writeFileSync(join(root, 'f'), 'x');
    mkdirSync(join(root, 'd'));
    execFileSync('mkfifo', [join(root, 'p')]);
    symlinkSync('f', join(root, 'lf'));
    symlinkSync('d', join(root, 'ld'));
    symlinkSync(out, join(root, 'lout'));
    symlinkSync('gone', join(root, 'ldead'));
    symlinkSync('lloop', join(root, 'lloop'));
    const kinds = Object.fromEntries(
      ['f', 'd', 'p', 'lf', 'ld', 'lout', 'ldead', 'lloop', 'none'].map((n) => [
        n,
        classifyPath(join(root, n), [root]).kind,
      ]),
    );
    expect(kinds).toEqual({
      f: 'file',
      d: 'directory',
      p: 'special',
      lf: 'file',
      ld: 'directory',
      lout: 'outside',
      ldead: 'dangling',
      lloop: 'loop',
      none: 'missing',
    });
  });
});
