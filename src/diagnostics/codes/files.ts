/**
 * @module diagnostics/codes/files
 * Codes of `src/files/` (the read and write gates). Every capability that reads a file reports a
 * refused read with these codes, so a refused file reads the same whichever caller asked.
 */
export const FILES_CODES = {
  E_NOT_A_FILE:
    'a FIFO, device, socket or directory where a file was expected (never opened for reading)',
  E_SYMLINK_OUTSIDE_ROOT: 'the real path (symlinks resolved) leaves every allowed root',
  E_SYMLINK_LOOP: 'a symlink loop',
  E_DANGLING_SYMLINK: 'a symlink to nothing',
  E_FILE_TOO_LARGE:
    'over the size cap (checked on the open file before reading, and while reading)',
  W_READ_CAP: 'over the cap, and the caller asked for the head only: the first bytes were read',
  E_BINARY_FILE: 'NUL bytes, or UTF-16 (a byte-order mark)',
  W_INVALID_UTF8: 'invalid UTF-8 sequences, replaced by U+FFFD',
  E_SECRET_FILE:
    'the name (or the name it resolves to) is a secrets file: `.env`, a key, credentials',
  E_SECRET_CONTENT:
    'the text holds a private key or an API token (the kind and the line are named, never the value)',
  E_UNREADABLE: 'any other read error (the errno is named)',
  E_WRITE_OUTSIDE_ROOT: 'a write whose folder resolves outside the repository',
  E_WRITE_SYMLINK: 'a write whose target is itself a symlink',
  E_WRITE_NOT_A_FILE: 'a write whose target exists and is not a regular file',
  E_WRITE_SAME_FILE: 'a write that would overwrite one of its inputs (same device and inode)',
} as const;
