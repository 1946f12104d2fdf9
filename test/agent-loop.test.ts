/**
 * The example coding agent (examples/agent-loop) driven for 17 steps through the real
 * `@anthropic-ai/sdk` client; a recording `fetch` stands in for the network and answers as a
 * scripted model would, with cache usage computed by `simulateCache` over the bodies so far.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the example is plain JavaScript (checked by examples/tsconfig.json)
import { openSession, runTurn } from '../examples/agent-loop/agent.mjs';
import { type CompactionResult, createFsArtifactStore } from '../src/history/index.js';
import { type InjectionEvent, o200kCounter } from '../src/index.js';
import { requestToBlocks, simulateCache } from '../src/providers/index.js';
import { DEMO_REPO, REPO_ROOT } from './helpers/cli-process.js';

type Block = Record<string, unknown>;
type Body = { messages: { role: string; content: string | Block[] }[]; tools: { name: string }[] };

const BUILD_LOG_LINES = 4000;

function lastToolResultText(body: Body): string {
  const last = body.messages.at(-1);
  if (last === undefined || typeof last.content === 'string') return '';
  return last.content
    .filter((b) => b.type === 'tool_result')
    .map((b) =>
      typeof b.content === 'string'
        ? b.content
        : (b.content as Block[]).map((c) => String(c.text ?? '')).join('\n'),
    )
    .join('\n');
}

const use = (name: string, input: Block) => ({ type: 'tool_use', name, input });
const say = (text: string) => ({ type: 'text', text });

/** What the scripted model answers at each step (it may read the request, like a model). */
const SCRIPT: ((body: Body) => Block)[] = [
  // turn 1: release notes for the last fix (a skill, a command)
  () => use('invoke_skill', { name: 'release-notes' }),
  () => use('run_command', { command: 'echo "fix(billing): round half to even"' }),
  () => use('run_command', { command: 'printf "## 1.0.1\\n- Fixed: rounding\\n" > CHANGELOG.md' }),
  () => say('Release notes are in CHANGELOG.md.'),
  // turn 2: "the build fails": a path rule, a 200 KB log elided on arrival, read back, a fix
  () => use('read_file', { path: 'src/http/server.ts' }),
  () => use('run_command', { command: 'node scripts/build.mjs' }),
  (body) => {
    const ref = /sha256:[0-9a-f]{64}/.exec(lastToolResultText(body))?.[0];
    return use('read_artifact', { ref, start_line: 2190, end_line: 2210 });
  },
  () =>
    use('edit_file', {
      path: 'src/http/server.ts',
      old_text: 'const result = invoiceTotal(JSON.parse(body));',
      new_text: 'const result = invoiceTotal(parseBody(body));',
    }),
  () => use('run_command', { command: 'node scripts/build.mjs --fixed' }),
  () => use('read_file', { path: 'src/http/routes-1.ts' }),
  () => use('read_file', { path: 'src/http/routes-2.ts' }),
  () => use('read_file', { path: 'src/http/routes-3.ts' }),
  () => say('The build failed on an unparsed request body; it now goes through parseBody.'),
  // turn 3 (after a resume): the compaction has summarised turn 2, so the HTTP rule fires again
  () => use('read_file', { path: 'src/http/server.ts' }),
  () =>
    use('edit_file', {
      path: 'src/http/server.ts',
      old_text: "let body = '';",
      new_text: "let body = ''; // empty bodies are answered with 400",
    }),
  () => use('run_command', { command: 'node scripts/build.mjs --fixed' }),
  () => say('Empty bodies are handled.'),
];

interface Recording {
  bodies: Body[];
  step: number;
}

