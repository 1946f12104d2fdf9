/**
 * @module sources/budget
 * Shares the instruction budget among the sources loaded up front. The closest source (last in
 * prompt order) is served first; broader sources get what is left, so they are trimmed first.
 * Every source also has a per-file cap. Pure (given a token counter).
 */
import type { TokenCounter } from '../tokens/index.js';
import type { SourceBudget } from './config.js';
import { type TruncateLabel, type TruncateResult, truncateText } from './truncate.js';

/** One source to budget, in prompt order. */
export interface BudgetItem {
  readonly text: string;
  readonly label: Omit<TruncateLabel, 'why'>;
}

/** The budget outcome of one item (same order as given), with the limit that applied. */
export interface BudgetOutcome extends TruncateResult {
  /** `per-file cap` or `instruction budget` when the item was cut or skipped. */
  readonly limitedBy?: 'per-file cap' | 'instruction budget';
}

/** Fits `items` into `budget`, closest (last) first. */
export function applyBudget(
  items: readonly BudgetItem[],
  budget: SourceBudget,
  counter: TokenCounter,
): BudgetOutcome[] {
  const out: BudgetOutcome[] = new Array(items.length);
  let bytesLeft = budget.totalBytes;
  let tokensLeft = budget.totalTokens;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    const byTotal = bytesLeft < budget.perFileBytes || tokensLeft < budget.perFileTokens;
    const why = byTotal ? 'instruction budget' : 'per-file cap';
    const limits = {
      maxBytes: Math.max(0, Math.min(budget.perFileBytes, bytesLeft)),
      maxTokens: Math.max(0, Math.min(budget.perFileTokens, tokensLeft)),
    };
    const r = truncateText(item.text, limits, counter, { ...item.label, why });
    if (r.outcome === 'kept') out[i] = r;
    else out[i] = { ...r, limitedBy: why };
    bytesLeft -= new TextEncoder().encode(r.content).length;
    tokensLeft -= r.tokens;
  }
  return out;
}
