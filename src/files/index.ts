/**
 * @module files
 * The gates every file ctxloom touches goes through. Reads: {@link readProjectFile} (regular
 * files only, real path inside the allowed roots, a size cap, no binary or UTF-16, no secret
 * names or contents). Writes: {@link writeProjectFile} / {@link checkWriteTarget} (no write
 * through a symlink out of the repository, never over an input, by file identity). See
 * `docs/files.md`.
 */
export { writeFileAtomic } from './atomic-write.js';
export {
  type CheckTextOptions,
  checkFileBytes,
  type TextOk,
  type TextRefused,
} from './check-text.js';
export { type ClassifiedPath, classifyPath, type PathKind } from './classify-path.js';
export { FILE_CODES, type FileCode } from './codes.js';
export { type DecodeResult, decodeInstructionBytes, trimIncompleteTail } from './decode-text.js';
export {
  type ReadRegularOptions,
  type RegularRead,
  type RegularReadFailed,
  readRegularFile,
} from './open-regular.js';
export {
  type ProjectFileFailed,
  type ProjectFileOk,
  type ProjectFileRead,
  type ReadProjectFileOptions,
  readProjectFile,
} from './read-project-file.js';
export { insideRoots, userGlobalRoots } from './roots.js';
export { findSecret, type SecretMatch } from './secret-contents.js';
export { isSecretFileName } from './secret-names.js';
export {
  checkWriteTarget,
  type WriteGateOptions,
  writeProjectFile,
} from './write-gate.js';
