/**
 * @module providers/test-helpers/wire-fixtures
 * What the wire tests share: a built prompt, ctxloom's own tools, a tool-loop history whose latest
 * message is a tool result, and a `fetch` that records every request and answers with a canned
 * reply (the only fake: it stands in for the network under the real SDK clients).
 */
import { jsonSchema, type ToolSet } from 'ai';
import { type History, readArtifactTool } from '../../history/index.js';
import { createPresetRegistry, createPromptContext } from '../../prompt/index.js';
import { INVOKE_SKILL_TOOL } from '../../skills/index.js';
import type { AiSdkCallOptions } from '../ai-sdk.js';

export const tools = [readArtifactTool, INVOKE_SKILL_TOOL];

export const prompt = createPresetRegistry().build(
  createPromptContext({
    model: 'claude-sonnet-4-6',
    tools: tools.map((t) => t.name),
    memory: '- Money is integer cents; round half to even once, at the end.\n'.repeat(40),
    cwd: '/repo',
    now: '2026-01-05T09:00:30Z',
  }),
);

export const ref = `sha256:${'b'.repeat(64)}`;

/** A tool-loop step: the latest message is a tool result. */
export const history: History = [
  { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Read the build log.' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [{ type: 'tool-call', id: 'call_1', name: 'read_artifact', input: { ref } }],
  },
  {
    id: 't1',
    role: 'tool',
    parts: [{ type: 'tool-result', toolCallId: 'call_1', content: 'error TS2322 at src/a.ts:3' }],
  },
];

/** One recorded request. */
export interface Recorded {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A fetch that records each request and answers with `reply`. */
export function recorder(reply: unknown): {
  fetch: typeof fetch;
  calls: Recorded[];
  bodies: Record<string, unknown>[];
} {
  const calls: Recorded[] = [];
  const bodies: Record<string, unknown>[] = [];
  const f = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    calls.push({ url: String(url), headers: new Headers(init?.headers), body });
    bodies.push(body);
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_1' },
    });
  };
  return { fetch: f as typeof fetch, calls, bodies };
}

/**
 * What a caller does with the AI SDK tool specs: the SDK's `tool()` fields, the SDK's own
 * `jsonSchema` wrapper, and the tools breakpoint (its `providerOptions`) passed on.
 */
export function aiSdkTools(options: Pick<AiSdkCallOptions, 'tools'>): ToolSet {
  return Object.fromEntries(
    Object.entries(options.tools ?? {}).map(([name, t]) => [
      name,
      {
        description: t.description,
        inputSchema: jsonSchema(t.inputSchema),
        ...(t.providerOptions ? { providerOptions: t.providerOptions } : {}),
      },
    ]),
  );
}

/** A canned Chat Completions answer: 'ok', 2,000 prompt tokens of which 1,792 cached. */
export const chatReply = {
  id: 'chatcmpl_1',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-5',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: {
    prompt_tokens: 2000,
    completion_tokens: 2,
    total_tokens: 2002,
    prompt_tokens_details: { cached_tokens: 1792 },
  },
};

/** A canned Anthropic answer, 'Fixed.', with the given `usage` block. */
export const anthropicReply = (usage: unknown) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-6',
  content: [{ type: 'text', text: 'Fixed.' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage,
});

/** A canned Responses answer: 'ok', 2,000 input tokens of which 1,920 cached. */
export const responsesReply = {
  id: 'resp_1',
  object: 'response',
  created_at: 0,
  model: 'gpt-5',
  status: 'completed',
  output: [
    {
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'ok', annotations: [] }],
    },
  ],
  usage: {
    input_tokens: 2000,
    output_tokens: 2,
    total_tokens: 2002,
    input_tokens_details: { cached_tokens: 1920 },
    output_tokens_details: { reasoning_tokens: 0 },
  },
};
