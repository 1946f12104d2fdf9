import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../test/helpers/memory-io.js';
import { MODES, PRESETS } from '../../prompt/index.js';

const VECTORS = resolve('conformance/vectors');

function copyVectors(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ctxloom-conf-')), 'vectors');
  cpSync(VECTORS, dir, { recursive: true });
  return dir;
}

describe('ctxloom conformance', () => {
  it('every vector matches ctxloom byte for byte, and every preset x mode has one', async () => {
    const r = await runInProcess(['conformance', VECTORS]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const names = readdirSync(VECTORS);
    for (const preset of PRESETS)
      for (const mode of MODES) expect(names).toContain(`${preset}-${mode}`);
    expect(r.stdout).toContain(`${names.length} vectors, ${names.length} passed, 0 failed`);
  });

  it('a changed byte fails the vector and names the file and offset (exit 1)', async () => {
    const dir = copyVectors();
    const file = join(dir, 'default-full', 'static.txt');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `${text.slice(0, 10)}X${text.slice(11)}`);
    const r = await runInProcess(['conformance', dir]);
    expect(r.code).toBe(1);
    // the sums catch the edited vector, and the comparison names the byte
    expect(r.stdout).toMatch(
      /FAIL default-full: SHA256SUMS does not match.*static\.txt differs at byte 10/,
    );
    expect(r.stdout).toContain('1 failed');
  });

  it('--update rewrites expected files and sums from ctxloom', async () => {
    const dir = copyVectors();
    writeFileSync(join(dir, 'course-full', 'static.txt'), 'stale');
    writeFileSync(join(dir, 'course-full', 'SHA256SUMS'), 'stale');
    expect((await runInProcess(['conformance', dir, '--update'])).code).toBe(0);
    expect(readFileSync(join(dir, 'course-full', 'static.txt'), 'utf8')).toBe(
      readFileSync(join(VECTORS, 'course-full', 'static.txt'), 'utf8'),
    );
    expect((await runInProcess(['conformance', dir])).code).toBe(0);
  });

  it('--emit prints the output JSON for one input on stdin', async () => {
    const input = readFileSync(join(VECTORS, 'default-none', 'input.json'), 'utf8');
    const r = await runInProcess(['conformance', '--emit'], { stdin: input });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.static).toBe(readFileSync(join(VECTORS, 'default-none', 'static.txt'), 'utf8'));
    expect(out.dynamic).toBeNull();
    expect(out.request).toBe(readFileSync(join(VECTORS, 'default-none', 'request.json'), 'utf8'));
  });

  it('a malformed input is E_CONFORMANCE_INPUT (exit 2)', async () => {
    const r = await runInProcess(['conformance', '--emit'], {
      stdin: '{"format": 1, "preset": "nope"}',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"preset" must be one of');
  });
});
