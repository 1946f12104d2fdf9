/**
 * @module sources/decode
 * Byte decoding moved to `files/` (the one read gate uses it for every file); kept here so the
 * sources API does not change.
 */
export { type DecodeResult, decodeInstructionBytes, trimIncompleteTail } from '../files/index.js';
