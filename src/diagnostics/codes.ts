/**
 * @module diagnostics/codes
 * Every stable code ctxloom reports, one table per capability folder (`codes/<folder>.ts`): the
 * code and one line on what happened. {@link DiagnosticCode} is their union, so `diagnostic()`
 * and `CtxloomError` accept a code literal only when a table lists it, and a typo fails `tsc`.
 *
 * The tables live here, not in their folders, so that `diagnostics/` stays the leaf every folder
 * imports: a table in `history/` would make `diagnostics/` import `history/` back. A code belongs
 * to the one folder that defines it; other folders may report it (the read gate's codes are
 * reported by every reader). `codes.test.ts` checks that every code in `src/` is in a table, that
 * every table entry is used, that no code is in two tables, and that `docs/diagnostics.md`
 * lists them all.
 */
import { CLI_CODES } from './codes/cli.js';
import { CONFIG_CODES } from './codes/config.js';
import { CORE_CODES } from './codes/core.js';
import { ENGINE_CODES } from './codes/engine.js';
import { FILES_CODES } from './codes/files.js';
import { FLEET_CODES } from './codes/fleet.js';
import { GLOB_CODES } from './codes/glob.js';
import { HISTORY_CODES } from './codes/history.js';
import { PROJECT_CODES } from './codes/project.js';
import { PROMPT_CODES } from './codes/prompt.js';
import { PROVIDERS_CODES } from './codes/providers.js';
import { SAFETY_CODES } from './codes/safety.js';
import { SESSION_CODES } from './codes/session.js';
import { SKILLS_CODES } from './codes/skills.js';
import { SOURCES_CODES } from './codes/sources.js';
import { TOOLS_CODES } from './codes/tools.js';

/** The code tables by the folder that owns them (`core`: codes of no one folder). */
export const CODE_TABLES = Object.freeze({
  cli: CLI_CODES,
  config: CONFIG_CODES,
  core: CORE_CODES,
  engine: ENGINE_CODES,
  files: FILES_CODES,
  fleet: FLEET_CODES,
  glob: GLOB_CODES,
  history: HISTORY_CODES,
  project: PROJECT_CODES,
  prompt: PROMPT_CODES,
  providers: PROVIDERS_CODES,
  safety: SAFETY_CODES,
  session: SESSION_CODES,
  skills: SKILLS_CODES,
  sources: SOURCES_CODES,
  tools: TOOLS_CODES,
});

type Tables = typeof CODE_TABLES;

/** A folder that owns a code table. */
export type CodeFolder = keyof Tables;

/** The codes of one folder's table, e.g. `FolderCode<'files'>`. */
export type FolderCode<F extends CodeFolder> = keyof Tables[F] & string;

/** Every stable code ctxloom reports: `E_` errors, `W_` warnings, `I_` information. */
export type DiagnosticCode = { [F in CodeFolder]: FolderCode<F> }[CodeFolder];
