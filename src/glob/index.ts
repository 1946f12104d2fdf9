/**
 * @module glob
 * ctxloom's one glob engine: gitignore-style globs (with braces) compiled to a matcher that
 * cannot backtrack, so every glob runs in time linear in the glob and in the path. Instruction
 * rules (`sources/`) and skill path rules (`skills/`) both match through it. Depends on
 * `diagnostics/` only, so both folders can import it without a cycle.
 */
export { type CompiledGlob, compileGlob } from './compile.js';
export { GLOB_CODES, GLOB_LIMITS } from './error.js';
export {
  compileGlobList,
  matchGlobs,
  matchPrepared,
  type PreparedPath,
  preparePath,
} from './match.js';
export type { ClassToken, GlobSegment, Token } from './segment.js';
