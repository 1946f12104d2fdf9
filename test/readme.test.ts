import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/cli-process.js';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

describe('README', () => {
  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm install && npx ctxloom build examples/demo-repo');
    expect(readme).toMatch(/^npm test\b/m);
  });

  it('.ci/run runs the same test command as the README', () => {
    const ci = readFileSync(join(REPO_ROOT, '.ci', 'run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });

  it('API tour runs as written against the built package', () => {
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    expect(blocks.length).toBeGreaterThan(0);
    // `ctxloom` and `ctxloom/<folder>` resolve to the built entry points, as the exports map does.
    const entry = (sub: string) => pathToFileURL(join(REPO_ROOT, 'dist', sub, 'index.js')).href;
    const dir = mkdtempSync(join(tmpdir(), 'ctxloom-readme-'));
    blocks.forEach((code, i) => {
      const file = join(dir, `block-${i}.mjs`);
      writeFileSync(
        file,
        code.replace(/from 'ctxloom(?:\/([a-z]+))?'/g, (_, sub = '') => `from '${entry(sub)}'`),
      );
      const r = spawnSync(process.execPath, [file], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    });
  });
});
