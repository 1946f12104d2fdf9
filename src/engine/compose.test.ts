// Compile-level contract (`npm run typecheck` checks this file): project -> engine -> request for
// each provider path, with ctxloom's own tools among `tools`, is assignable to the real SDK
// parameter types with no cast; the runtime assertions pin what the types cannot.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Anthropic from '@anthropic-ai/sdk';
import { type generateText, jsonSchema, type ModelMessage, type ToolSet } from 'ai';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createMemoryArtifactStore } from '../history/index.js';
import { loadProject } from '../project/index.js';
import type { ToolDefinition } from '../tools/index.js';
import { openContext } from './context-engine.js';
import type { ProviderName } from './types.js';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples/demo-repo');

const readFile: ToolDefinition = {
  name: 'read_file',
  description: 'Reads a file.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

async function engineFor<P extends ProviderName>(provider: P) {
  const repo = join(mkdtempSync(join(tmpdir(), 'ctxloom-compose-')), 'repo');
  cpSync(DEMO, repo, { recursive: true });
  const project = await loadProject({ cwd: repo, home: join(repo, '..', 'home') });
  const cx = await openContext({
    cwd: repo,
    project,
    model: provider === 'anthropic' || provider === 'ai-sdk' ? 'claude-sonnet-4-5' : 'gpt-5',
    provider,
    tools: [readFile],
    window: 200_000,
    artifacts: createMemoryArtifactStore(),
  });
  await cx.addUserMessage('Read the server.');
  return cx;
}

describe('project -> engine -> SDK parameter types, with no cast', () => {
  it('anthropic: client.messages.create takes prepare().request', async () => {
    const cx = await engineFor('anthropic');
    const { request } = await cx.prepare();
    const params: Anthropic.MessageCreateParamsNonStreaming = request;
    expect(params.tools?.map((t) => ('name' in t ? t.name : ''))).toEqual([
      'invoke_skill',
      'read_artifact',
      'read_file',
    ]);
  });

  it('openai-chat and openai-responses: the create() params', async () => {
    const chat: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = (
      await (await engineFor('openai-chat')).prepare()
    ).request;
    const responses: OpenAI.Responses.ResponseCreateParamsNonStreaming = (
      await (await engineFor('openai-responses')).prepare()
    ).request;
    expect(chat.messages.at(-1)?.role).toBeDefined();
    expect(responses.prompt_cache_key).toMatch(/^ctxloom-/);
  });

  it('ai-sdk: ModelMessage[] and the generateText call', async () => {
    const options = (await (await engineFor('ai-sdk')).prepare()).request;
    const messages: ModelMessage[] = options.messages;
    const tools: ToolSet = Object.fromEntries(
      Object.entries(options.tools ?? {}).map(([name, t]) => [
        name,
        { description: t.description, inputSchema: jsonSchema(t.inputSchema) },
      ]),
    );
    const call: Parameters<typeof generateText>[0] = {
      model: 'anthropic/claude-sonnet-4-5',
      system: options.system,
      messages,
      tools,
      providerOptions: options.providerOptions,
    };
    expect(Object.keys(call.tools ?? {}).sort()).toEqual([
      'invoke_skill',
      'read_artifact',
      'read_file',
    ]);
  });
});
