// Hostile and careless CLI input: every case used to end in an internal error (exit 70, a stack
// trace), a hang, or no output under --json. Each must now be exit 2, name the file, print one
// `{ "error": { code, message, file? } }` object on stdout with --json, and no stack trace.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, DEMO_REPO, runBin } from '../helpers/cli-process.js';
import { runInProcess } from '../helpers/memory-io.js';

let dir: string;
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctxloom-hostile-cli-'));
  chmodSync(dir, 0o755);
  const put = (rel: string, value: unknown) =>
    writeFileSync(join(dir, rel), typeof value === 'string' ? value : JSON.stringify(value));
  put('content-null.json', [{ role: 'user', content: null }]);
  put('content-5.json', [{ role: 'user', content: 5 }]);
  put('content-arrnull.json', [{ role: 'user', content: [null] }]);
  put('message-null.json', [null]);
  put('tools-null.json', [null]);
  put('tools-noparams.json', [{ name: 't', description: 'd', inputSchema: null }]);
  put('system-string.json', { system: 'x', messages: [] });
  put('system-blocks.json', { system: [{}], messages: [] });
  put('deep.json', deep(200_000));
  put(
    'deep-body.json',
    `{"system":"x","max_tokens":1,"messages":[{"role":"user","content":${deep(200_000)}}]}`,
  );
  put('deep-trace.jsonl', `{"model":"m","messages":[]}\n{"messages":${deep(5000)}}\n`);
  put(
    'deep-transcript.json',
    `{"messages":[{"role":"user","content":[{"type":"text","text":"a","x":${deep(200_000)}}]}]}`,
  );
  mkdirSync(join(dir, 'a-folder'));
  spawnSync('mkfifo', [join(dir, 'fifo.json')]);
  mkdirSync(join(dir, 'tree/locked'), { recursive: true });
  put('tree/AGENTS.md', '# ok\n');
  put('tree/locked/AGENTS.md', '# hidden\n');
  chmodSync(join(dir, 'tree/locked'), 0o000);
  mkdirSync(join(dir, 'links'));
  put('links/ok.md', 'fine\n');
  symlinkSync('/nonexistent/target.md', join(dir, 'links/dangling.md'));
  symlinkSync('loop.md', join(dir, 'links/loop.md'));
});
afterAll(() => {
  chmodSync(join(dir, 'tree/locked'), 0o755);
  rmSync(dir, { recursive: true, force: true });
});

/** Runs in process; an exception out of runCli is what the binary turns into exit 70. */
async function run(argv: readonly string[]) {
  try {
    return await runInProcess(argv, { cwd: dir });
  } catch (error) {
    return { code: 70, stdout: '', stderr: String((error as Error)?.stack ?? error) };
  }
}

/** argv (run in the temp dir), the file the message must name, a fragment it must contain. */
const CASES: [string, string[], string, string][] = [
  [
    'payload: content null',
    ['payload', DEMO_REPO, '--transcript', 'content-null.json'],
    'content-null.json',
    'message 0: "content" is null',
  ],
  [
    'payload: content 5',
    ['payload', DEMO_REPO, '--transcript', 'content-5.json'],
    'content-5.json',
    '"content" is a number',
  ],
  [
    'payload: content [null]',
    ['payload', DEMO_REPO, '--transcript', 'content-arrnull.json'],
    'content-arrnull.json',
    '"content"[0] is null',
  ],
  [
    'payload openai: content 5',
    ['payload', DEMO_REPO, '--provider', 'openai', '--transcript', 'content-5.json'],
    'content-5.json',
    'message 0',
  ],
  [
    'payload ai-sdk: content [null]',
    ['payload', DEMO_REPO, '--provider', 'ai-sdk', '--transcript', 'content-arrnull.json'],
    'content-arrnull.json',
    'message 0',
  ],
  [
    'payload: a null message',
    ['payload', DEMO_REPO, '--transcript', 'message-null.json'],
    'message-null.json',
    'message 0 is null',
  ],
  [
    'payload: tools [null]',
    ['payload', DEMO_REPO, '--tools', 'tools-null.json'],
    'tools-null.json',
    'tool 0',
  ],
  [
    'payload: tool inputSchema null',
    ['payload', DEMO_REPO, '--tools', 'tools-noparams.json'],
    'tools-noparams.json',
    'tool 0',
  ],
  [
    'payload: transcript is a FIFO',
    ['payload', DEMO_REPO, '--transcript', 'fifo.json'],
    'fifo.json',
    'not a regular file',
  ],
  [
    'payload: transcript is a folder',
    ['payload', DEMO_REPO, '--transcript', 'a-folder'],
    'a-folder',
    'directory',
  ],
  [
    'payload: 200,000-deep transcript',
    ['payload', DEMO_REPO, '--transcript', 'deep.json'],
    'deep.json',
    'deeper than 1000',
  ],
  [
    'diff: system "x" against system [{}]',
    ['diff', 'system-string.json', 'system-blocks.json'],
    'system-blocks.json',
    '"system[0]" has no "content"',
  ],
  [
    'diff: 200,000-deep JSON',
    ['diff', 'deep.json', 'system-string.json'],
    'deep.json',
    'deeper than 1000',
  ],
  [
    'diff: a deep message inside a body',
    ['diff', 'system-string.json', 'deep-body.json'],
    'deep-body.json',
    'deeper than 1000',
  ],
  [
    'cache-sim: a deep trace line',
    ['cache-sim', 'deep-trace.jsonl'],
    'deep-trace.jsonl:2',
    'deeper than 1000',
  ],
  [
    'compact: a 200,000-deep transcript',
    ['compact', 'deep-transcript.json'],
    'deep-transcript.json',
    'deeper than 1000',
  ],
  ['scan: a FIFO path', ['scan', 'fifo.json'], 'fifo.json', 'not a regular file'],
];

