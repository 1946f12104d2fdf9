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
});
