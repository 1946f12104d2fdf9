import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_REPO, normaliseOutput, REPO_ROOT, runBin } from './helpers/cli-process.js';
import { runInProcess } from './helpers/memory-io.js';

const NOW = '2026-01-01T09:30:00Z';
const GOLDEN_DIR = join(REPO_ROOT, 'test', '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';

function golden(name: string, actual: string): void {
  const file = join(GOLDEN_DIR, name);
  if (update) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('ctxloom build (built binary) golden fixtures on examples/demo-repo', () => {
  const cases = [
    ['default', 'full'],
    ['default', 'minimal'],
    ['default', 'none'],
    ['planning', 'full'],
    ['planning', 'minimal'],
    ['planning', 'none'],
  ] as const;

  it.each(cases)('preset %s, mode %s is byte-for-byte the golden file', (preset, mode) => {
    const r = runBin([
      'build',
      'examples/demo-repo',
      '--now',
      NOW,
      '--preset',
      preset,
      '--mode',
      mode,
    ]);
    expect(r.stderr).toMatch(/section\s+tier\s+status\s+tokens/);
    expect(r.code).toBe(0);
    golden(`build-${preset}-${mode}.txt`, normaliseOutput(r.stdout));
  });

  it('with a model id adds model notes (golden)', () => {
    const r = runBin(['build', 'examples/demo-repo', '--now', NOW, '--model', 'claude-sonnet-4-5']);
    expect(r.code).toBe(0);
    golden('build-default-full-claude.txt', normaliseOutput(r.stdout));
  });

  it('gives the same bytes on every run', () => {
    const a = runBin(['build', DEMO_REPO, '--now', NOW]);
    const b = runBin(['build', DEMO_REPO, '--now', NOW]);
    expect(a.stdout).toBe(b.stdout);
  });

  it('--json prints one object with the documented shape', () => {
    const r = runBin(['build', 'examples/demo-repo', '--now', NOW, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(
      expect.arrayContaining(['static', 'dynamic', 'sections', 'tokens', 'diagnostics']),
    );
    expect(out.tokens.total).toBe(out.tokens.static + out.tokens.dynamic + 1);
    expect(out.sections[0]).toEqual({
      name: 'identity',
      tier: 'static',
      status: 'rendered',
      bytes: expect.any(Number),
      tokens: expect.any(Number),
    });
    expect(out.sections.at(-1).name).toBe('current-datetime');
    expect(
      out.dynamic.endsWith('Current date and time: 2026-01-01T09:30:00Z (Thursday, UTC).'),
    ).toBe(true);
  });

  it('exits 2 with a one-line message on a missing directory or a bad --now', () => {
    const missing = runBin(['build', 'no/such/dir']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/cannot read directory .*no\/such\/dir: ENOENT/);
    const badNow = runBin(['build', '--now', 'tomorrow']);
    expect(badNow.code).toBe(2);
    expect(badNow.stderr).toMatch(/--now must be an ISO-8601/);
    const badMode = runBin(['build', '--mode', 'max']);
    expect(badMode.code).toBe(2);
  });

  it('--help and --version exit 0', async () => {
    const help = runBin(['build', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--preset <name>/);
    const version = runBin(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(
      JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version,
    );
    // the bin answers a lone version flag without loading the CLI: byte for byte what the CLI
    // itself prints for it, for both spellings
    for (const flag of ['--version', '-v']) {
      const inProcess = await runInProcess([flag]);
      expect(inProcess.code).toBe(0);
      const bin = runBin([flag]);
      expect(bin.code).toBe(0);
      expect(bin.stdout).toBe(inProcess.stdout);
    }
  });
});

describe('ctxloom doctor (built binary)', () => {
  it('passes on the demo repo for every preset and mode', () => {
    const r = runBin(['doctor', 'examples/demo-repo']);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/^ok /gm)).toHaveLength(12);
    expect(r.stdout).toMatch(/cache-stable\.\n$/);
  });
});
