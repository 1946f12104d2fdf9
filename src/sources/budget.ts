/**
 * @module sources/budget
 * Shares the instruction budget among the sources loaded up front. The closest source (last in
 * prompt order) is served first; broader sources get what is left, so they are trimmed first.
 * The total budget counts what the prompt RENDERS for each source (its wrapper, attributes and
 * separator included, given by the item's `render`), plus a `frame` rendered once; every source
 * also has a per-file cap on its content. Pure (given a token counter).
 */
import type { TokenCounter } from '../tokens/index.js';
import type { SourceBudget } from './defaults.js';
import { type TruncateLabel, type TruncateResult, truncateText, utf8Length } from './truncate.js';

/** One source to budget, in prompt order. */
export interface BudgetItem {
  readonly text: string;
  readonly label: Omit<TruncateLabel, 'why'>;
  /**
   * What the prompt shows for this item with `content` (`cut`: whether it was truncated), wrapper
   * and separator included. The total budget counts this text. Default: the content itself.
   */
  readonly render?: ((content: string, cut: boolean) => string) | undefined;
}

/** The budget outcome of one item (same order as given), with the limit that applied. */
export interface BudgetOutcome extends TruncateResult {
  /** `per-file cap` or `instruction budget` when the item was cut or skipped. */
  readonly limitedBy?: 'per-file cap' | 'instruction budget';
  /** UTF-8 bytes of what the prompt renders for it (0 when skipped). */
  readonly renderedBytes: number;
  /** Tokens of what the prompt renders for it (0 when skipped). */
  readonly renderedTokens: number;
}

const identity = (content: string) => content;

/** Room for one text: its own cap (on content) and what is left of the total (on rendered text). */
interface Room {
  readonly capBytes: number;
  readonly capTokens: number;
  readonly leftBytes: number;
  readonly leftTokens: number;
}

type Fitted = TruncateResult & { readonly renderedBytes: number; readonly renderedTokens: number };

/** The wrapper's share of a rendered item, measured around a one-character body. */
interface Overhead {
  readonly bytes: number;
  readonly tokens: number;
}

/** The overhead of `render` (the cut status, the longer one); tokens only counted when needed. */
function overheadOf(
  render: (content: string, cut: boolean) => string,
  counter: TokenCounter,
  leftBytes: number,
): Overhead {
  const probe = render('x', true);
  const bytes = Math.max(0, utf8Length(probe) - 1);
  // once not even the wrapper fits, the tokens do not matter (saves a count per dropped file)
  const tokens = bytes >= leftBytes ? 0 : Math.max(0, counter.count(probe) - 1);
  return { bytes, tokens };
}

function skippedFit(text: string): Fitted {
  return {
    outcome: 'skipped',
    content: '',
    bytesKept: 0,
    bytesCut: utf8Length(text),
    tokens: 0,
    renderedBytes: 0,
    renderedTokens: 0,
  };
}

/** Fits one text so that its content fits the cap and its rendered form what is left. */
function fitOne(
  text: string,
  render: (content: string, cut: boolean) => string,
  room: Room,
  overhead: Overhead,
  counter: TokenCounter,
  label: TruncateLabel,
): Fitted {
  if (overhead.bytes >= room.leftBytes || overhead.tokens >= room.leftTokens)
    return skippedFit(text);
  let roomBytes = room.leftBytes - overhead.bytes;
  let roomTokens = room.leftTokens - overhead.tokens;
  // neutralising tags can make the rendered text longer than the probe says: shrink and retry
  for (let attempt = 0; attempt < 4; attempt++) {
    const limits = {
      maxBytes: Math.max(0, Math.min(room.capBytes, roomBytes)),
      maxTokens: Math.max(0, Math.min(room.capTokens, roomTokens)),
    };
    const r = truncateText(text, limits, counter, label);
    const shown = r.outcome === 'skipped' ? '' : render(r.content, r.outcome === 'truncated');
    const renderedBytes = utf8Length(shown);
    const renderedTokens = shown === '' ? 0 : counter.count(shown);
    const overBytes = renderedBytes - room.leftBytes;
    const overTokens = renderedTokens - room.leftTokens;
    if (r.outcome === 'skipped' || (overBytes <= 0 && overTokens <= 0))
      return { ...r, renderedBytes, renderedTokens };
    // shrink in proportion: escapes can make the rendered body several times the content
    if (overBytes > 0)
      roomBytes = Math.floor((limits.maxBytes * room.leftBytes) / renderedBytes) - 8;
    if (overTokens > 0)
      roomTokens = Math.floor((limits.maxTokens * room.leftTokens) / renderedTokens) - 2;
  }
  return skippedFit(text);
}

/**
 * Fits `items` into `budget`, closest (last) first. `frame` is the text the prompt adds once
 * around the items (a section's notice and outer wrapper); it is reserved from the total first.
 */
export function applyBudget(
  items: readonly BudgetItem[],
  budget: SourceBudget,
  counter: TokenCounter,
  frame = '',
): BudgetOutcome[] {
  const out: BudgetOutcome[] = new Array(items.length);
  let bytesLeft = budget.totalBytes;
  let tokensLeft = budget.totalTokens;
  if (items.length > 0 && frame !== '') {
    bytesLeft -= utf8Length(frame);
    tokensLeft -= counter.count(frame);
  }
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    const render = item.render ?? identity;
    const overhead = overheadOf(render, counter, bytesLeft);
    const byTotal =
      bytesLeft - overhead.bytes < budget.perFileBytes ||
      tokensLeft - overhead.tokens < budget.perFileTokens;
    const why = byTotal ? 'instruction budget' : 'per-file cap';
    const room: Room = {
      capBytes: budget.perFileBytes,
      capTokens: budget.perFileTokens,
      leftBytes: bytesLeft,
      leftTokens: tokensLeft,
    };
    const r = fitOne(item.text, render, room, overhead, counter, { ...item.label, why });
    out[i] = r.outcome === 'kept' ? r : { ...r, limitedBy: why };
    bytesLeft -= r.renderedBytes;
    tokensLeft -= r.renderedTokens;
  }
  return out;
}

/** A budget for one rendered text (wrapper included). */
export interface RenderedBudget {
  readonly bytes: number;
  readonly tokens: number;
}

/**
 * Fits one text whose rendered form (`render(content, cut)`, wrapper included) must stay within
 * `budget`: cut visibly (head, marker naming `label.path` and `label.why`, tail) or skipped when
 * not even a marker fits. Used for the plan section.
 */
export function fitRendered(
  text: string,
  render: (content: string, cut: boolean) => string,
  budget: RenderedBudget,
  counter: TokenCounter,
  label: TruncateLabel,
): TruncateResult & { readonly renderedBytes: number; readonly renderedTokens: number } {
  const room: Room = {
    capBytes: budget.bytes,
    capTokens: budget.tokens,
    leftBytes: budget.bytes,
    leftTokens: budget.tokens,
  };
  return fitOne(text, render, room, overheadOf(render, counter, budget.bytes), counter, label);
}
