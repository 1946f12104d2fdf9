/**
 * @module history/compaction-types
 * The options and the result of `compactHistory`: what a caller sets and what it gets back
 * to audit or undo a compaction.
 */
import type { Diagnostic } from '../diagnostics/index.js';
import type { Scanner } from '../safety/index.js';
import type { TokenCounter } from '../tokens/index.js';
import type { ArtifactStore } from './artifact-store.js';
import type { HistoryBudget } from './budget.js';
import type { Artifact, ElisionRecord } from './elide.js';
import type { Fact } from './facts.js';
import type { FragmentType } from './fragment.js';
import type { History } from './message.js';
import type { Summarizer } from './summary.js';
import type { SummaryVerifier } from './verify-summary.js';

/** Compaction settings. Token amounts default to shares of the budget. */
export interface CompactOptions {
  /** Window, thresholds and target. */
  readonly budget: HistoryBudget;
  /** Token counter (default o200k; `estimateCounter` is much faster on large histories). */
  readonly tokenCounter?: TokenCounter;
  /** Writes the summary (default: `extractiveSummarizer`, no model). */
  readonly summarizer?: Summarizer;
  /** Where elided results are stored; when absent they are only returned in `artifacts`. */
  readonly store?: ArtifactStore;
  /** Turns whose tool results stage 1 leaves alone unless oversized (default 2). */
  readonly recentTurns?: number;
  /** Smallest tool result stage 1 elides, in tokens (default 1000). */
  readonly minElideTokens?: number;
  /** Recent tool results above this are elided too (default 10% of the window). */
  readonly maxRecentResultTokens?: number;
  /** Tokens for user messages kept verbatim from the middle (default 15% of the target). */
  readonly userMessageBudget?: number;
  /**
   * Tokens reserved for the summary (default 10% of the target, at most 4000). The facts may use
   * what the target leaves beside the rest of the result; the ledger beyond that goes into an
   * artifact the summary names.
   */
  readonly summaryMaxTokens?: number;
  /** Tokens for re-injected skills (default 2000). */
  readonly skillBudget?: number;
  /** Run the stages even when the history is within the target. */
  readonly force?: boolean;
  /**
   * The injection scanner (pass `scan` from the safety module), run through the scan gate. The
   * summary quotes tool output verbatim (error lines, commands): every summary line it blocks is
   * replaced by the gate's placeholder and every line it flags is kept inside the gate's flagged
   * wrapper, so a planted instruction in a tool result cannot ride into the summary as plain
   * text. A scanner that throws blocks the whole summary (`E_SCAN_FAILED`); without one the
   * compaction says so (`I_NOT_SCANNED`) and the summary only says that quoted lines are
   * untrusted data.
   */
  readonly scan?: Scanner;
  /**
   * What compaction keeps word for word: a pinned message is never summarised or elided (the
   * messages holding its tool calls' results, or the call its results answer, stay with it); a
   * pinned text (a fragment, a fact) is never elided from a result and, when the summarised range
   * holds it, the summary quotes it verbatim. Pins within `pinBudgetTokens` are kept even over
   * the target (the result then says `over-target`).
   */
  readonly pins?: readonly Pin[];
  /**
   * Tokens pins may take (default a quarter of the target): a message pin costs its message and
   * tool partners, a text pin its text. Over it, the oldest pins (first in `pins`) are not kept
   * verbatim (they take the normal path) and `W_HISTORY_PINS_OVER_BUDGET` names them.
   */
  readonly pinBudgetTokens?: number;
  /**
   * A verification pass run after the summary is drafted (typically a model checking it against
   * the ledger): it returns the facts the draft lost, which sends the draft back to the
   * summariser with them named (`SummaryRequest.missing`), or a corrected summary. At most
   * `verifyRetries` redrafts (default 2); the ledger check runs after it as always.
   */
  readonly verify?: SummaryVerifier;
  /** Redrafts the verification pass may ask for (default 2). */
  readonly verifyRetries?: number;
}

/** A pin: a message by id, or a text that must survive verbatim. */
export type Pin = { readonly messageId: string } | { readonly text: string };

/** The outcome. */
export type CompactionStatus = 'unchanged' | 'compacted' | 'over-target' | 'no-legal-cut';

