import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWriteTarget, isSameFile, writeProjectFile } from './write-gate.js';

const tmp = () => realpathSync(mkdtempSync(join(tmpdir(), 'ctxloom-write-')));

describe('write gate', () => {
  it('writes inside the root, creating folders', () => {
    const root = tmp();
    writeProjectFile(join(root, '.ctxloom/plan/PLAN.md'), 'x', { roots: [root] });
    expect(readFileSync(join(root, '.ctxloom/plan/PLAN.md'), 'utf8')).toBe('x');
  });

  it('refuses a folder symlinked out of the repository, and creates nothing there', () => {
    const root = tmp();
    const elsewhere = tmp();
    symlinkSync(elsewhere, join(root, '.ctxloom'));
    expect(() =>
      writeProjectFile(join(root, '.ctxloom/plan/PLAN.md'), 'x', { roots: [root] }),
    ).toThrow(expect.objectContaining({ code: 'E_WRITE_OUTSIDE_ROOT' }));
    expect(existsSync(join(elsewhere, 'plan'))).toBe(false);
  });

  it('refuses a dangling symlinked folder (mkdir would follow it)', () => {
    const root = tmp();
    symlinkSync(join(tmp(), 'not-yet'), join(root, '.ctxloom'));
    expect(checkWriteTarget(join(root, '.ctxloom/x'), { roots: [root] })?.code).toBe(
      'E_WRITE_OUTSIDE_ROOT',
    );
  });

  it('refuses a symlinked target, even one inside the root', () => {
    const root = tmp();
    writeFileSync(join(root, 'real.md'), 'keep');
    symlinkSync('real.md', join(root, 'PLAN.md'));
    expect(checkWriteTarget(join(root, 'PLAN.md'), { roots: [root] })?.code).toBe(
      'E_WRITE_SYMLINK',
    );
  });

  it('refuses a target that is a FIFO or a folder', () => {
    const root = tmp();
    execFileSync('mkfifo', [join(root, 'fifo')]);
    mkdirSync(join(root, 'dir'));
    expect(checkWriteTarget(join(root, 'fifo'), { roots: [root] })?.code).toBe(
      'E_WRITE_NOT_A_FILE',
    );
    expect(checkWriteTarget(join(root, 'dir'))?.code).toBe('E_WRITE_NOT_A_FILE');
  });

  it('never overwrites an input: by identity, through a symlink or a hard link', () => {
    const dir = tmp();
    const input = join(dir, 'in.json');
    writeFileSync(input, '{}');
    symlinkSync(input, join(dir, 'soft.json'));
    linkSync(input, join(dir, 'hard.json'));
    for (const out of ['soft.json', 'hard.json', 'in.json', './sub/../in.json'])
      expect(checkWriteTarget(join(dir, out), { notSameAs: [input] })?.code, out).toBe(
        'E_WRITE_SAME_FILE',
      );
    expect(checkWriteTarget(join(dir, 'other.json'), { notSameAs: [input] })).toBeUndefined();
    expect(isSameFile(join(dir, 'hard.json'), input)).toBe(true);
  });
});
