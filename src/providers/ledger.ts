/**
 * @module providers/ledger
 * `CacheLedger`: per-turn and total cache figures over a session, with the input cost relative to
 * sending everything uncached.
 */
import type { NormalizedUsage } from './usage.js';

/** Price multipliers relative to the base input price (Anthropic's published ones by default). */
export interface CachePricing {
  /** Cache read, e.g. 0.1. */
  readonly read: number;
  /** Cache write, e.g. 1.25 (5-minute TTL). */
  readonly write: number;
}

export const ANTHROPIC_PRICING: CachePricing = Object.freeze({ read: 0.1, write: 1.25 });

/** One recorded turn. */
export interface LedgerTurn extends NormalizedUsage {
  readonly turn: number;
  readonly label: string | undefined;
}

/** Totals over the session. */
export interface LedgerTotals {
  readonly turns: number;
  readonly inputTotal: number;
  readonly inputUncached: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly output: number;
  readonly hitRatio: number;
  /** Input cost with caching divided by the cost without it (1 = no saving). */
  readonly relativeInputCost: number;
}

/** Accumulates usage over a session. */
export class CacheLedger {
  readonly #turns: LedgerTurn[] = [];
  readonly #pricing: CachePricing;

  constructor(pricing: CachePricing = ANTHROPIC_PRICING) {
    this.#pricing = pricing;
  }

  /** Adds one response's usage. */
  record(usage: NormalizedUsage, label?: string): LedgerTurn {
    const turn = Object.freeze({ ...usage, turn: this.#turns.length + 1, label });
    this.#turns.push(turn);
    return turn;
  }

  get turns(): readonly LedgerTurn[] {
    return this.#turns.slice();
  }

  totals(): LedgerTotals {
    const sum = (f: (t: LedgerTurn) => number) => this.#turns.reduce((s, t) => s + f(t), 0);
    const inputTotal = sum((t) => t.inputTotal);
    const cacheRead = sum((t) => t.cacheRead);
    const cacheWrite = sum((t) => t.cacheWrite);
    const inputUncached = sum((t) => t.inputUncached);
    const cost = inputUncached + cacheRead * this.#pricing.read + cacheWrite * this.#pricing.write;
    return Object.freeze({
      turns: this.#turns.length,
      inputTotal,
      inputUncached,
      cacheRead,
      cacheWrite,
      output: sum((t) => t.output),
      hitRatio: inputTotal === 0 ? 0 : cacheRead / inputTotal,
      relativeInputCost: inputTotal === 0 ? 1 : cost / inputTotal,
    });
  }

  /** A per-turn table and a total line. */
  format(): string {
    const rows = this.#turns.map(
      (t) =>
        `${String(t.turn).padStart(4)}  ${String(t.inputTotal).padStart(9)}  ${String(t.cacheRead).padStart(9)}  ${String(t.cacheWrite).padStart(9)}  ${String(t.inputUncached).padStart(9)}  ${(t.hitRatio * 100).toFixed(1).padStart(6)}%${t.label ? `  ${t.label}` : ''}`,
    );
    const tot = this.totals();
    return [
      'turn      input       read      write   uncached     hit',
      ...rows,
      `total ${String(tot.inputTotal).padStart(9)}  ${String(tot.cacheRead).padStart(9)}  ${String(tot.cacheWrite).padStart(9)}  ${String(tot.inputUncached).padStart(9)}  ${(tot.hitRatio * 100).toFixed(1).padStart(6)}%  relative input cost ${tot.relativeInputCost.toFixed(3)}`,
    ].join('\n');
  }
}