/** Context whose injected text was removed and must fire again when next relevant. */
export interface RearmedContext {
  /** The fragment type (`rule`, `skill`, `instructions`). */
  readonly type: FragmentType;
  /** Its `name` attribute, when it has one. */
  readonly name?: string;
  /** Its `path` (or `source`) attribute, when it has one. */
  readonly path?: string;
  /** Its activation key (the `data-activation` attribute, decoded), when it has one. */
  readonly key?: string;
  /** The message it was in. */
  readonly messageId: string;
}

/** What happened to which message, by id: enough to audit or undo a compaction. */
export interface CompactionRecord {
  /** Original messages in the output (their tool results may be elided). */
  readonly kept: readonly string[];
  /** User messages from the middle kept verbatim. */
  readonly keptUserMessages: readonly string[];
  /** Messages replaced by the summary. */
  readonly summarized: readonly string[];
  /** Tool results replaced by artifact references. */
  readonly elided: readonly ElisionRecord[];
  /** Injected messages moved after the summary (confirmed plan, invoked skills). */
  readonly reinjected: readonly string[];
  /** Ids of middle messages kept because they are pinned (or pair with a pinned one). */
  readonly pinned: readonly string[];
  /**
   * Rules and skills removed and re-armed: one entry per activation key whose fragment is in no
   * text of the new history (it agrees with `rearmAfterCompaction` over `survivingTexts(history)`),
   * plus keyless fragments of the summarised messages.
   */
  readonly rearmed: readonly RearmedContext[];
}

/** The summary that replaced the middle. */
export interface CompactionSummary {
  /** The id of the summary message. */
  readonly messageId: string;
  /** The summary body (inside its fragment markers). */
  readonly text: string;
  /** Its tokens. */
  readonly tokens: number;
}

/** A fact of the input that is in neither the output nor an artifact, and why. */
export interface DroppedFact {
  readonly fact: Fact;
  /** `removed-by-scanner` (a summary line quoting it was blocked) or `not-in-output`. */
  readonly reason: 'removed-by-scanner' | 'not-in-output';
}

/** A fact of the input that only an artifact holds now, and the ref to read it back with. */
export interface ArtifactFact {
  readonly fact: Fact;
  readonly ref: string;
}

/**
 * Where every fact of the whole input's ledger (not only the summarised range) is after
 * compaction: what compaction dropped, checked against the output rather than the ledger.
 */
export interface FactReport {
  /** Facts whose value appears verbatim in the new history. */
  readonly verbatim: readonly Fact[];
  /** Facts only in an elided result's artifact (`read_artifact` with the ref brings them back). */
  readonly inArtifacts: readonly ArtifactFact[];
  /** Facts gone from both. */
  readonly dropped: readonly DroppedFact[];
}

/** Everything compaction returns. */
export interface CompactionResult {
  /** What happened. `over-target`: valid but still above the target; `no-legal-cut`: stage 2 could not cut. */
  readonly status: CompactionStatus;
  /** The new history (frozen, except messages it shares with the input, left as they are). */
  readonly history: History;
  /** History tokens before. */
  readonly tokensBefore: number;
  /** History tokens after. */
  readonly tokensAfter: number;
  /** The target the history had to fit. */
  readonly targetTokens: number;
  /** The stages that ran. */
  readonly stages: readonly ('elide' | 'summarize')[];
  /** What happened to which message. */
  readonly record: CompactionRecord;
  /** Elided contents (stored in `store` when one was given). */
  readonly artifacts: readonly Artifact[];
  /** The summary, when stage 2 ran. */
  readonly summary?: CompactionSummary;
  /**
   * Facts extracted from the summarised range. Those over the summary's budget are only in the
   * overflow artifact the summary names (`I_HISTORY_FACTS_IN_ARTIFACT`, `factReport.inArtifacts`).
   */
  readonly ledger: readonly Fact[];
  /** Facts the summariser dropped (appended to the summary). */
  readonly restoredFacts: readonly Fact[];
  /**
   * Whether every ledger fact the summary kept appears verbatim in the output (the overflow is in
   * its artifact) and no fact of the input is dropped (see `factReport`).
   */
  readonly factsSurvived: boolean;
  /** Where every fact of the input went; absent when the history was left unchanged. */
  readonly factReport?: FactReport;
  /** Info, warnings and errors about every elision, summary, re-arm and failure. */
  readonly diagnostics: readonly Diagnostic[];
}
