/**
 * @module history/provider-error
 * Errors raised while reading or writing a provider transcript, always naming the message index.
 */
import { CtxloomError } from '../diagnostics/index.js';

/**
 * A transcript that does not have the provider's shape (`E_TRANSCRIPT_INVALID`), naming the
 * message index (or `system`, the Anthropic system field).
 */
export function transcriptError(index: number | 'system' | undefined, text: string): CtxloomError {
  const where = index === undefined ? '' : index === 'system' ? 'system: ' : `message ${index}: `;
  return new CtxloomError('E_TRANSCRIPT_INVALID', `${where}${text}`);
}

/** What a JSON value is, for error messages: `null`, `an array`, `a number`... */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'undefined' ? 'missing' : `a ${typeof value}`;
}

/** A history that the target provider cannot express (`E_EXPORT_UNSUPPORTED`). */
export function exportError(index: number, id: string, text: string): CtxloomError {
  return new CtxloomError('E_EXPORT_UNSUPPORTED', `message ${index} (id ${id}): ${text}`);
}
