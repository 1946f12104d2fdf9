/**
 * @module history/budget
 * The context window, its thresholds, and the decision whether to compact now.
 */
import { CtxloomError } from '../diagnostics/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import type { History } from './message.js';
import { historyTokens } from './token-count.js';

/** A context window and when to compact it. Fractions are of `window`. */
export interface HistoryBudget {
  /** The model's context window, in tokens. */
  readonly window: number;
  /** Compact at a natural boundary from this fill ratio on (default 0.75). */
  readonly soft?: number;
  /** Compact now, whatever the state, from this fill ratio on (default 0.92). */
  readonly hard?: number;
  /** Fill ratio compaction aims for (default 0.6). */
  readonly target?: number;
  /** Tokens outside the history that share the window: tool schemas, output reserve (default 0). */
  readonly reserved?: number;
}

/** A budget with every default applied, in tokens. */
export interface ResolvedBudget {
  /** The window. */
  readonly window: number;
  /** Tokens outside the history. */
  readonly reserved: number;
  /** Soft threshold in tokens (history + reserved). */
  readonly softTokens: number;
  /** Hard threshold in tokens. */
  readonly hardTokens: number;
  /** What the history may use after compaction (target × window − reserved). */
  readonly targetTokens: number;
}

/** Applies defaults and checks the budget; throws `E_BUDGET_INVALID` for nonsense values. */
export function resolveBudget(budget: HistoryBudget): ResolvedBudget {
  const soft = budget.soft ?? 0.75;
  const hard = budget.hard ?? 0.92;
  const target = budget.target ?? 0.6;
  const reserved = budget.reserved ?? 0;
  const ok =
    Number.isFinite(budget.window) &&
    budget.window > 0 &&
    0 < target &&
    target <= soft &&
    soft <= hard &&
    hard <= 1 &&
    reserved >= 0 &&
    reserved < budget.window * target;
  if (!ok) {
    throw new CtxloomError(
      'E_BUDGET_INVALID',
      `invalid history budget: need window > 0, 0 < target <= soft <= hard <= 1 and reserved below the target (window ${budget.window}, target ${target}, soft ${soft}, hard ${hard}, reserved ${reserved})`,
    );
  }
  return Object.freeze({
    window: budget.window,
    reserved,
    softTokens: Math.floor(budget.window * soft),
    hardTokens: Math.floor(budget.window * hard),
    targetTokens: Math.floor(budget.window * target) - reserved,
  });
}

/** Where the conversation stands. */
export type Boundary = 'turn-end' | 'user-turn' | 'plan-step' | 'tool-loop' | 'empty';

/** Why {@link planCompaction} decided what it did. */
export type CompactionReason =
  | 'below-soft'
  | 'soft-at-boundary'
  | 'soft-in-tool-loop'
  | 'hard-threshold';

/** The decision. */
export interface CompactionPlan {
  /** Whether to compact now. */
  readonly compact: boolean;
  /** Why. */
  readonly reason: CompactionReason;
  /** History tokens plus reserved tokens. */
  readonly usedTokens: number;
  /** `usedTokens / window`. */
  readonly ratio: number;
  /** Where the conversation stands. */
  readonly boundary: Boundary;
  /** The resolved budget. */
  readonly budget: ResolvedBudget;
}

/**
 * Where the history stands: a turn just ended (last message is an assistant reply with no tool
 * calls), a user just spoke, or a tool loop is running (calls or results last).
 */
export function boundaryOf(history: History): Boundary {
  const last = history[history.length - 1];
  if (last === undefined) return 'empty';
  if (last.role === 'tool') return 'tool-loop';
  if (last.role === 'assistant') {
    return last.parts.some((p) => p.type === 'tool-call') ? 'tool-loop' : 'turn-end';
  }
  return 'user-turn';
}

/**
 * Tells whether to compact now: at the hard threshold always; at the soft threshold only at a
 * natural boundary (a turn ended, the user spoke, or the caller says a plan step just ended via
 * `planStepEnded`), so compaction never interrupts a tool loop.
 * @param options.tokenCounter token counter (default o200k)
 * @example planCompaction(history, { window: 200_000 }).compact
 */
export function planCompaction(
  history: History,
  budget: HistoryBudget,
  options: { tokenCounter?: TokenCounter; planStepEnded?: boolean } = {},
): CompactionPlan {
  const resolved = resolveBudget(budget);
  const usedTokens =
    historyTokens(history, options.tokenCounter ?? defaultTokenCounter) + resolved.reserved;
  let boundary = boundaryOf(history);
  if (options.planStepEnded === true && boundary === 'tool-loop') boundary = 'plan-step';
  let compact = false;
  let reason: CompactionReason = 'below-soft';
  if (usedTokens >= resolved.hardTokens) {
    compact = true;
    reason = 'hard-threshold';
  } else if (usedTokens >= resolved.softTokens) {
    compact = boundary !== 'tool-loop';
    reason = compact ? 'soft-at-boundary' : 'soft-in-tool-loop';
  }
  return Object.freeze({
    compact,
    reason,
    usedTokens,
    ratio: usedTokens / resolved.window,
    boundary,
    budget: resolved,
  });
}
