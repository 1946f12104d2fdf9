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

/**
 * One section as built, in output order: what it rendered, what it cost and where it sits.
 * Payload builders read these instead of cutting the tier strings apart.
 */
export interface BuiltSection {
  /** Section name. */
  readonly name: string;
  /** Its tier. */
  readonly tier: Tier;
  /** Whether it declared itself volatile (renders last, delivered after the history). */
  readonly volatile: boolean;
  /** What happened to it. */
  readonly status: SectionStatus;
  /** The text it added (end-trimmed), or null unless rendered. */
  readonly text: string | null;
  /** UTF-8 bytes it added (0 unless rendered). */
  readonly bytes: number;
  /** Tokens it added (0 unless rendered). */
  readonly tokens: number;
  /** Where it sits in its tier's text, or null unless rendered. */
  readonly span: SectionSpan | null;
}

/**
 * The prompt cut where payload builders cut it: the static tier, the stable part of the dynamic
 * tier (its non-volatile sections) and the volatile tail (sections declared volatile, always
 * last). `dynamic` is `stable` and `volatile` joined with the section separator.
 */
export interface PromptParts {
  /** The static tier (same as `BuiltPrompt.static`). */
  readonly static: string;
  /** The dynamic tier without its volatile tail, or null when none of those sections rendered. */
  readonly stable: string | null;
  /** The volatile sections joined, or null when none rendered. */
  readonly volatile: string | null;
}

/** The assembled system prompt. */
export interface BuiltPrompt {
  /** The static tier: identical across sessions, the cacheable prefix. */
  readonly static: string;
  /** The dynamic tier, or null when no dynamic section rendered. */
  readonly dynamic: string | null;
  /** The static tier, the stable dynamic part and the volatile tail, each already joined. */
  readonly parts: PromptParts;
  /** Every section in output order (static, dynamic, volatile last), skipped ones included. */
  readonly sections: readonly BuiltSection[];
  /** What happened to every section. */
  readonly report: BuildReport;
  /** Where each rendered section sits in `static` / `dynamic`, for attributing cache misses. */
  readonly spans: readonly SectionSpan[];
}