function scriptedClient(rec: Recording): Anthropic {
  const fetch = async (_url: unknown, init?: { body?: unknown }): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as Body;
    rec.bodies.push(body);
    const answer = SCRIPT[rec.step];
    if (answer === undefined) throw new Error(`the script has no step ${rec.step}`);
    const block = answer(body);
    if (block.type === 'tool_use') block.id = `toolu_${String(rec.step).padStart(2, '0')}`;
    rec.step++;
    const sim = simulateCache(
      rec.bodies.map((b) => ({ blocks: requestToBlocks('anthropic', b) })),
      { kind: 'anthropic', minTokens: 1024 },
      o200kCounter,
    );
    const t = sim.turns.at(-1)!;
    const message = {
      id: `msg_${rec.step}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [block],
      stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: t.uncached,
        cache_read_input_tokens: t.cacheRead,
        cache_creation_input_tokens: t.cacheWrite,
        output_tokens: 40,
      },
    };
    return new Response(JSON.stringify(message), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return new Anthropic({ apiKey: 'test-key', fetch: fetch as never, maxRetries: 0 });
}

function routesFile(n: number): string {
  const lines = [`// routes-${n}: generated handlers`];
  for (let i = 0; i < 125; i++)
    lines.push(`export const route${n}_${i} = { method: 'GET', path: '/r${n}/${i}', auth: true };`);
  return `${lines.join('\n')}\n`;
}

const BUILD_SCRIPT = `const fixed = process.argv.includes('--fixed');
if (fixed) console.log('build ok: 412 modules');
else {
for (let i = 0; i < ${BUILD_LOG_LINES}; i++) {
  if (i === 2200) console.log('src/http/server.ts(15,36): error TS2345: JSON.parse result is not a TotalRequest.');
  else console.log('[build] step ' + i + ': compiled module-' + i + '.js in 12ms (cache miss, 3 deps)');
}
process.exitCode = 1;
}
`;

describe('examples/agent-loop on the real Anthropic SDK', () => {
  const rec: Recording = { bodies: [], step: 0 };
  const injections: InjectionEvent[] = [];
  const compactions: CompactionResult[] = [];
  let repo: string;
  let home: string;
  let result: {
    answers: string[];
    sessionIds: string[];
    historyAfterResume: number;
    finalIds: string[];
    finalActivated: string[];
    childParent: string | undefined;
    childTurns: number;
    compactions: number;
  };

  beforeAll(async () => {
    const base = mkdtempSync(join(tmpdir(), 'ctxloom-agent-'));
    repo = join(base, 'repo');
    home = join(base, 'home');
    cpSync(DEMO_REPO, repo, { recursive: true });
    mkdirSync(join(repo, 'scripts'));
    writeFileSync(join(repo, 'scripts', 'build.mjs'), BUILD_SCRIPT);
    for (const n of [1, 2, 3])
      writeFileSync(join(repo, 'src', 'http', `routes-${n}.ts`), routesFile(n));
    const client = scriptedClient(rec);
    let t = 0;
    const clock = () => new Date(Date.UTC(2026, 0, 1, 9, 0, 30 * t++));
    const common = {
      cwd: repo,
      model: 'claude-sonnet-4-5',
      home,
      window: 28_000,
      clock,
      id: 'agent-1',
      // a small window and a low target, so that turn 2 is summarised before turn 3
      compaction: { target: 0.45 },
      hooks: {
        onInjection: (e: InjectionEvent) => injections.push(e),
        onCompaction: (r: CompactionResult) => compactions.push(r),
      },
    };
    const cx = await openSession(common);
    const answers = [
      await runTurn(cx, client, 'Write release notes for the rounding fix.'),
      await runTurn(cx, client, 'The build of the HTTP server fails. Find out why and fix it.'),
    ];
    // a new engine, as a new process would make it, from the saved session
    const again = await openSession({ ...common, resume: true });
    const historyAfterResume = again.history.length;
    answers.push(await runTurn(again, client, 'Also answer empty request bodies with 400.'));
    const child = await again.fork({ mode: 'minimal', id: 'agent-1-review' });
    const finalIds = again.history.map((m: { id: string }) => m.id);
    const finalActivated = again.session.activated.map((r: { key: string }) => r.key);
    result = {
      answers,
      sessionIds: [again.id, child.id],
      historyAfterResume,
      finalIds,
      finalActivated,
      childParent: child.parentId,
      childTurns: child.session.cache.turns,
      compactions: again.session.compactions.length,
    };
  });

  it('runs 17 steps through the SDK and answers each turn', () => {
    expect(rec.step).toBe(SCRIPT.length);
    expect(rec.bodies.length).toBeGreaterThanOrEqual(16);
    expect(result.answers).toEqual([
      'Release notes are in CHANGELOG.md.',
      'The build failed on an unparsed request body; it now goes through parseBody.',
      'Empty bodies are handled.',
    ]);
    expect(readFileSync(join(repo, 'src/http/server.ts'), 'utf8')).toContain('parseBody(body)');
  });

  it('injects the HTTP path rule once, and again only after a compaction removed it', () => {
    const withRule = rec.bodies.map(
      (b) => JSON.stringify(b).split('Validate every request body').length - 1,
    );
    // it appears once from the request after the first read on, until the compaction before
    // turn 3 summarised turn 2; the next read of the file injects it again
    expect(withRule.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(withRule.slice(5, 13)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(result.compactions).toBe(1);
    const firstOfTurn3 = 13;
    expect(withRule[firstOfTurn3]).toBe(0);
    expect(withRule[firstOfTurn3 + 1]).toBe(1);
    // the compaction's own record says what the engine re-armed, and the hooks saw both firings
    const http = 'rule:.cursor/rules/http.mdc#http';
    expect(compactions).toHaveLength(1);
    expect(compactions[0]!.record.rearmed.map((r) => r.key)).toContain(http);
    expect(injections.filter((e) => e.key === http).map((e) => e.via)).toEqual(['path', 'path']);
  });

  it('elides the 200 KB build log on arrival and reads the exact lines back', async () => {
    const step3 = JSON.stringify(rec.bodies[6]);
    expect(step3.length).toBeLessThan(60_000);
    expect(step3).toContain('error TS2345');
    const ref = /sha256:[0-9a-f]{64}/.exec(step3)?.[0] as `sha256:${string}`;
    const stored = await createFsArtifactStore(join(repo, '.ctxloom', 'artifacts')).get(ref);
    // the whole output, exactly: every log line, then the tool's exit line
    expect(stored?.split('\n').length).toBe(BUILD_LOG_LINES + 2);
    expect(stored?.endsWith('\n[exit 1]')).toBe(true);
    expect(stored!.length).toBeGreaterThan(200_000);
    const page = lastToolResultText(rec.bodies[7]!);
    const exact = stored!.split('\n').slice(2189, 2210).join('\n');
    expect(page).toContain(exact);
  });

  it('invokes the skill, saves, resumes with the same history, and forks', () => {
    expect(JSON.stringify(rec.bodies[1])).toContain('Find the last tag');
    expect(result.historyAfterResume).toBeGreaterThan(10);
    expect(result.sessionIds).toEqual(['agent-1', 'agent-1-review']);
    expect(result.childParent).toBe('agent-1');
    expect(result.childTurns).toBe(0);
  });

  it('resumes in a new process with the same history, ids and activations', () => {
    const script = `
      import { resumeContext } from ${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'dist', 'index.js')).href)};
      const cx = await resumeContext({ cwd: ${JSON.stringify(repo)}, home: ${JSON.stringify(home)},
        model: 'claude-sonnet-4-5', provider: 'anthropic', window: 28000, id: 'agent-1' });
      const id = await cx.addUserMessage('one more');
      console.log(JSON.stringify({ ids: cx.history.map((m) => m.id), activated: cx.session.activated.map((r) => r.key), id }));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { ids: string[]; activated: string[]; id: string };
    expect(out.ids.slice(0, -1)).toEqual(result.finalIds);
    expect(out.activated).toEqual(result.finalActivated);
    expect(result.finalIds).not.toContain(out.id);
  });

  it('keeps most of the input cached across the 17 requests', () => {
    const sim = simulateCache(
      rec.bodies.map((b) => ({ blocks: requestToBlocks('anthropic', b) })),
      { kind: 'anthropic', minTokens: 1024 },
      o200kCounter,
    );
    expect(sim.totals.hitRatio).toBeGreaterThan(0.5);
  });
});
