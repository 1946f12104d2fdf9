/**
 * @module cli/commands/payload
 * `ctxloom payload [dir] --provider anthropic|openai|openai-responses|ai-sdk`: the request body for
 * the project's prompt (and an optional transcript), with cache breakpoints placed.
 */

import { Option } from 'commander';
import { isRecord as isObject } from '../../_internal/records.js';
import { type Diagnostic, diagnostic, formatDiagnostic } from '../../diagnostics/index.js';
import { type History, importAnthropic, importOpenAI } from '../../history/index.js';
import {
  createPresetRegistry,
  MODES,
  PRESETS,
  type PresetName,
  type PromptMode,
} from '../../prompt/index.js';
import {
  type RepositoryPlacement,
  toAiSdkCallOptions,
  toAnthropicRequest,
  toOpenAIChatRequest,
  toOpenAIResponsesRequest,
} from '../../providers/index.js';
import { escapeExcerpt, flaggedWrapper, gateUntrusted, scan } from '../../safety/index.js';
import type { ToolDefinition } from '../../tools/index.js';
import { type CommandContext, type RegisterCommand, UsageError } from '../command.js';
import { loadProjectContext } from '../project-context.js';
import {
  addPromptFlags,
  overrideFromFlags,
  type PromptFlags,
  withLocaleFlag,
} from '../prompt-flags.js';
import { readJson } from '../read-json.js';
import { projectTools } from './build.js';

export const PAYLOAD_PROVIDERS = ['anthropic', 'openai', 'openai-responses', 'ai-sdk'] as const;
type PayloadProvider = (typeof PAYLOAD_PROVIDERS)[number];

interface PayloadOptions extends PromptFlags {
  provider: PayloadProvider;
  preset: PresetName;
  mode: PromptMode;
  model?: string;
  now?: string;
  transcript?: string;
  tools?: string;
  maxTokens: string;
  aiSdk: 'v5' | 'v6';
  repository: RepositoryPlacement;
}

const DEFAULT_MODEL: Record<PayloadProvider, string> = {
  anthropic: 'claude-sonnet-4-6',
  openai: 'gpt-4.1',
  'openai-responses': 'gpt-4.1',
  'ai-sdk': 'claude-sonnet-4-6',
};

/** What a JSON value is, for error messages. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return value === undefined
    ? 'missing'
    : `${typeof value === 'object' ? 'an' : 'a'} ${typeof value}`;
}

/** What is wrong with one transcript message, or undefined. */
function messageProblem(m: unknown, provider: PayloadProvider): string | undefined {
  if (!isObject(m)) return ` is ${kindOf(m)}, not an object`;
  // a Responses item with a `type` (function_call, reasoning...) has its own shape
  if (provider === 'openai-responses' && typeof m.type === 'string') return undefined;
  if (typeof m.role !== 'string') return ' has no string "role"';
  const nullable = provider === 'openai' || provider === 'openai-responses';
  const content = m.content;
  if (typeof content === 'string' || (nullable && (content === null || content === undefined)))
    return undefined;
  const expected = `expected a string or an array of content objects${nullable ? ' (or null)' : ''}`;
  if (!Array.isArray(content)) return `: "content" is ${kindOf(content)}: ${expected}`;
  const bad = content.findIndex((block) => !isObject(block));
  return bad < 0 ? undefined : `: "content"[${bad}] is ${kindOf(content[bad])}: ${expected}`;
}

/**
 * A transcript is a JSON array of messages: Anthropic Messages for `anthropic`, OpenAI Chat
 * Completions for the others (`{ role, content: string }` fits all), read into the neutral history. Each message needs a string `role` and a `content` that is a string or an
 * array of content objects (OpenAI shapes may also leave it null, as tool-calling turns do).
 */
function readTranscript(
  ctx: CommandContext,
  file: string | undefined,
  provider: PayloadProvider,
): History {
  if (file === undefined) return [];
  const value = readJson(ctx.io, file);
  if (!Array.isArray(value))
    throw new UsageError(`${file}: a transcript must be a JSON array of messages`, undefined, {
      file,
    });
  for (let i = 0; i < value.length; i++) {
    const problem = messageProblem(value[i], provider);
    if (problem !== undefined)
      throw new UsageError(`${file}: message ${i}${problem}`, undefined, { file });
  }
  return (provider === 'anthropic' ? importAnthropic(value) : importOpenAI(value)).history;
}

function readTools(ctx: CommandContext, file: string | undefined): ToolDefinition[] {
  if (file === undefined) return [];
  const read = readJson(ctx.io, file);
  // an MCP tools/list dump ({ tools: [...] }) is read as its list
  const value = isObject(read) && Array.isArray(read.tools) ? read.tools : read;
  if (!Array.isArray(value))
    throw new UsageError(
      `${file}: tools must be a JSON array of { name, description, inputSchema } (or an MCP tools/list result)`,
      undefined,
      { file },
    );
  return value.map((t, i) => {
    if (
      !isObject(t) ||
      typeof t.name !== 'string' ||
      typeof t.description !== 'string' ||
      !isObject(t.inputSchema) ||
      t.inputSchema.type !== 'object'
    ) {
      const what = isObject(t) ? '' : ` (it is ${kindOf(t)})`;
      throw new UsageError(
        `${file}: tool ${i} needs a string name, a string description and an inputSchema object of type "object"${what}`,
        undefined,
        { file },
      );
    }
    return t as unknown as ToolDefinition;
  });
}

/**
 * Tool definitions from a file are untrusted text the model reads (name, description and the
 * schema's own descriptions): each passes the one scan gate. A blocked tool is left out with
 * `E_TOOL_BLOCKED`; a flagged one keeps its name and schema and its description is shown inside
 * the flagged wrapper (`W_SCAN_FLAGGED`). Diagnostics name the file and the tool's index.
 */
