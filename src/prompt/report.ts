/**
 * @module prompt/report
 * What `build()` tells about each section and each tier.
 */
import type { Tier } from './section.js';

/**
 * `rendered`: applied and added text. `skipped`: its guard said it does not apply.
 * `empty`: it applies but had nothing to add now (render gave null or blank).
 */
export type SectionStatus = 'rendered' | 'skipped' | 'empty';

/** One section's line in the build report. */
export interface SectionReport {
  /** Section name. */
  readonly name: string;
  /** Its tier. */
  readonly tier: Tier;
  /** What happened to it. */
  readonly status: SectionStatus;
  /** Whether it declared itself volatile (renders last). */
  readonly volatile: boolean;
  /** UTF-8 bytes it added (0 unless rendered). */
  readonly bytes: number;
  /** Tokens it added (0 unless rendered). */
  readonly tokens: number;
}

/** Totals for one tier, or for the whole prompt. */
export interface TierTotals {
  /** Sections that rendered text. */
  readonly sections: number;
  /** UTF-8 bytes of the block, separators included. */
  readonly bytes: number;
  /** Tokens of the block: the sections' tokens plus the separators'. */
  readonly tokens: number;
}

/** The report that comes with every build. */
export interface BuildReport {
  /** Every section in output order (static tier, then dynamic, volatile last), skipped ones included. */
  readonly sections: readonly SectionReport[];
  /** Totals per tier and overall. */
  readonly totals: {
    readonly static: TierTotals;
    readonly dynamic: TierTotals;
    readonly total: TierTotals;
  };
  /** Name of the token counter used. */
  readonly tokenizer: string;
  /** True when the static tier came from the memo (same static inputs as the last build). */
  readonly staticFromCache: boolean;
}

/** Where one rendered section sits inside its tier's text (UTF-16 offsets, end exclusive). */
export interface SectionSpan {
  readonly name: string;
  readonly tier: Tier;
  /** Whether the section declared itself volatile (it changes every turn). */
  readonly volatile: boolean;
  readonly start: number;
  readonly end: number;
}

/** The assembled system prompt. */
export interface BuiltPrompt {
  /** The static tier: identical across sessions, the cacheable prefix. */
  readonly static: string;
  /** The dynamic tier, or null when no dynamic section rendered. */
  readonly dynamic: string | null;
  /** What happened to every section. */
  readonly report: BuildReport;
  /** Where each rendered section sits in `static` / `dynamic`, for attributing cache misses. */
  readonly spans: readonly SectionSpan[];
}
