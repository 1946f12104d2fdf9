/**
 * @module files/codes
 * The read and write gates' codes by name, for the call sites (the list with one line each:
 * `src/diagnostics/codes/files.ts`, `docs/diagnostics.md`). The read codes are the ones the
 * instruction loader has always used, so a refused file reads the same whichever caller asked.
 */
export const FILE_CODES = Object.freeze({
  notAFile: 'E_NOT_A_FILE',
  outsideRoot: 'E_SYMLINK_OUTSIDE_ROOT',
  symlinkLoop: 'E_SYMLINK_LOOP',
  dangling: 'E_DANGLING_SYMLINK',
  tooLarge: 'E_FILE_TOO_LARGE',
  readCap: 'W_READ_CAP',
  binary: 'E_BINARY_FILE',
  invalidUtf8: 'W_INVALID_UTF8',
  secretName: 'E_SECRET_FILE',
  secretContent: 'E_SECRET_CONTENT',
  unreadable: 'E_UNREADABLE',
  writeOutsideRoot: 'E_WRITE_OUTSIDE_ROOT',
  writeSymlink: 'E_WRITE_SYMLINK',
  writeNotAFile: 'E_WRITE_NOT_A_FILE',
  writeSameFile: 'E_WRITE_SAME_FILE',
});

/** One of the codes above. */
export type FileCode = (typeof FILE_CODES)[keyof typeof FILE_CODES];
