/**
 * @module files/check-text
 * The content half of the read gate: bytes to text (binary and UTF-16 refused, invalid UTF-8
 * replaced and reported) and the secret-contents check. Shared by {@link readProjectFile} and the
 * instruction loader, which reads through an injectable file system. Pure.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { FILE_CODES } from './codes.js';
import { decodeInstructionBytes, trimIncompleteTail } from './decode-text.js';
import { findSecret } from './secret-contents.js';

/** Text that passed, with its warnings. */
export interface TextOk {
  readonly ok: true;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Text that was refused. */
export interface TextRefused {
  readonly ok: false;
  /** Short reason (`binary file`, `UTF-16 file`, `holds a secret`). */
  readonly reason: string;
  readonly diagnostic: Diagnostic;
}

/** Options of {@link checkFileBytes}. */
export interface CheckTextOptions {
  /** Path to name in diagnostics. */
  readonly display: string;
  /** The bytes are the head of a longer file (a cut character at the end is dropped). */
  readonly capped?: boolean;
  /** Check for secrets in the text. Default true. */
  readonly secrets?: boolean;
}

/** Decodes and checks one file's bytes. */
export function checkFileBytes(raw: Uint8Array, options: CheckTextOptions): TextOk | TextRefused {
  const file = options.display;
  const decoded = decodeInstructionBytes(options.capped === true ? trimIncompleteTail(raw) : raw);
  if (!decoded.ok) {
    const utf16 = decoded.reason === 'utf16';
    const why = utf16 ? 'is UTF-16 encoded (save it as UTF-8)' : 'holds NUL bytes (binary)';
    return {
      ok: false,
      reason: utf16 ? 'UTF-16 file' : 'binary file',
      diagnostic: diagnostic(FILE_CODES.binary, 'error', `${file} ${why}; skipped`, {
        file,
        line: decoded.line,
      }),
    };
  }
  if (options.secrets !== false) {
    const secret = findSecret(decoded.text);
    if (secret !== undefined) {
      return {
        ok: false,
        reason: 'holds a secret',
        diagnostic: diagnostic(
          FILE_CODES.secretContent,
          'error',
          `${file} holds what looks like ${secret.kind} (line ${secret.line}); not loaded (the value is not shown)`,
          { file, line: secret.line },
        ),
      };
    }
  }
  const diags: Diagnostic[] = [];
  if (decoded.invalidSequences > 0) {
    diags.push(
      diagnostic(
        FILE_CODES.invalidUtf8,
        'warning',
        `${file} has ${decoded.invalidSequences} invalid UTF-8 sequence(s), replaced by U+FFFD`,
        { file, line: decoded.firstInvalidLine },
      ),
    );
  }
  return { ok: true, text: decoded.text, diagnostics: diags };
}
