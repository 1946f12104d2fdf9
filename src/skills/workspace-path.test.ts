import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from './test-helpers/temp-tree.js';
import { resolveWorkspacePath, toWorkspacePath } from './workspace-path.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('workspace paths', () => {
  it('makes absolute and relative paths workspace-relative, and refuses outside ones', () => {
    expect(toWorkspacePath('/w/proj', '/w/proj/src/a.ts')).toBe('src/a.ts');
    expect(toWorkspacePath('/w/proj', 'src/../lib/a.ts')).toBe('lib/a.ts');
    expect(toWorkspacePath('/w/proj', '/w/other/a.ts')).toBeUndefined();
    expect(toWorkspacePath('/w/proj', '../proj2/a.ts')).toBeUndefined();
    expect(toWorkspacePath('/w/proj', '/w/proj')).toBeUndefined();
  });

  it('resolves symlinks: a link out of the workspace is outside, a link to it is inside', () => {
    const t = tempTree({ 'proj/src/a.ts': 'x', 'outside/secret.ts': 'y' });
    cleanups.push(t.cleanup);
    const proj = join(t.root, 'proj');
    symlinkSync(join(t.root, 'outside'), join(proj, 'linked'));
    symlinkSync(proj, join(t.root, 'proj-link'));
    expect(resolveWorkspacePath(proj, 'linked/secret.ts')).toBeUndefined();
    expect(resolveWorkspacePath(join(t.root, 'proj-link'), join(proj, 'src/a.ts'))).toBe(
      'src/a.ts',
    );
    expect(resolveWorkspacePath(proj, join(t.root, 'proj-link/src/a.ts'))).toBe('src/a.ts');
    mkdirSync(join(proj, 'new'));
    expect(resolveWorkspacePath(proj, 'new/file-to-create.ts')).toBe('new/file-to-create.ts');
  });
});
