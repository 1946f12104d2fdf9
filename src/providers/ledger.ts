/**
 * @module providers/ledger
 * `CacheLedger`: per-turn and total cache figures over a session, with the input cost relative to
 * sending everything uncached: reads, 5-minute writes and 1-hour writes each at their own price,
 * from a price table per model family that the caller can replace.
 */
import type { CacheMissReport, ClearedContext } from './cache-diagnostics.js';
import type { NormalizedUsage } from './usage.js';

/** Price multipliers relative to the model's base input price. */
export interface CachePricing {
  /** Cache read, e.g. 0.1. */
  readonly read: number;
  /** Cache write with a 5-minute TTL, e.g. 1.25. */
  readonly write5m: number;
  /** Cache write with a 1-hour TTL, e.g. 2. */
  readonly write1h: number;
}

/** Anthropic's published multipliers: read 0.1x, 5-minute write 1.25x, 1-hour write 2x. */
export const ANTHROPIC_PRICING: CachePricing = Object.freeze({
  read: 0.1,
  write5m: 1.25,
  write1h: 2,
});

/** The multipliers of one model family, matched on the model id. */
export interface CachePriceEntry {
  readonly family: string;
  readonly pattern: RegExp;
  readonly pricing: CachePricing;
}

/** OpenAI caches automatically and bills no write surcharge; reads are a fraction of input. */
const openai = (read: number): CachePricing => Object.freeze({ read, write5m: 1, write1h: 1 });

/**
 * Cache price multipliers per model family (published prices, 2026), first match wins. Pass your
 * own table (or one entry in front of this one) to `CacheLedger` to override.
 */
export const CACHE_PRICES: readonly CachePriceEntry[] = Object.freeze([
  { family: 'anthropic', pattern: /claude|anthropic/, pricing: ANTHROPIC_PRICING },
  { family: 'openai-gpt-4o', pattern: /gpt-4o/, pricing: openai(0.5) },
  { family: 'openai-gpt-4.1', pattern: /gpt-4\.1/, pricing: openai(0.25) },
  { family: 'openai-o', pattern: /(^|\/)o[34](-|$)/, pricing: openai(0.25) },
  { family: 'openai-gpt-5', pattern: /gpt-5|codex/, pricing: openai(0.1) },
]);

/**
 * The multipliers for `model` from `table` (Anthropic's when no entry matches).
 * @example cachePricingFor('gpt-4.1-mini').read // 0.25
 */
export function cachePricingFor(
  model: string,
  table: readonly CachePriceEntry[] = CACHE_PRICES,
): CachePricing {
  const id = model.toLowerCase();
  return table.find((e) => e.pattern.test(id))?.pricing ?? ANTHROPIC_PRICING;
}

/** Options of {@link CacheLedger}: explicit `pricing`, or the `model`'s entry of `priceTable`. */
export interface CacheLedgerOptions {
  readonly pricing?: CachePricing | undefined;
  readonly model?: string | undefined;
  readonly priceTable?: readonly CachePriceEntry[] | undefined;
}

/** What else is known about a turn besides its usage. */
export interface LedgerTurnNotes {
  /** ctxloom's prediction (`predictedCacheMiss(explainCacheMiss(previous, next))`). */
  readonly predictedMiss?: CacheMissReport | undefined;
  /** The provider's diagnosis (`readCacheDiagnostics(provider, response)`). */
  readonly reportedMiss?: CacheMissReport | undefined;
  /** What server-side context editing cleared (`readClearedContext(response)`). */
  readonly cleared?: ClearedContext | undefined;
}

/** One recorded turn. */
export interface LedgerTurn extends NormalizedUsage, LedgerTurnNotes {
  readonly turn: number;
  readonly label: string | undefined;
}

/** Predicted vs reported miss for one turn. */
export interface LedgerMissRow {
  readonly turn: number;
  readonly label: string | undefined;
  readonly predicted: CacheMissReport | undefined;
  readonly reported: CacheMissReport | undefined;
  /** Both present and they agree on hit/miss and on the part blamed. */
  readonly agree: boolean;
}

/** Totals over the session. */
export interface LedgerTotals {
  readonly turns: number;
  readonly inputTotal: number;
  readonly inputUncached: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  /** Of `cacheWrite`, the 1-hour writes. */
  readonly cacheWrite1h: number;
  readonly output: number;
  readonly hitRatio: number;
  /** Input tokens of server-side compaction iterations (billed, outside `inputTotal`). */
  readonly compactionInput: number;
  readonly compactionOutput: number;
  /** Input tokens server-side context editing removed before the model read the request. */
  readonly clearedInputTokens: number;
  /**
   * Input cost with caching divided by the cost without it (1 = no saving); compaction
   * iterations count on both sides, at their own cache split.
   */
  readonly relativeInputCost: number;
}

/** Accumulates usage over a session. */
export class CacheLedger {
  readonly #turns: LedgerTurn[] = [];
  readonly #pricing: CachePricing;

