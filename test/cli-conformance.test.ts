import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from './helpers/cli-process.js';

describe('ctxloom conformance --cmd (built binary)', () => {
  it('checks another implementation through its command: ctxloom --emit passes every vector', () => {
    const r = runBin([
      'conformance',
      'conformance/vectors',
      '--cmd',
      'node bin/ctxloom.js conformance --emit',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/(\d+) vectors, \1 passed, 0 failed/);
  });

  it('a port that prints wrong bytes fails every vector (exit 1)', () => {
    const r = runBin([
      'conformance',
      'conformance/vectors',
      '--cmd',
      `node -e "process.stdout.write(JSON.stringify({static:'x',dynamic:null,request:null}))"`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('static.txt differs at byte 0');
    expect(r.stdout).toMatch(/, 0 passed, \d+ failed/);
  });

  it('a port whose AI SDK payload differs fails exactly the ai-sdk vectors, naming request.json', () => {
    // a port: ctxloom itself on stdin, with the AI SDK call options serialised with spaces
    const port = join(mkdtempSync(join(tmpdir(), 'ctxloom-port-')), 'port.mjs');
    writeFileSync(
      port,
      [
        "import { execFileSync } from 'node:child_process';",
        "import { readFileSync } from 'node:fs';",
        'const input = readFileSync(0, "utf8");',
        "const out = JSON.parse(execFileSync(process.execPath, ['bin/ctxloom.js', 'conformance', '--emit'], { input, encoding: 'utf8' }));",
        "if (JSON.parse(input).request?.provider === 'ai-sdk') out.request = JSON.stringify(JSON.parse(out.request), null, 1);",
        'process.stdout.write(JSON.stringify(out));',
      ].join('\n'),
    );
    // a few vectors keep it quick: each runs two processes
    const dir = mkdtempSync(join(tmpdir(), 'ctxloom-vectors-'));
    for (const v of [
      'default-full',
      'default-full-openai-responses',
      'clock-tail-ai-sdk',
      'default-full-ai-sdk',
      'default-full-zh-cn-ai-sdk',
      'tools-ai-sdk',
    ])
      cpSync(join('conformance/vectors', v), join(dir, v), { recursive: true });
    const r = runBin(['conformance', dir, '--cmd', `node ${port}`]);
    expect(r.code).toBe(1);
    const failed = r.stdout.split('\n').filter((l) => l.startsWith('FAIL'));
    expect(failed.map((l) => l.split(':')[0])).toEqual([
      'FAIL clock-tail-ai-sdk',
      'FAIL default-full-ai-sdk',
      'FAIL default-full-zh-cn-ai-sdk',
      'FAIL tools-ai-sdk',
    ]);
    for (const l of failed) expect(l).toMatch(/request\.json differs at byte 1 /);
    expect(r.stdout).toContain('ok   default-full-openai-responses');
    expect(r.stdout).toContain('6 vectors, 2 passed, 4 failed');
  });
});
