// The engine's prepare() for the OpenAI Chat, OpenAI Responses and AI SDK paths sent through the
// real clients (`openai`, `ai` 6 with `@ai-sdk/anthropic`) with a recording `fetch`, and each
// client's return value handed back to recordResponse() as it is: a tool call comes out, its
// result goes in, and the next body carries the call and its result in order. (The Anthropic path
// runs through the real SDK in test/agent-loop.test.ts.)
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAnthropic } from '@ai-sdk/anthropic';
import { generateText } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createMemoryArtifactStore } from '../history/index.js';
import { loadProject } from '../project/index.js';
import { aiSdkTools, recorder } from '../providers/test-helpers/wire-fixtures.js';
import type { ToolDefinition } from '../tools/index.js';
import { openContext } from './context-engine.js';
import type { ProviderName } from './types.js';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples/demo-repo');
const readFile: ToolDefinition = {
  name: 'read_file',
  description: 'Reads a file.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

async function engine<P extends ProviderName>(provider: P, model: string) {
  const repo = join(mkdtempSync(join(tmpdir(), 'ctxloom-engine-wire-')), 'repo');
  cpSync(DEMO, repo, { recursive: true });
  const project = await loadProject({ cwd: repo, home: join(repo, '..', 'home') });
  let t = 0;
  const cx = await openContext({
    cwd: repo,
    project,
    model,
    provider,
    tools: [readFile],
    window: 200_000,
    artifacts: createMemoryArtifactStore(),
    clock: () => new Date(Date.UTC(2026, 0, 1, 9, 0, 30 * t++)),
  });
  await cx.addUserMessage('Validate the HTTP request body.');
  return cx;
}

const OUTPUT = 'export const server = createServer(handler);';

describe('engine -> real clients -> engine', () => {
  it('openai-chat: a tool call comes back, its result and the path rule go out next turn', async () => {
    const cx = await engine('openai-chat', 'gpt-5');
    const rec = recorder({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-5',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'read_file', arguments: '{"path":"src/http/server.ts"}' },
              },
            ],
          },
        },
      ],
      usage: {
        prompt_tokens: 3000,
        completion_tokens: 9,
        prompt_tokens_details: { cached_tokens: 2048 },
      },
    });
    const client = new OpenAI({ apiKey: 'test', fetch: rec.fetch, maxRetries: 0 });
    const response = await client.chat.completions.create((await cx.prepare()).request);
    const { toolCalls, usage } = cx.recordResponse(response);
    expect(toolCalls).toEqual([
      { id: 'call_1', name: 'read_file', input: { path: 'src/http/server.ts' } },
    ]);
    expect(usage?.cacheRead).toBe(2048);
    await cx.addToolResult(toolCalls[0]!, { output: OUTPUT, touched: ['src/http/server.ts'] });
    await client.chat.completions.create((await cx.prepare()).request);
    const body = rec.bodies[1] as {
      messages: { role: string; content?: unknown; tool_call_id?: string }[];
      prompt_cache_key?: string;
    };
    const roles = body.messages.map((m) => m.role);
    const call = roles.indexOf('assistant');
    expect(roles[call + 1]).toBe('tool');
    expect(body.messages[call + 1]?.tool_call_id).toBe('call_1');
    expect(JSON.stringify(body.messages[call + 1]?.content)).toContain(
      'Validate every request body',
    );
    expect(body.prompt_cache_key).toMatch(/^ctxloom-/);
  });

  it('openai-responses: function_call out, function_call_output in, reasoning item sent back', async () => {
    const cx = await engine('openai-responses', 'gpt-5');
    const rec = recorder({
      id: 'resp_1',
      object: 'response',
      created_at: 1,
      status: 'completed',
      model: 'gpt-5',
      output: [
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [{ type: 'summary_text', text: 'Read it first.' }],
        },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_1',
          name: 'read_file',
          arguments: '{"path":"src/http/server.ts"}',
          status: 'completed',
        },
      ],
      usage: {
        input_tokens: 3000,
        output_tokens: 9,
        total_tokens: 3009,
        input_tokens_details: { cached_tokens: 1024 },
        output_tokens_details: { reasoning_tokens: 4 },
      },
    });
    const client = new OpenAI({ apiKey: 'test', fetch: rec.fetch, maxRetries: 0 });
    const response = await client.responses.create((await cx.prepare()).request);
    const { toolCalls } = cx.recordResponse(response);
    expect(toolCalls.map((c) => c.id)).toEqual(['call_1']);
    await cx.addToolResult(toolCalls[0]!, { output: OUTPUT });
    await client.responses.create((await cx.prepare()).request);
    const input = (rec.bodies[1] as { input: { type?: string; id?: string; call_id?: string }[] })
      .input;
    const types = input.map((i) => i.type);
    expect(input.find((i) => i.type === 'reasoning')?.id).toBe('rs_1');
    expect(types.indexOf('function_call_output')).toBe(types.indexOf('function_call') + 1);
    expect(input.find((i) => i.type === 'function_call_output')?.call_id).toBe('call_1');
  });

  it('ai-sdk (Anthropic provider): generateText result in, cache markers and the clock out', async () => {
    const cx = await engine('ai-sdk', 'claude-sonnet-4-6');
    const rec = recorder({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: [
        {
          type: 'tool_use',
          id: 'toolu_1',
          name: 'read_file',
          input: { path: 'src/http/server.ts' },
        },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 20,
        output_tokens: 9,
        cache_read_input_tokens: 2000,
        cache_creation_input_tokens: 0,
      },
    });
    const model = createAnthropic({ apiKey: 'test', fetch: rec.fetch })('claude-sonnet-4-6');
    const send = async () => {
      const options = (await cx.prepare()).request;
      return generateText({
        model,
        system: options.system,
        messages: options.messages,
        tools: aiSdkTools(options),
        providerOptions: options.providerOptions,
      });
    };
    const result = await send();
    expect(result.warnings).toEqual([]);
    const { toolCalls, usage } = cx.recordResponse(result);
    expect(toolCalls).toEqual([
      { id: 'toolu_1', name: 'read_file', input: { path: 'src/http/server.ts' } },
    ]);
    expect(usage?.cacheRead).toBe(2000);
    await cx.addToolResult(toolCalls[0]!, { output: OUTPUT, touched: ['src/http/server.ts'] });
    await send();
    const body = JSON.stringify(rec.bodies[1]);
    expect(body.split('"cache_control"').length - 1).toBeLessThanOrEqual(4);
    const messages = (
      rec.bodies[1] as { messages: { role: string; content: { type: string; text?: string }[] }[] }
    ).messages;
    const last = messages.at(-1)!;
    // a tool-loop step: the clock is the last block of the last (tool result) message
    expect(last.content.at(-1)?.text).toMatch(/^Current date and time: /);
    expect(last.content.some((b) => b.type === 'tool_result')).toBe(true);
  });
});
