/**
 * @module sources/types
 * The data shapes of instruction-file loading: formats, scopes, provenance records, rules and the
 * result of a load. Everything here is plain frozen data.
 */
import type { Verdict } from '../_internal/verdict.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { InstructionScope, InstructionStatus, Trust } from '../prompt/types.js';

export type { InstructionScope, InstructionStatus, Trust };

/** The format of an instruction file, e.g. `agents-md` or `cursor-mdc`. Open to configuration. */
export type SourceKind = string;

/** How a rule file applies (Cursor's four modes, used for every rules folder). */
export type RuleMode = 'always' | 'glob' | 'agent-requested' | 'manual';

/** One file whose bytes went into a source: the file itself or an `@import` target. */
export interface Contributor {
  /** Path relative to the project root (or `~/...`), `/`-separated. */
  readonly path: string;
  /** sha256 of the raw bytes, hex. */
  readonly sha256: string;
  /** Size of the raw bytes read. */
  readonly bytes: number;
}

/** What the injection scanner said about a source. */
export interface ScanSummary {
  /** The verdict. */
  readonly verdict: Verdict;
  /** Rule ids of the findings, sorted and unique. */
  readonly ruleIds: readonly string[];
}

/** The provenance of one loaded instruction source: what was read and what was kept. */
export interface SourceRecord {
  /** Path relative to the project root (or `~/...` for user-global files), `/`-separated. */
  readonly path: string;
  /** Absolute path of the file as discovered (before resolving symlinks). */
  readonly absolutePath: string;
  /** The format. */
  readonly kind: SourceKind;
  /** Where it applies. */
  readonly scope: InstructionScope;
  /** Trust level (`untrusted` for repository content by default). */
  readonly trust: Trust;
  /** What happened to it. */
  readonly status: InstructionStatus;
  /** Why, when the status is not `loaded` (or when something was altered). */
  readonly reason?: string;
  /** sha256 of the file's raw bytes (hex); empty when the file could not be read. */
  readonly sha256: string;
  /** Size of the file's raw bytes on disk (as read, up to the read cap). */
  readonly bytes: number;
  /** UTF-8 bytes of the resolved text (after imports), before budgeting. */
  readonly fullBytes: number;
  /** UTF-8 bytes of the resolved text that were kept. */
  readonly bytesKept: number;
  /** UTF-8 bytes of the resolved text that were cut. */
  readonly bytesCut: number;
  /** Tokens of `content` as delivered. */
  readonly tokens: number;
  /** The text to show (truncated text with a marker, or a placeholder when blocked). */
  readonly content: string;
  /** Every file that contributed (the file itself first, then imports in order). */
  readonly contributors: readonly Contributor[];
  /** The scanner's verdict, when the source was scanned. */
  readonly scan?: ScanSummary;
}

/** A rule from a rules folder (or a directory below cwd) that is not loaded up front. */
export interface RuleRecord extends SourceRecord {
  /** The rule's name: its path inside the rules folder without the extension. */
  readonly name: string;
  /** How it applies. */
  readonly mode: RuleMode;
  /** Globs (relative to the project root) for `glob` rules; empty otherwise. */
  readonly globs: readonly string[];
  /** The frontmatter description, if any. */
  readonly description?: string;
}

/** Everything one load produced. */
export interface LoadResult {
  /** Absolute project root. */
  readonly root: string;
  /** Absolute working directory the load started from. */
  readonly cwd: string;
  /** cwd relative to the root (`''` at the root). */
  readonly cwdRelative: string;
  /** Sources for the prompt, in prompt order: global, then root down to cwd (closest last). */
  readonly sources: readonly SourceRecord[];
  /** Rules that are not in the prompt up front: path-scoped, agent-requested and manual. */
  readonly rules: readonly RuleRecord[];
  /** Every diagnostic, in discovery order. */
  readonly diagnostics: readonly Diagnostic[];
}
