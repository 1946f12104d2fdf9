/**
 * @module cli/payload-shape
 * The checks `diff` and `cache-sim` make on a request body before reading it into cache blocks:
 * what the block reader would otherwise trip on (an AI SDK message without `content`, a block
 * that is not an object), reported with the field that is wrong.
 */
import { isRecord as isObject } from '../_internal/records.js';
import type { PayloadKind } from '../providers/index.js';

function listProblem(value: unknown, field: string, needsContent: boolean): string | undefined {
  if (value === undefined || typeof value === 'string') return undefined;
  if (!Array.isArray(value)) return `"${field}" must be an array`;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    if (!isObject(item)) return `"${field}[${i}]" must be an object`;
    if (needsContent && item.content === undefined) return `"${field}[${i}]" has no "content"`;
  }
  return undefined;
}

/** What is wrong with `body` as a `kind` request, or undefined when it can be read. */
export function payloadProblem(kind: PayloadKind, body: unknown): string | undefined {
  if (!isObject(body)) return 'a request body must be a JSON object';
  const needsContent = kind === 'ai-sdk';
  const lists =
    kind === 'anthropic'
      ? ['tools', 'system', 'messages']
      : kind === 'openai-responses'
        ? ['tools', 'input']
        : kind === 'openai-chat'
          ? ['tools', 'messages']
          : ['system', 'messages'];
  for (const field of lists) {
    // `system` may be a string; other lists must be arrays
    const value = body[field];
    if (field !== 'system' && typeof value === 'string') return `"${field}" must be an array`;
    const problem = listProblem(value, field, needsContent && field !== 'tools');
    if (problem !== undefined) return problem;
  }
  return undefined;
}
