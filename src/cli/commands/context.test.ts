import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../test/helpers/memory-io.js';
import { hostileProject, SESSION_ID } from '../../inspect/test-helpers/hostile-project.js';

const NOW = '2026-01-01T00:00:00Z';

describe('ctxloom context', () => {
  it('prints the usage table of a session against --window', async () => {
    const repo = hostileProject();
    const r = await runInProcess([
      'context',
      repo,
      '--session',
      SESSION_ID,
      '--window',
      '50000',
      '--now',
      NOW,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`session ${SESSION_ID}: 7 messages, 1 compactions`);
    expect(r.stdout).toMatch(/^tool results \(elided\) +\d+ +\d+\.\d%/m);
    expect(r.stdout).toMatch(/^window +50000$/m);
  });

  it('--json prints the inspection; --tools fills the tools row from the registry', async () => {
    const repo = hostileProject();
    const tools = [
      {
        name: 'run',
        description: 'Runs a command.',
        inputSchema: { type: 'object', properties: { cmd: { type: 'string' } } },
      },
    ];
    writeFileSync(join(repo, 'tools.json'), JSON.stringify(tools));
    const r = await runInProcess(
      ['context', repo, '--tools', 'tools.json', '--json', '--now', NOW],
      { cwd: repo },
    );
    expect(r.code).toBe(0);
    const x = JSON.parse(r.stdout);
    expect(x.tools.map((t: { name: string }) => t.name)).toEqual(['run']);
    const row = x.usage.rows.find((u: { category: string }) => u.category === 'tools');
    expect(row.tokens).toBeGreaterThan(0);
    expect(x.session).toBeUndefined();
  });

  it('refuses a bad --window and an unknown session with exit 2', async () => {
    const repo = hostileProject();
    expect((await runInProcess(['context', repo, '--window', '0'])).code).toBe(2);
    const missing = await runInProcess(['context', repo, '--session', 'nope', '--json']);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).error.code).toBe('E_SESSION_NOT_FOUND');
  });
});

describe('ctxloom inspect', () => {
  it('writes the page to --out and needs --out', async () => {
    const repo = hostileProject();
    const r = await runInProcess([
      'inspect',
      repo,
      '--provider',
      'openai',
      '--out',
      join(repo, 'r.html'),
      '--now',
      NOW,
    ]);
    expect(r.code).toBe(0);
    const html = readFileSync(join(repo, 'r.html'), 'utf8');
    expect(html).toContain('Cache breakpoints (openai, gpt-4.1)');
    expect((await runInProcess(['inspect', repo])).code).toBe(2);
  });
});
