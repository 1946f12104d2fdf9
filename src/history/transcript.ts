/**
 * @module history/transcript
 * Transcript files in three formats: ctxloom's own (`{"format":"ctxloom-history","version":1,
 * "messages":[...]}`), an Anthropic Messages request and an OpenAI Chat Completions request.
 * Reading detects the format when not told, checks the shape and the history, and names the
 * message index of the first problem.
 */
import { type AnthropicRequest, exportAnthropic, importAnthropic } from './anthropic.js';
import { isRecord, type JsonObject } from './json.js';
import { type History, type Message, ROLES, type Role } from './message.js';
import { exportOpenAI, importOpenAI, type OpenAIRequest } from './openai.js';
import { transcriptError } from './provider-error.js';
import { assertValidHistory } from './validate.js';

/** Transcript formats. */
export type TranscriptFormat = 'ctxloom' | 'anthropic' | 'openai';

/** The value of `format` in a ctxloom transcript. */
export const CTXLOOM_TRANSCRIPT_FORMAT = 'ctxloom-history';

/** A transcript read into a history. */
export interface Transcript {
  /** The format it was read from (and will be written back in). */
  readonly format: TranscriptFormat;
  /** The messages. */
  readonly history: History;
  /** Top-level fields other than the messages, written back unchanged. */
  readonly envelope: JsonObject;
}

const ANTHROPIC_BLOCKS = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking']);

/** Guesses the format of a parsed transcript. Plain text chats read the same in either provider. */
export function detectTranscriptFormat(value: unknown): TranscriptFormat {
  if (isRecord(value) && value.format === CTXLOOM_TRANSCRIPT_FORMAT) return 'ctxloom';
  if (isRecord(value) && value.system !== undefined) return 'anthropic';
  const messages = Array.isArray(value) ? value : isRecord(value) ? value.messages : undefined;
  if (!Array.isArray(messages)) return 'openai';
  for (const m of messages) {
    if (!isRecord(m)) continue;
    if (
      m.role === 'tool' ||
      m.role === 'system' ||
      m.role === 'developer' ||
      m.tool_calls !== undefined
    ) {
      return 'openai';
    }
    if (Array.isArray(m.content)) {
      for (const b of m.content) {
        if (isRecord(b) && typeof b.type === 'string') {
          if (ANTHROPIC_BLOCKS.has(b.type) || (b.type === 'image' && b.source !== undefined))
            return 'anthropic';
          if (b.type === 'image_url') return 'openai';
        }
      }
    }
  }
  return 'openai';
}

const PART_TYPES = new Set([
  'text',
  'image',
  'tool-call',
  'tool-result',
  'thinking',
  'cache-breakpoint',
  'opaque',
]);

function readCtxloom(value: unknown): Transcript {
  if (!isRecord(value) || !Array.isArray(value.messages)) {
    throw transcriptError(undefined, 'a ctxloom transcript needs a "messages" array');
  }
  if (value.version !== 1)
    throw transcriptError(
      undefined,
      `unsupported ctxloom transcript version ${String(value.version)}`,
    );
  value.messages.forEach((m, index) => {
    if (!isRecord(m)) throw transcriptError(index, 'not an object');
    if (!ROLES.includes(m.role as Role))
      throw transcriptError(index, `unknown role "${String(m.role)}"`);
    if (typeof m.id !== 'string' || m.id === '') throw transcriptError(index, 'missing "id"');
    if (!Array.isArray(m.parts)) throw transcriptError(index, 'missing "parts" array');
    for (const p of m.parts) {
      if (!isRecord(p) || !PART_TYPES.has(p.type as string)) {
        throw transcriptError(
          index,
          `unknown part type "${isRecord(p) ? String(p.type) : typeof p}"`,
        );
      }
      const bad =
        (p.type === 'text' && typeof p.text !== 'string') ||
        (p.type === 'tool-call' &&
          (typeof p.id !== 'string' || typeof p.name !== 'string' || p.input === undefined)) ||
        (p.type === 'tool-result' && typeof p.toolCallId !== 'string') ||
        (p.type === 'thinking' && typeof p.text !== 'string');
      if (bad) throw transcriptError(index, `malformed ${String(p.type)} part`);
    }
  });
  const { messages, ...rest } = value;
  return { format: 'ctxloom', history: messages as Message[], envelope: rest as JsonObject };
}

/** Deepest nesting of arrays and objects a transcript may have. */
export const MAX_TRANSCRIPT_DEPTH = 1000;

/** Whether `value` nests arrays / objects deeper than `max` (an explicit stack: no recursion). */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Reads a parsed transcript. Throws `E_TRANSCRIPT_INVALID` (wrong shape, or nested deeper than
 * {@link MAX_TRANSCRIPT_DEPTH}) or `E_HISTORY_INVALID`
 * (unknown role, a tool result without its call, duplicate ids…), naming the message index.
 * @param file the transcript path, for diagnostics
 */
export function readTranscript(
  value: unknown,
  format?: TranscriptFormat,
  file?: string,
): Transcript {
  if (nestedDeeperThan(value, MAX_TRANSCRIPT_DEPTH)) {
    throw transcriptError(
      undefined,
      `nested deeper than ${MAX_TRANSCRIPT_DEPTH} levels; refused before any recursive processing`,
    );
  }
  const f = format ?? detectTranscriptFormat(value);
  let t: Transcript;
  if (f === 'ctxloom') t = readCtxloom(value);
  else {
    const imported = f === 'anthropic' ? importAnthropic(value) : importOpenAI(value);
    t = { format: f, ...imported };
  }
  assertValidHistory(t.history, file);
  return t;
}

/** Writes a history back in a transcript's format (with its envelope). */
export function writeTranscript(
  format: TranscriptFormat,
  history: History,
  envelope: JsonObject = {},
): AnthropicRequest | OpenAIRequest | JsonObject {
  if (format === 'anthropic') return exportAnthropic(history, envelope);
  if (format === 'openai') return exportOpenAI(history, envelope);
  return {
    ...envelope,
    format: CTXLOOM_TRANSCRIPT_FORMAT,
    version: 1,
    messages: history as unknown as JsonObject[],
  } as JsonObject;
}
