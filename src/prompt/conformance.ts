/**
 * @module prompt/conformance
 * The language-neutral byte contract: a conformance vector is a JSON session state (preset, mode,
 * override, the PromptContext input) plus the exact bytes any implementation must produce for it.
 * This module reads a vector's input and builds its prompt; the CLI (`ctxloom conformance`) adds
 * the provider request, reads and writes the vector files and compares bytes. Format:
 * docs/conformance.md.
 */
import { CtxloomError } from '../diagnostics/index.js';
import { createPromptContext, type PromptContextInput } from './context.js';
import {
  createPresetRegistry,
  MODES,
  PRESETS,
  type PresetName,
  type PromptMode,
  type PromptOverride,
} from './presets.js';

/** The vector format version this implementation reads. */
export const CONFORMANCE_FORMAT = 1;

/** The files of one vector folder. */
export const CONFORMANCE_FILES = Object.freeze({
  input: 'input.json',
  static: 'static.txt',
  dynamic: 'dynamic.txt',
  request: 'request.json',
  sums: 'SHA256SUMS',
});

/** Providers a vector's request may target. */
export const CONFORMANCE_PROVIDERS = Object.freeze([
  'anthropic',
  'openai-chat',
  'openai-responses',
  'ai-sdk',
] as const);

/** The provider request part of a vector. */
export interface ConformanceRequest {
  readonly provider: (typeof CONFORMANCE_PROVIDERS)[number];
  readonly model: string;
  /** The output limit; the AI SDK payload has none (the caller passes it to `generateText`). */
  readonly maxTokens: number;
  /**
   * The transcript: Anthropic Messages for `anthropic`, OpenAI Chat Completions messages for the
   * other providers (as `ctxloom payload --transcript` reads them).
   */
  readonly messages: readonly unknown[];
  /** The request's tools (`ToolDefinition`s); none when absent. */
  readonly tools?:
    | readonly {
        readonly name: string;
        readonly description: string;
        readonly inputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
      }[]
    | undefined;
}

/** One vector's input (`input.json`). */
export interface ConformanceInput {
  readonly format: number;
  readonly preset: PresetName;
  readonly mode: PromptMode;
  readonly override?: PromptOverride | undefined;
  /** A PromptContext input, JSON only (`now` as an ISO-8601 string). */
  readonly context: PromptContextInput;
  readonly request?: ConformanceRequest | undefined;
}

/** What an implementation produces for a vector: the exact texts. */
export interface ConformanceOutput {
  readonly static: string;
  /** `null` when the prompt has no dynamic tier (then `dynamic.txt` does not exist). */
  readonly dynamic: string | null;
  /** The request body as exact JSON text, or `null` when the vector has no request. */
  readonly request: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function bad(message: string): CtxloomError {
  return new CtxloomError('E_CONFORMANCE_INPUT', `conformance input: ${message}`);
}

function parseOverride(o: unknown): PromptOverride | undefined {
  if (o === undefined) return undefined;
  if (!isObject(o) || (o.kind !== 'replace' && o.kind !== 'append') || typeof o.text !== 'string')
    throw bad('"override" must be { "kind": "replace" | "append", "text": string }');
  return { kind: o.kind, text: o.text };
}

const isTool = (t: unknown): boolean =>
  isObject(t) &&
  typeof t.name === 'string' &&
  typeof t.description === 'string' &&
  isObject(t.inputSchema) &&
  t.inputSchema.type === 'object';

function parseRequest(r: unknown): ConformanceRequest | undefined {
  if (r === undefined) return undefined;
  if (isObject(r) && r.tools !== undefined && !(Array.isArray(r.tools) && r.tools.every(isTool)))
    throw bad(
      '"request.tools" must be an array of { "name": string, "description": string, "inputSchema": { "type": "object", ... } }',
    );
  if (
    !isObject(r) ||
    !CONFORMANCE_PROVIDERS.includes(r.provider as ConformanceRequest['provider']) ||
    typeof r.model !== 'string' ||
    !Number.isInteger(r.maxTokens) ||
    !Array.isArray(r.messages)
  )
    throw bad(
      `"request" must be { "provider": ${CONFORMANCE_PROVIDERS.map((p) => `"${p}"`).join(' | ')}, "model": string, "maxTokens": integer, "messages": array, "tools"?: array }`,
    );
  return r as unknown as ConformanceRequest;
}

/** Reads a vector's parsed `input.json`; a malformed one is `E_CONFORMANCE_INPUT`. */
export function parseConformanceInput(value: unknown): ConformanceInput {
  if (!isObject(value)) throw bad('expected a JSON object');
  if (value.format !== CONFORMANCE_FORMAT)
    throw bad(`"format" must be ${CONFORMANCE_FORMAT}, got ${JSON.stringify(value.format)}`);
  if (!PRESETS.includes(value.preset as PresetName))
    throw bad(`"preset" must be one of ${PRESETS.join(', ')}`);
  if (!MODES.includes(value.mode as PromptMode))
    throw bad(`"mode" must be one of ${MODES.join(', ')}`);
  if (!isObject(value.context)) throw bad('"context" must be an object');
  return {
    format: CONFORMANCE_FORMAT,
    preset: value.preset as PresetName,
    mode: value.mode as PromptMode,
    override: parseOverride(value.override),
    context: value.context as PromptContextInput,
    request: parseRequest(value.request),
  };
}

/** The vector's prompt: the two tiers, built by ctxloom from the session state. */
export function buildConformancePrompt(input: ConformanceInput) {
  const ctx = createPromptContext(input.context);
  return createPresetRegistry({
    preset: input.preset,
    mode: input.mode,
    override: input.override,
  }).build(ctx);
}

/** Where two byte strings first differ (`-1` when equal). */
export function firstDifference(expected: Uint8Array, actual: Uint8Array): number {
  const n = Math.min(expected.length, actual.length);
  for (let i = 0; i < n; i++) if (expected[i] !== actual[i]) return i;
  return expected.length === actual.length ? -1 : n;
}
