import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openContext } from '../engine/index.js';
import { createPresetRegistry } from '../prompt/index.js';
import { inspectContext } from './inspect-context.js';
import { DEMO_REPO } from './test-helpers/hostile-project.js';

const usage = (read: number, uncached: number) => ({
  input_tokens: uncached,
  cache_read_input_tokens: read,
  cache_creation_input_tokens: 0,
  output_tokens: 10,
});

describe('inspectContext on a live engine', () => {
  it("takes the reported side of the timeline from the engine's ledger, turn by turn", async () => {
    const repo = join(mkdtempSync(join(tmpdir(), 'ctxloom-inspect-live-')), 'repo');
    cpSync(DEMO_REPO, repo, { recursive: true });
    const tools = [
      {
        name: 'read_file',
        description: 'Reads a file.',
        inputSchema: { type: 'object' as const, properties: { path: { type: 'string' } } },
      },
    ];
    const cx = await openContext({
      cwd: repo,
      home: join(repo, '..', 'home'),
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      window: 200_000,
      id: 'live',
      tools,
      clock: () => new Date(0),
    });
    await cx.addUserMessage('Read AGENTS.md.');
    await cx.prepare();
    const first = cx.recordResponse({
      content: [{ type: 'tool_use', id: 'c1', name: 'read_file', input: { path: 'AGENTS.md' } }],
      stop_reason: 'tool_use',
      usage: usage(0, 1000),
    });
    await cx.addToolResult(first.toolCalls[0] as never, { output: 'Use small commits.' });
    await cx.prepare();
    cx.recordResponse({
      content: [{ type: 'text', text: 'Done.' }],
      stop_reason: 'end_turn',
      usage: usage(900, 100),
    });
    const prompt = createPresetRegistry().build(cx.project.context);
    const x = inspectContext({
      project: cx.project,
      prompt,
      tools: cx.tools,
      session: cx.session,
      ledger: cx.ledger.turns,
      model: 'claude-sonnet-4-6',
    });
    const timeline = x.session?.timeline ?? [];
    expect(timeline.map((t) => t.reportedHitRatio)).toEqual([0, 0.9]);
    expect(timeline.every((t) => t.predictedHitRatio !== undefined)).toBe(true);
    expect(x.session?.cache).toMatchObject({ turns: 2, inputTotal: 2000, cacheRead: 900 });
    expect(x.tools.map((t) => t.name)).toContain('read_artifact');
  });
});