export function gateTools(
  tools: readonly ToolDefinition[],
  file: string,
): { tools: ToolDefinition[]; diagnostics: Diagnostic[] } {
  const kept: ToolDefinition[] = [];
  const diagnostics: Diagnostic[] = [];
  tools.forEach((t, i) => {
    const source = `${file}#tool ${i} (${t.name})`;
    const text = `${t.name}\n${t.description}\n${JSON.stringify(t.inputSchema)}`;
    const gate = gateUntrusted(text, {
      source,
      channel: 'tool-description',
      scanner: (x, o) => scan(x, o),
    });
    if (!gate.allowed) {
      diagnostics.push(
        diagnostic(
          'E_TOOL_BLOCKED',
          'error',
          `tool ${i} (${escapeExcerpt(t.name)}) left out: the injection scanner blocked its definition (rules: ${gate.ruleIds.join(', ') || 'none reported'})`,
          { file },
        ),
      );
      return;
    }
    diagnostics.push(...gate.diagnostics);
    kept.push(
      gate.verdict === 'flagged'
        ? { ...t, description: flaggedWrapper(t.description, source, gate.ruleIds) }
        : t,
    );
  });
  return { tools: kept, diagnostics };
}

async function run(ctx: CommandContext, dir: string | undefined, o: PayloadOptions): Promise<void> {
  const maxTokens = Number(o.maxTokens);
  if (!Number.isInteger(maxTokens) || maxTokens <= 0)
    throw new UsageError(`--max-tokens must be a positive whole number, got "${o.maxTokens}"`);
  const model = o.model ?? DEFAULT_MODEL[o.provider];
  const override = overrideFromFlags(o, ctx.io.cwd);
  const io = withLocaleFlag(ctx.io, o.locale);
  const project = await loadProjectContext(io, dir, { model, now: o.now });
  const prompt = createPresetRegistry({ preset: o.preset, mode: o.mode, override }).build(
    project.context,
  );
  const history = readTranscript(ctx, o.transcript, o.provider);
  const gated = gateTools(readTools(ctx, o.tools), o.tools ?? '');
  for (const d of gated.diagnostics) ctx.io.err(`${formatDiagnostic(d)}\n`);
  // the configuration's tools.files first (read gate, scanned by the registry), then --tools
  const configured = projectTools(project, undefined, ctx.io.cwd);
  for (const d of configured?.diagnostics ?? []) ctx.io.err(`${formatDiagnostic(d)}\n`);
  const taken = new Set(configured?.definitions.map((t) => t.name));
  for (const t of gated.tools.filter((x) => taken.has(x.name)))
    ctx.io.err(
      `${formatDiagnostic(diagnostic('E_TOOL_DUPLICATE', 'error', `tool "${t.name}" left out: tools.files defines it already`, { file: o.tools }))}\n`,
    );
  const tools = [
    ...(configured?.definitions ?? []),
    ...gated.tools.filter((x) => !taken.has(x.name)),
  ];
  let body: unknown;
  if (o.provider === 'anthropic') {
    body = toAnthropicRequest({
      model,
      maxTokens,
      prompt,
      tools,
      history,
      repositoryPlacement: o.repository,
    }).request;
  } else if (o.provider === 'openai') {
    body = toOpenAIChatRequest({
      model,
      prompt,
      tools,
      history,
      maxOutputTokens: maxTokens,
      repositoryPlacement: o.repository,
    });
  } else if (o.provider === 'openai-responses') {
    body = toOpenAIResponsesRequest({
      model,
      prompt,
      tools,
      history,
      maxOutputTokens: maxTokens,
      repositoryPlacement: o.repository,
    });
  } else {
    body = {
      model,
      ...toAiSdkCallOptions({
        prompt,
        tools,
        history,
        version: o.aiSdk,
        model, // the model's minimum cacheable length, not the 1024 default
        repositoryPlacement: o.repository,
      }),
    };
  }
  ctx.io.out(`${JSON.stringify(body, null, 2)}\n`);
}

export const registerPayloadCommand: RegisterCommand = (program, ctx) => {
  const command = program
    .command('payload')
    .description('print the provider request body for the project at [dir], with cache breakpoints')
    .argument('[dir]', 'project directory')
    .addOption(
      new Option('--provider <name>', 'target API').choices(PAYLOAD_PROVIDERS).default('anthropic'),
    )
    .addOption(new Option('--preset <name>', 'section preset').choices(PRESETS).default('default'))
    .addOption(
      new Option('--mode <mode>', 'full, minimal (sub-agents), none or coordinator')
        .choices(MODES)
        .default('full'),
    )
    .option('--model <id>', 'model id (default per provider)')
    .option('--now <iso>', 'fix the clock (ISO-8601)')
    .option(
      '--transcript <file>',
      'JSON array of messages: Anthropic for anthropic, OpenAI Chat otherwise ({ role, content } fits all)',
    )
    .option(
      '--tools <file>',
      "JSON array of { name, description, inputSchema } or an MCP tools/list result (after the config's tools.files)",
    )
    .option('--max-tokens <n>', 'output token limit', '4096')
    .addOption(new Option('--ai-sdk <version>', 'AI SDK shape').choices(['v5', 'v6']).default('v6'))
    .addOption(
      new Option(
        '--repository <placement>',
        'where instruction files go: in the system prompt, or as the first user message',
      )
        .choices(['system', 'user'])
        .default('system'),
    )
    .option('--json', 'JSON output (the default; accepted for symmetry)');
  addPromptFlags(command).action((dir: string | undefined, options: PayloadOptions) =>
    run(ctx, dir, options),
  );
};
