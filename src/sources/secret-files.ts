/**
 * @module sources/secret-files
 * The secret-file name list lives in `files/` (the one read gate checks it for every file); it is
 * re-exported here so the sources API does not change. See `docs/sources.md` for the list.
 */
export { isSecretFileName } from '../files/index.js';
