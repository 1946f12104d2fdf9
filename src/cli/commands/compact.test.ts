import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../../../test/helpers/memory-io.js';

let dir = '';
afterEach(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function workdir(files: Record<string, unknown>): string {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'ctxloom-cli-compact-')));
  for (const [name, value] of Object.entries(files)) {
    writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return dir;
}

function openaiTranscript() {
  const messages: Record<string, unknown>[] = [
    { role: 'system', content: 'You are a coding agent.' },
    { role: 'user', content: 'Fix the parser.\nAcceptance: the test PARSE-9 must pass.' },
  ];
  for (let i = 0; i < 12; i++) {
    messages.push({ role: 'user', content: `step ${i}` });
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: `c${i}`,
          type: 'function',
          function: { name: 'bash', arguments: '{"command":"npm test"}' },
        },
      ],
    });
    const log = Array.from({ length: 400 }, (_, j) =>
      i === 3 && j === 200
        ? 'Error: PARSE-9 expected "a" got "b"'
        : `line ${j} of the test output for run ${i}`,
    );
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: log.join('\n') });
    messages.push({
      role: 'assistant',
      content: `Run ${i} looked at. ${'Thinking about it. '.repeat(80)}`,
    });
  }
  return { model: 'gpt-x', messages };
}

describe('ctxloom compact', () => {
  it('prints the compacted transcript in the same format and a report; stores artifacts', async () => {
    const cwd = workdir({ 't.json': openaiTranscript() });
    const before = readFileSync(join(cwd, 't.json'), 'utf8');
    const r = await runInProcess(['compact', 't.json', '--window', '20000', '--target', '0.5'], {
      cwd,
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      model: string;
      messages: { role: string; content: unknown }[];
    };
    expect(out.model).toBe('gpt-x');
    expect(out.messages[1]).toEqual({
      role: 'user',
      content: 'Fix the parser.\nAcceptance: the test PARSE-9 must pass.',
    });
    expect(r.stdout).toContain('<ctxloom:summary');
    expect(r.stdout).toContain('Error: PARSE-9 expected \\"a\\" got \\"b\\"');
    expect(r.stderr).toMatch(
      /^t\.json: compacted \(stages: elide, summarize\)\ntokens: \d+ -> \d+ \(target 10000, window 20000\)/,
    );
    expect(r.stderr).toContain('every fact survived');
    expect(r.stderr).toContain('ok   error: Error: PARSE-9 expected "a" got "b"');
    expect(r.stderr).not.toContain('error: ---');
    expect(readFileSync(join(cwd, 't.json'), 'utf8')).toBe(before);
    const stored = readdirSync(join(cwd, '.ctxloom', 'artifacts', 'sha256'));
    expect(stored.length).toBeGreaterThan(0);
  });

  it('--json prints transcript and report as one object', async () => {
    const cwd = workdir({ 't.json': openaiTranscript() });
    const r = await runInProcess(
      ['compact', 't.json', '--window', '20000', '--target', '0.5', '--json'],
      { cwd },
    );
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout) as { transcript: unknown; report: Record<string, unknown> };
    expect(o.report).toMatchObject({ status: 'compacted', factsSurvived: true, window: 20000 });
    expect((o.report.tokensAfter as number) <= (o.report.targetTokens as number)).toBe(true);
    expect((o.report.artifacts as unknown[]).length).toBeGreaterThan(0);
  });

  it('keeps the Anthropic shape, thinking loops whole, and can compact its own output again', async () => {
    const messages: Record<string, unknown>[] = [
      { role: 'user', content: 'Goal: make `npm test` pass. Never edit the fixtures.' },
    ];
    for (let i = 0; i < 10; i++) {
      messages.push({
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: `plan ${i}`, signature: `sig${i}` },
          { type: 'tool_use', id: `tu${i}`, name: 'bash', input: { command: `npm test -- ${i}` } },
        ],
      });
      messages.push({
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: `tu${i}`,
            content: Array.from({ length: 300 }, (_, j) => `run ${i} line ${j}`).join('\n'),
          },
        ],
      });
      messages.push({
        role: 'assistant',
        content: [{ type: 'text', text: `Run ${i} done. ${'Notes. '.repeat(200)}` }],
      });
      messages.push({ role: 'user', content: `next ${i}` });
    }
    const cwd = workdir({
      'a.json': { model: 'claude-x', max_tokens: 1024, system: 'Be careful.', messages },
    });
    const r = await runInProcess(
      ['compact', 'a.json', '--window', '12000', '--target', '0.5', '--out', 'b.json'],
      { cwd },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const out = JSON.parse(readFileSync(join(cwd, 'b.json'), 'utf8')) as {
      model: string;
      system: string;
      messages: { role: string; content: unknown }[];
    };
    expect(out.model).toBe('claude-x');
    expect(out.system).toBe('Be careful.');
    expect(out.messages[0]).toEqual(messages[0]);
    for (let i = 0; i < out.messages.length; i++) {
      const c = out.messages[i]!.content;
      if (!Array.isArray(c)) continue;
      for (const b of c as { type: string; tool_use_id?: string }[]) {
        if (b.type !== 'tool_result') continue;
        const prev = out.messages[i - 1]!.content as { type: string; id?: string }[];
        expect(prev.some((p) => p.type === 'tool_use' && p.id === b.tool_use_id)).toBe(true);
        expect(prev.some((p) => p.type === 'thinking')).toBe(true);
      }
    }
    const again = await runInProcess(
      ['compact', 'b.json', '--window', '8000', '--target', '0.5', '--json'],
      { cwd },
    );
    expect(again.code).toBe(0);
    const o = JSON.parse(again.stdout) as {
      transcript: { messages: unknown[] };
      report: { factsSurvived: boolean };
    };
    expect(o.report.factsSurvived).toBe(true);
    expect(JSON.stringify(o.transcript)).toContain(
      'Goal: make `npm test` pass. Never edit the fixtures.',
    );
  });

  it('names the message index of a malformed transcript and exits 2', async () => {
    const cwd = workdir({
      orphan: {
        messages: [
          { role: 'user', content: 'x' },
          { role: 'tool', tool_call_id: 'nope', content: 'y' },
        ],
      },
      role: {
        messages: [
          { role: 'user', content: 'x' },
          { role: 'wizard', content: 'y' },
        ],
      },
      dup: {
        format: 'ctxloom-history',
        version: 1,
        messages: [
          { id: 'a', role: 'user', parts: [] },
          { id: 'a', role: 'user', parts: [] },
        ],
      },
      bad: '{',
    });
    const orphan = await runInProcess(['compact', 'orphan'], { cwd });
    expect(orphan.code).toBe(2);
    expect(orphan.stderr).toContain(
      'orphan: invalid history: message 1 (id m1): tool result for nope does not follow its call',
    );
    const role = await runInProcess(['compact', 'role', '--format', 'openai'], { cwd });
    expect(role.stderr).toContain('role: message 1: unknown role "wizard"');
    const dup = await runInProcess(['compact', 'dup'], { cwd });
    expect(dup.stderr).toContain('message 1 (id a): duplicate message id a');
    expect((await runInProcess(['compact', 'bad'], { cwd })).stderr).toContain('bad: invalid JSON');
  });

  it('refuses to write over its input and rejects bad flags', async () => {
    const cwd = workdir({ 't.json': openaiTranscript() });
    expect(
      (await runInProcess(['compact', 't.json', '--out', './t.json'], { cwd })).stderr,
    ).toContain('never writes over its input');
    expect((await runInProcess(['compact', 't.json', '--window', '0'], { cwd })).code).toBe(2);
    expect((await runInProcess(['compact', 't.json', '--target', '1.5'], { cwd })).code).toBe(2);
    expect((await runInProcess(['compact', 't.json', '--format', 'xml'], { cwd })).code).toBe(2);
  });
});
