/**
 * @module history/provider-error
 * Errors raised while reading or writing a provider transcript, always naming the message index.
 */
import { CtxloomError } from '../diagnostics/index.js';

/** A transcript that does not have the provider's shape (`E_TRANSCRIPT_INVALID`). */
export function transcriptError(index: number | undefined, text: string): CtxloomError {
  const where = index === undefined ? '' : `message ${index}: `;
  return new CtxloomError('E_TRANSCRIPT_INVALID', `${where}${text}`);
}

/** A history that the target provider cannot express (`E_EXPORT_UNSUPPORTED`). */
export function exportError(index: number, id: string, text: string): CtxloomError {
  return new CtxloomError('E_EXPORT_UNSUPPORTED', `message ${index} (id ${id}): ${text}`);
}
