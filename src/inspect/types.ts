/**
 * @module inspect/types
 * The shape of an inspection: what is in the model's context for one project (and optionally one
 * session), and why it costs what it costs. Plain JSON-ready data; the terminal table and the HTML
 * page are both rendered from it.
 */
import type { BreakpointDecision } from '../providers/index.js';

/** The usage categories, in the order the table and the page list them. */
export const USAGE_CATEGORIES = Object.freeze([
  'static-system',
  'dynamic-system',
  'tools',
  'instruction-files',
  'skills-catalog',
  'memory',
  'plan',
  'history',
  'tool-results-verbatim',
  'tool-results-elided',
  'free',
] as const);

/** One usage category. */
export type UsageCategory = (typeof USAGE_CATEGORIES)[number];

/** One row of the usage breakdown. */
export interface UsageRow {
  readonly category: UsageCategory;
  /** Tokens in this category (for `free`: what is left of the window, never below 0). */
  readonly tokens: number;
  /** `tokens / window`, 0 when there is no window. */
  readonly share: number;
}

/** Usage against the window. */
export interface UsageReport {
  /** The context window in tokens. */
  readonly window: number;
  /** Tokens used (everything but `free`). */
  readonly used: number;
  /** Every category, `free` last. */
  readonly rows: readonly UsageRow[];
  /** True when `used` exceeds the window. */
  readonly over: boolean;
}

/** One section of the built prompt. */
export interface InspectSection {
  readonly name: string;
  readonly tier: 'static' | 'dynamic';
  readonly status: 'rendered' | 'skipped' | 'empty';
  readonly volatile: boolean;
  readonly bytes: number;
  readonly tokens: number;
}

/** One instruction source (or path rule) with its provenance. */
export interface InspectSource {
  readonly path: string;
  readonly kind: string;
  readonly scope: string;
  readonly trust: string;
  readonly status: string;
  readonly reason: string | undefined;
  readonly sha256: string;
  readonly bytes: number;
  readonly fullBytes: number;
  readonly bytesCut: number;
  readonly tokens: number;
  /** `true` when the loader cut it to fit its budget. */
  readonly truncated: boolean;
  /** `instruction` for instruction files, `rule` for path rules. */
  readonly role: 'instruction' | 'rule';
  readonly verdict: string;
}

/** One scanner finding on one untrusted text. */
export interface InspectFinding {
  /** The file (relative to the root) or `skill:<name>`. */
  readonly source: string;
  readonly verdict: string;
  readonly ruleId: string;
  readonly severity: string;
  readonly line: number | undefined;
  /** The scanner's excerpt (raw: renderers escape it). */
  readonly excerpt: string;
  readonly message: string;
  readonly suppressed: string | undefined;
}

/** The skills catalog and what it left out. */
export interface InspectSkills {
  readonly listed: readonly { readonly name: string; readonly description: string }[];
  /** Skills not listed, with the reason (`budget` for the ones the budget dropped). */
  readonly unlisted: readonly { readonly name: string; readonly reason: string }[];
  /** How many the budget dropped. */
  readonly droppedForBudget: number;
  /** Names whose description was shortened. */
  readonly cut: readonly string[];
  readonly tokens: number;
  readonly budgetTokens: number;
}

/** The breakpoint plan of the request (Anthropic-shaped providers) or why there is none. */
export interface InspectCache {
  readonly provider: string;
  readonly model: string;
  /** Tokens from the start of the request to the end of the static tier (the shared cacheable prefix). */
  readonly boundaryTokens: number;
  /** The planner's decision per slot; empty for providers that cache automatically. */
  readonly breakpoints: readonly BreakpointDecision[];
  /** One line about how this provider caches. */
  readonly note: string;
}

/** What one history fragment or message part is. */
export type HistoryItemKind =
  | 'user'
  | 'assistant'
  | 'tool-call'
  | 'tool-result'
  | 'thinking'
  | 'fragment';

/** One labelled piece of the history. */
export interface HistoryItem {
  readonly messageId: string;
  readonly role: string;
  readonly kind: HistoryItemKind;
  /** The fragment type (`summary`, `elided-result`, `rule`, ...) when `kind` is `fragment`. */
  readonly fragment: string | undefined;
  /** A label: the tool name, the fragment's `name`/`path`/`covers`/`ref` attribute. */
  readonly label: string;
  readonly tokens: number;
  /** The first characters of its text (raw: renderers escape it). */
  readonly preview: string;
}

/** One compaction of the session. */
export interface InspectCompaction {
  readonly at: string;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  /** Message ids kept (empty when only the stored record is known). */
  readonly kept: readonly string[];
  /** Elided tool results with their artifact reference. */
  readonly elided: readonly { readonly messageId: string; readonly ref: string }[];
  /** Message ids (or `m3..m40` ranges) replaced by a summary. */
  readonly summarized: readonly string[];
  /** Facts gone from both the output and every artifact. */
  readonly dropped: readonly string[];
  /** `result` when a live compaction result was given, `record` for a stored session. */
  readonly detail: 'result' | 'record';
}

/** One turn of the cache timeline. */
export interface TimelineTurn {
  readonly turn: number;
  readonly label: string | undefined;
  /** Predicted by the simulator over the reconstructed request of this turn. */
  readonly predictedHitRatio: number | undefined;
  readonly predictedRelativeCost: number | undefined;
  /** What the provider reported (the ledger), when known. */
  readonly reportedHitRatio: number | undefined;
  readonly reportedRelativeCost: number | undefined;
  readonly inputTokens: number | undefined;
}

/** The session part of an inspection. */
export interface InspectSession {
  readonly id: string;
  readonly parentId: string | undefined;
  readonly revision: number;
  readonly messages: number;
  readonly historyTokens: number;
  readonly items: readonly HistoryItem[];
  readonly compactions: readonly InspectCompaction[];
  readonly timeline: readonly TimelineTurn[];
  /** The session's stored cache totals (reported by the provider over all turns). */
  readonly cache: {
    readonly turns: number;
    readonly inputTotal: number;
    readonly cacheRead: number;
    readonly cacheWrite: number;
    readonly hitRatio: number;
  };
}

/** Everything an inspection found. JSON-ready, byte-stable for the same input. */
export interface Inspection {
  readonly root: string;
  readonly tokenizer: string;
  readonly usage: UsageReport;
  readonly sections: readonly InspectSection[];
  readonly tiers: {
    readonly static: { readonly sections: number; readonly tokens: number };
    readonly dynamic: { readonly sections: number; readonly tokens: number };
    readonly total: { readonly sections: number; readonly tokens: number };
  };
  /** The two tiers' text exactly as sent (repository text in it: renderers escape it). */
  readonly text: { readonly static: string; readonly dynamic: string | null };
  readonly cache: InspectCache;
  readonly sources: readonly InspectSource[];
  readonly findings: readonly InspectFinding[];
  readonly skills: InspectSkills;
  readonly tools: readonly { readonly name: string; readonly tokens: number }[];
  readonly session: InspectSession | undefined;
  readonly diagnostics: readonly {
    readonly code: string;
    readonly severity: string;
    readonly message: string;
    readonly file: string | undefined;
  }[];
}
