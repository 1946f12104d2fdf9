/**
 * @module session/atomic-write
 * Moved to `files/` (the write gate uses it); re-exported so the session API does not change.
 */
export { writeFileAtomic } from '../files/index.js';