  constructor(options: CacheLedgerOptions = {}) {
    this.#pricing =
      options.pricing ?? cachePricingFor(options.model ?? '', options.priceTable ?? CACHE_PRICES);
  }

  /** The multipliers this ledger prices with. */
  get pricing(): CachePricing {
    return this.#pricing;
  }

  /** Adds one response's usage, with the predicted and reported cache misses when known. */
  record(usage: NormalizedUsage, label?: string, notes: LedgerTurnNotes = {}): LedgerTurn {
    const extra: Record<string, unknown> = {};
    if (notes.predictedMiss !== undefined) extra.predictedMiss = notes.predictedMiss;
    if (notes.reportedMiss !== undefined) extra.reportedMiss = notes.reportedMiss;
    if (notes.cleared !== undefined) extra.cleared = notes.cleared;
    const turn: LedgerTurn = Object.freeze({
      ...usage,
      ...extra,
      turn: this.#turns.length + 1,
      label,
    });
    this.#turns.push(turn);
    return turn;
  }

  /** Predicted vs reported cache misses, per turn that has either. */
  misses(): readonly LedgerMissRow[] {
    return this.#turns
      .filter((t) => t.predictedMiss !== undefined || t.reportedMiss !== undefined)
      .map((t) => {
        const p = t.predictedMiss;
        const r = t.reportedMiss;
        const agree =
          p !== undefined &&
          r !== undefined &&
          (p.status === 'hit') === (r.status === 'hit') &&
          (p.status !== 'miss' || r.status !== 'miss' || p.cause === r.cause);
        return Object.freeze({ turn: t.turn, label: t.label, predicted: p, reported: r, agree });
      });
  }

  get turns(): readonly LedgerTurn[] {
    return this.#turns.slice();
  }

  totals(): LedgerTotals {
    const sum = (f: (t: LedgerTurn) => number) => this.#turns.reduce((s, t) => s + f(t), 0);
    const inputTotal = sum((t) => t.inputTotal);
    const cacheRead = sum((t) => t.cacheRead);
    const cacheWrite = sum((t) => t.cacheWrite);
    const cacheWrite1h = sum((t) => t.cacheWrite1h);
    const inputUncached = sum((t) => t.inputUncached);
    const p = this.#pricing;
    const price = (uncached: number, read: number, write: number, write1h: number) =>
      uncached + read * p.read + (write - write1h) * p.write5m + write1h * p.write1h;
    const c = (f: (x: NonNullable<LedgerTurn['compaction']>) => number) =>
      sum((t) => (t.compaction === undefined ? 0 : f(t.compaction)));
    const compactionInput = c((x) => x.inputTotal);
    const cost =
      price(inputUncached, cacheRead, cacheWrite, cacheWrite1h) +
      price(
        c((x) => x.inputUncached),
        c((x) => x.cacheRead),
        c((x) => x.cacheWrite),
        c((x) => x.cacheWrite1h),
      );
    const billed = inputTotal + compactionInput;
    return Object.freeze({
      turns: this.#turns.length,
      inputTotal,
      inputUncached,
      cacheRead,
      cacheWrite,
      cacheWrite1h,
      output: sum((t) => t.output),
      hitRatio: inputTotal === 0 ? 0 : cacheRead / inputTotal,
      compactionInput,
      compactionOutput: c((x) => x.output),
      clearedInputTokens: sum((t) => t.cleared?.inputTokens ?? 0),
      relativeInputCost: billed === 0 ? 1 : cost / billed,
    });
  }

  /** A per-turn table (with predicted / reported misses when recorded) and a total line. */
  format(): string {
    const miss = (m: CacheMissReport | undefined) =>
      m === undefined
        ? '-'
        : m.status === 'miss'
          ? `miss:${m.cause ?? 'unknown'}${m.missedTokens === undefined ? '' : `:${m.missedTokens}`}`
          : m.status;
    const rows = this.#turns.map(
      (t) =>
        `${String(t.turn).padStart(4)}  ${String(t.inputTotal).padStart(9)}  ${String(t.cacheRead).padStart(9)}  ${String(t.cacheWrite).padStart(9)}  ${String(t.inputUncached).padStart(9)}  ${(t.hitRatio * 100).toFixed(1).padStart(6)}%${t.predictedMiss || t.reportedMiss ? `  predicted ${miss(t.predictedMiss)} / reported ${miss(t.reportedMiss)}` : ''}${t.label ? `  ${t.label}` : ''}`,
    );
    const tot = this.totals();
    return [
      'turn      input       read      write   uncached     hit',
      ...rows,
      `total ${String(tot.inputTotal).padStart(9)}  ${String(tot.cacheRead).padStart(9)}  ${String(tot.cacheWrite).padStart(9)}  ${String(tot.inputUncached).padStart(9)}  ${(tot.hitRatio * 100).toFixed(1).padStart(6)}%  relative input cost ${tot.relativeInputCost.toFixed(3)}`,
    ].join('\n');
  }
}
