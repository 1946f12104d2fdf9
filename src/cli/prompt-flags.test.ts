import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../test/helpers/memory-io.js';

const DEMO = resolve('examples/demo-repo');
const NOW = ['--now', '2026-01-01T00:00:00Z'];

/** The Anthropic request's system text blocks, joined. */
function systemText(stdout: string): string {
  const body = JSON.parse(stdout) as { system: { text: string }[] };
  return body.system.map((b) => b.text).join('\n\n');
}

describe('ctxloom payload --system-prompt / --append-system-prompt (shared with build)', () => {
  it('--system-prompt TEXT replaces the whole system prompt in the request', async () => {
    const r = await runInProcess(['payload', DEMO, ...NOW, '--system-prompt', 'You are Bob.']);
    expect(r.code).toBe(0);
    expect(systemText(r.stdout)).toBe('You are Bob.');
  });

  it('--append-system-prompt @FILE ends the static part of the request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ctxloom-payload-'));
    writeFileSync(join(dir, 'extra.md'), 'Always write tests first.\n');
    const r = await runInProcess(['payload', DEMO, ...NOW, '--append-system-prompt', '@extra.md'], {
      cwd: dir,
    });
    expect(r.code).toBe(0);
    const text = systemText(r.stdout);
    expect(text).toContain('Always write tests first.');
    expect(text.indexOf('Always write tests first.')).toBeLessThan(text.indexOf('<environment'));
  });

  it('payload and build give the same usage errors (exit 2)', async () => {
    for (const command of ['build', 'payload']) {
      const both = await runInProcess([
        command,
        DEMO,
        '--system-prompt',
        'a',
        '--append-system-prompt',
        'b',
      ]);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('cannot be used together');
      const missing = await runInProcess([
        command,
        DEMO,
        '--append-system-prompt',
        '@/nonexistent/x.md',
      ]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('--append-system-prompt: cannot read');
      const locale = await runInProcess([command, DEMO, '--locale', 'not a locale']);
      expect(locale.code).toBe(2);
      expect(locale.stderr).toContain('--locale must be a language tag');
    }
  });
});
