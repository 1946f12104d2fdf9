/**
 * @module engine/overflow
 * Recognises the providers' "the prompt is longer than the context window" errors, as the SDKs
 * throw them (or as plain response bodies): Anthropic answers 400 `invalid_request_error` with
 * `prompt is too long: N tokens > M maximum`; OpenAI answers 400 with the code
 * `context_length_exceeded` (Chat Completions and Responses); the AI SDK wraps either in an
 * `APICallError` whose `responseBody` / `data` carries the provider's body.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;

/** What an overflow error said. */
export interface ContextOverflow {
  /** The provider's message. */
  readonly message: string;
  /** The prompt size it reported, when it did. */
  readonly promptTokens: number | undefined;
  /** The limit it reported, when it did. */
  readonly limitTokens: number | undefined;
}

const ANTHROPIC = /prompt is too long:?\s*(\d+)?\s*tokens?\s*>\s*(\d+)?/i;
const OPENAI =
  /maximum context length is (\d+) tokens[^.]*?(?:resulted in|requested) (\d+) tokens/i;

function messagesOf(error: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  if (typeof error === 'string') return [error];
  if (!isObject(error)) return [];
  const out: string[] = [];
  if (typeof error.message === 'string') out.push(error.message);
  if (typeof error.code === 'string') out.push(error.code);
  if (typeof error.responseBody === 'string') out.push(error.responseBody);
  for (const key of ['error', 'data', 'cause', 'body'])
    if (key in error) out.push(...messagesOf(error[key], depth + 1));
  return out;
}

/**
 * The overflow an error reports, or undefined when it is some other error.
 * @example isContextOverflow(e)?.limitTokens
 */
export function isContextOverflow(error: unknown): ContextOverflow | undefined {
  for (const message of messagesOf(error)) {
    const a = ANTHROPIC.exec(message);
    if (a !== null)
      return {
        message,
        promptTokens: a[1] === undefined ? undefined : Number(a[1]),
        limitTokens: a[2] === undefined ? undefined : Number(a[2]),
      };
    if (message.includes('context_length_exceeded') || OPENAI.test(message)) {
      const o = OPENAI.exec(message);
      return {
        message,
        promptTokens: o?.[2] === undefined ? undefined : Number(o[2]),
        limitTokens: o?.[1] === undefined ? undefined : Number(o[1]),
      };
    }
  }
  return undefined;
}
