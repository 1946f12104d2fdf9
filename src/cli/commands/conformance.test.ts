import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../test/helpers/memory-io.js';
import { CONFORMANCE_PROVIDERS, MODES, PRESETS } from '../../prompt/index.js';

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

  it('every provider has vectors, each request.json compact JSON text of a plain object', () => {
    const byProvider = new Map<string, string[]>();
    for (const name of readdirSync(VECTORS)) {
      const input = JSON.parse(readFileSync(join(VECTORS, name, 'input.json'), 'utf8'));
      if (input.request === undefined) continue;
      const text = readFileSync(join(VECTORS, name, 'request.json'), 'utf8');
      // language-neutral bytes: exactly what JSON.stringify of the parsed body gives
      expect(JSON.stringify(JSON.parse(text))).toBe(text);
      byProvider.set(input.request.provider, [
        ...(byProvider.get(input.request.provider) ?? []),
        name,
      ]);
    }
    for (const p of CONFORMANCE_PROVIDERS) expect(byProvider.get(p)?.length).toBeGreaterThan(0);
    const pinned = ['clock-tail', 'default-full', 'default-full-zh-cn', 'tools'];
    expect(byProvider.get('openai-responses')?.sort()).toEqual(
      pinned.map((v) => `${v}-openai-responses`),
    );
    expect(byProvider.get('ai-sdk')?.sort()).toEqual(
      [...pinned, 'tools-cached'].sort().map((v) => `${v}-ai-sdk`),
    );
  });

  it('pins where each new provider puts the clock and the tools', () => {
    const req = (name: string) =>
      JSON.parse(readFileSync(join(VECTORS, name, 'request.json'), 'utf8'));
    const clock = 'Current date and time: 2026-01-01T09:30:00Z (Thursday, UTC).';
    // Responses: the clock is a final developer item, after the tool call's output
    const responses = req('clock-tail-openai-responses');
    expect(responses.input.map((i: { type: string }) => i.type).slice(-2)).toEqual([
      'function_call_output',
      'message',
    ]);
    expect(responses.input.at(-1)).toEqual({ type: 'message', role: 'developer', content: clock });
    expect(responses.tools.map((t: { name: string }) => t.name)).toEqual([
      'bash',
      'edit_file',
      'read_file',
    ]);
    // AI SDK: the clock is a user message after the tool message, which carries the sliding breakpoint
    const sdk = req('clock-tail-ai-sdk');
    expect(sdk.messages.at(-1)).toEqual({ role: 'user', content: clock });
    expect(sdk.messages.at(-2).role).toBe('tool');
    expect(sdk.messages.at(-2).providerOptions.anthropic.cacheControl).toEqual({
      type: 'ephemeral',
    });
    expect(Object.keys(req('tools-ai-sdk').tools)).toEqual(['bash', 'edit_file', 'read_file']);
    // tools below the model's minimum carry no marker; past it, the last tool carries the 1h one
    expect(req('tools-ai-sdk').tools.read_file.providerOptions).toBeUndefined();
    const cached = req('tools-cached-ai-sdk').tools;
    expect(cached.bash.providerOptions).toBeUndefined();
    expect(cached.read_file.providerOptions.anthropic.cacheControl).toEqual({
      type: 'ephemeral',
      ttl: '1h',
    });
    expect(req('default-full-ai-sdk').system[0].providerOptions.anthropic.cacheControl).toEqual({
      type: 'ephemeral',
      ttl: '1h',
    });
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