describe('hostile CLI input: exit 2, the file named, never a crash', () => {
  for (const [name, argv, file, fragment] of CASES) {
    it(`${name}: exit 2 with a located message`, async () => {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(file);
      expect(r.stderr).toContain(fragment);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    });
    it(`${name}: --json prints one error object on stdout`, async () => {
      const r = await run([...argv, '--json']);
      expect(r.code).toBe(2);
      const lines = r.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const parsed = JSON.parse(lines[0]!) as { error: Record<string, unknown> };
      expect(Object.keys(parsed)).toEqual(['error']);
      expect(parsed.error.code).toMatch(/^E_[A-Z_]+$/);
      expect(parsed.error.message).toContain(fragment);
      expect(String(parsed.error.file ?? parsed.error.message)).toContain(file.split(':')[0]);
    });
  }

  it('scan: dangling and looping symlinks in a folder neither crash nor hang', async () => {
    const r = await run(['scan', 'links', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(
      (JSON.parse(r.stdout) as { results: { source: string }[] }).results.map((x) => x.source),
    ).toEqual(['links/ok.md']);
  });

  it('scan: an unreadable sub-folder is exit 2 naming it (run as an unprivileged user)', () => {
    // root reads a mode-000 folder anyway: drop to nobody where possible, else run as we are
    const asRoot = process.getuid?.() === 0;
    const setpriv = spawnSync('setpriv', ['--version']).status === 0;
    if (asRoot && !setpriv) return; // cannot make the folder unreadable for root here
    const argv = ['scan', 'tree', '--format', 'json'];
    const r = asRoot
      ? spawnSync(
          'setpriv',
          ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, ...argv],
          {
            cwd: dir,
            encoding: 'utf8',
          },
        )
      : spawnSync(process.execPath, [BIN, ...argv], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('cannot read folder');
    expect(r.stderr).toContain('tree/locked');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(JSON.parse(r.stdout)).toEqual({
      error: {
        code: 'E_USAGE',
        message: expect.stringContaining('EACCES'),
        file: expect.stringContaining('tree/locked'),
      },
    });
  });

  it('the built binary: no stack trace and exit 2 on a deep diff and a null tool', () => {
    for (const argv of [
      ['diff', 'deep-body.json', 'system-string.json', '--json'],
      ['payload', DEMO_REPO, '--tools', 'tools-null.json', '--json'],
    ]) {
      const r = runBin(argv, { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('internal error');
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['error']);
    }
  });
});

describe('--json on every error path', () => {
  const ERRORS: string[][] = [
    ['build', '/nonexistent-dir', '--json'],
    ['build', DEMO_REPO, '--now', 'garbage', '--json'],
    ['doctor', '/nonexistent-dir', '--json'],
    ['payload', DEMO_REPO, '--max-tokens', 'x', '--json'],
    ['payload', DEMO_REPO, '--transcript', 'missing.json', '--json'],
    ['cache-sim', 'missing.jsonl', '--json'],
    ['cache-sim', 'deep-trace.jsonl', '--min-tokens', 'abc', '--json'],
    ['diff', 'missing.json', 'system-string.json', '--json'],
    ['diff', '--json'],
    ['scan', '/nonexistent-path', '--format', 'json'],
    ['scan', '--stdin', 'some-path.md', '--json'],
    ['sources', '/nonexistent-dir', '--json'],
    ['skills', '/nonexistent-dir', '--json'],
    ['skills', 'match', DEMO_REPO, '--json'],
    ['skills', 'show', 'x', '/nonexistent-dir', '--json'],
    ['compact', 'missing.json', '--json'],
    ['compact', 'content-5.json', '--window', 'x', '--json'],
    ['plan', 'show', '/nonexistent-dir', '--json'],
    ['session', 'list', '/nonexistent-dir', '--json'],
    ['session', 'show', 'nosuch', DEMO_REPO, '--json'],
    ['session', 'fork', 'nosuch', DEMO_REPO, '--json'],
    ['no-such-command', '--json'],
    ['build', '--bogus-flag', '--json'],
  ];
  for (const argv of ERRORS) {
    it(`${argv.join(' ')}: exit 2 and one { error } object`, async () => {
      const r = await run(argv);
      expect(r.code).toBe(2);
      const parsed = JSON.parse(r.stdout) as { error: { code: string; message: string } };
      expect(Object.keys(parsed)).toEqual(['error']);
      expect(parsed.error.code).toMatch(/^E_[A-Z_]+$/);
      expect(parsed.error.message.length).toBeGreaterThan(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
    });
  }

  it('skills show --json prints the invoke_skill result as JSON', async () => {
    const r = await run(['skills', 'show', 'no-such-skill', DEMO_REPO, '--json']);
    const parsed = JSON.parse(r.stdout) as { name: string; ok: boolean; text: string };
    expect(parsed).toMatchObject({ name: 'no-such-skill', ok: false });
    expect(typeof parsed.text).toBe('string');
    expect(r.code).toBe(1);
  });
});

describe('random JSON inputs never crash the CLI (property)', () => {
  it('payload, diff, cache-sim and compact over random request and transcript shapes', async () => {
    const leaf = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.boolean(),
      fc.constantFrom('user', 'assistant', 'tool', 'text', 'tool_use', 'image', 'function', '1h'),
    );
    const key = fc.constantFrom(
      'role',
      'content',
      'type',
      'text',
      'id',
      'name',
      'input',
      'tool_use_id',
      'tool_calls',
      'function',
      'tool_call_id',
      'cache_control',
      'system',
      'messages',
      'inputSchema',
      'providerOptions',
      'request',
      'at',
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('tree'), { maxLength: 3 }),
        fc.dictionary(key, tie('tree'), { maxKeys: 4, noNullPrototype: true }),
      ),
    }));
    const block = fc
      .dictionary(key, tree, { maxKeys: 3, noNullPrototype: true })
      .map((b) => ({ type: 'text', ...b }));
    const msg = fc.record({
      role: fc.constantFrom('user', 'assistant', 'tool', 'system'),
      content: fc.oneof(fc.string(), fc.array(block, { maxLength: 3 }), leaf),
    });
    const tool = fc.record({
      name: fc.constantFrom('t', 'u'),
      description: fc.string(),
      inputSchema: fc.oneof(fc.constant({ type: 'object' }), tree),
    });
    const body = fc.record(
      {
        system: fc.oneof(fc.string(), fc.array(block, { maxLength: 2 })),
        messages: fc.array(msg, { maxLength: 3 }),
        max_tokens: fc.constant(1),
        tools: fc.array(tool, { maxLength: 2 }),
        input: fc.array(msg, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    );
    const value = fc.oneof(tree, fc.array(msg, { maxLength: 4 }), fc.array(tool), body);
    const commands: string[][] = [
      ['payload', DEMO_REPO, '--transcript', 'a.json'],
      ['payload', DEMO_REPO, '--provider', 'openai', '--transcript', 'a.json'],
      ['payload', DEMO_REPO, '--provider', 'ai-sdk', '--transcript', 'a.json'],
      ['payload', DEMO_REPO, '--tools', 'a.json'],
      ['diff', 'a.json', 'b.json'],
      ['diff', 'a.json', 'b.json', '--provider', 'anthropic'],
      ['diff', 'a.json', 'b.json', '--provider', 'openai-chat'],
      ['cache-sim', 't.jsonl'],
      ['compact', 'a.json'],
    ];
    const fuzz = join(dir, 'fuzz');
    mkdirSync(fuzz, { recursive: true });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...commands), value, value, async (argv, a, b) => {
        writeFileSync(join(fuzz, 'a.json'), JSON.stringify(a));
        writeFileSync(join(fuzz, 'b.json'), JSON.stringify(b));
        writeFileSync(join(fuzz, 't.jsonl'), `${JSON.stringify(a)}\n${JSON.stringify(b)}\n`);
        const r = await runInProcess(argv, { cwd: fuzz }); // throws (exit 70) on a bug
        expect([0, 1, 2]).toContain(r.code);
      }),
      { numRuns: 150 },
    );
  });
});
