/**
 * @module history/ledger-overflow
 * When the fact ledger of a summarised range would not fit the summary's budget, the overflow
 * goes into an artifact (content-addressed, the same store elision uses) and the summary names
 * the readback ref, so a history where every step adds facts still lands within the target and
 * no fact is dropped. Pure: the caller stores the artifact.
 */
import { BoundedCache, type TokenCounter } from '../tokens/index.js';
import { artifactRef } from './artifact-store.js';
import type { Artifact } from './elide.js';
import type { Fact, FactKind } from './facts.js';
import { READ_ARTIFACT_TOOL_NAME } from './read-artifact.js';

/**
 * The order facts move to the overflow artifact, by kind: tier 0 first. Within a tier the oldest
 * facts (first seen earliest) go first. Goals and requirements (`goal`), pins (`pinned`) and the
 * latest failing check (the error facts of the newest message that has any) never move: they stay
 * in the summary even when they alone exceed its budget.
 */
export const OVERFLOW_TIERS: Readonly<Record<FactKind, number | undefined>> = Object.freeze({
  path: 0,
  url: 0,
  hash: 0,
  artifact: 0,
  task: 1,
  error: 1,
  confirmed: 2,
  goal: undefined,
  pinned: undefined,
});

/** The ledger split: what the summary quotes and what only the artifact holds. */
export interface LedgerSplit {
  /** Facts the summary keeps verbatim, in ledger order. */
  readonly kept: readonly Fact[];
  /** Facts moved to the artifact, in ledger order (empty: the ledger fits). */
  readonly overflow: readonly Fact[];
  /** The artifact holding `overflow` (absent when nothing overflowed). */
  readonly artifact?: Artifact;
}

/** Tokens the line naming the artifact takes (reserved when anything overflows). */
const REF_LINE_TOKENS = 80;

/** The index of the newest message's error facts: the latest failing check. */
function latestErrors(ledger: readonly Fact[]): Set<number> {
  const out = new Set<number>();
  let id: string | undefined;
  for (let i = ledger.length - 1; i >= 0; i--) {
    const f = ledger[i]!;
    if (f.kind !== 'error') continue;
    if (id === undefined) id = f.messageId;
    if (f.messageId === id) out.add(i);
  }
  return out;
}

/** The text of the overflow artifact: one `- kind: value (message id)` line per fact. */
export function overflowContent(facts: readonly Fact[]): string {
  return contentOf(facts.map(factLine));
}

function factLine(f: Fact): string {
  return `- ${f.kind}: ${f.value} (${f.messageId})`;
}

function contentOf(lines: readonly string[]): string {
  return `Facts of the summarised range that did not fit the summary (${lines.length}):\n${lines.join('\n')}\n`;
}

/**
 * Each fact's artifact line, by ledger (made when first moved): a compaction splits one ledger
 * at several budgets, and a 100k-message ledger moves 200k facts each time.
 */
const lineMemo = new WeakMap<readonly Fact[], (string | undefined)[]>();

function movedLines(ledger: readonly Fact[], moved: Uint8Array): string[] {
  let lines = lineMemo.get(ledger);
  if (lines === undefined || lines.length !== ledger.length) {
    lines = new Array<string | undefined>(ledger.length);
    lineMemo.set(ledger, lines);
  }
  const out: string[] = [];
  for (let i = 0; i < ledger.length; i++) {
    if (moved[i] !== 1) continue;
    let line = lines[i];
    if (line === undefined) {
      line = factLine(ledger[i]!);
      lines[i] = line;
    }
    out.push(line);
  }
  return out;
}

/** Each fact's cost, by ledger and counter: a compaction splits one ledger at several budgets. */
const costMemo = new WeakMap<
  readonly Fact[],
  { counter: TokenCounter; costs: readonly number[] }
>();

/**
 * Each value's tokens, by counter and value: the next compaction of a live session builds a new
 * ledger of mostly the same facts, and most are too short for the o200k counter's text memo.
 */
const valueCosts = new WeakMap<TokenCounter, BoundedCache<number>>();
const VALUE_CACHE_ENTRIES = 1 << 14;

function factCosts(ledger: readonly Fact[], counter: TokenCounter): readonly number[] {
  const hit = costMemo.get(ledger);
  if (hit !== undefined && hit.counter === counter && hit.costs.length === ledger.length)
    return hit.costs;
  // a ledger longer than a generation of the cache only churns it: each value is evicted before
  // it is asked again (100k messages: 200k facts, every lookup a miss and an insert)
  if (ledger.length > VALUE_CACHE_ENTRIES) {
    const costs = ledger.map((f) => counter.count(f.value) + 1);
    costMemo.set(ledger, { counter, costs });
    return costs;
  }
  let values = valueCosts.get(counter);
  if (values === undefined) {
    values = new BoundedCache<number>({ maxEntries: VALUE_CACHE_ENTRIES, maxKeyChars: 1 << 22 });
    valueCosts.set(counter, values);
  }
  const costs: number[] = [];
  for (const f of ledger) {
    let n = values.get(f.value);
    if (n === undefined) {
      n = counter.count(f.value);
      values.set(f.value, n);
    }
    costs.push(n + 1);
  }
  costMemo.set(ledger, { counter, costs });
  return costs;
}

/**
 * Splits `ledger` so the facts the summary quotes take at most `budget` tokens (each fact costs
 * its value's tokens plus one for its list marker). Linear in the ledger size.
 */
export function splitLedger(
  ledger: readonly Fact[],
  budget: number,
  counter: TokenCounter,
): LedgerSplit {
  const costs = factCosts(ledger, counter);
  let total = 0;
  for (const c of costs) total += c;
  if (total <= budget) return { kept: ledger, overflow: [] };
  const protectedErrors = latestErrors(ledger);
  const byTier: number[][] = [[], [], []];
  ledger.forEach((f, i) => {
    const tier = OVERFLOW_TIERS[f.kind];
    if (tier !== undefined && !protectedErrors.has(i)) byTier[tier]!.push(i);
  });
  const moved = new Uint8Array(ledger.length);
  const limit = budget - REF_LINE_TOKENS;
  for (const tier of byTier) {
    for (const i of tier) {
      if (total <= limit) break;
      moved[i] = 1;
      total -= costs[i]!;
    }
  }
  const kept: Fact[] = [];
  const overflow: Fact[] = [];
  for (let i = 0; i < ledger.length; i++) (moved[i] === 1 ? overflow : kept).push(ledger[i]!);
  const content = contentOf(movedLines(ledger, moved));
  return { kept, overflow, artifact: { ref: artifactRef(content), content } };
}

/** The summary section naming the overflow artifact (empty when nothing overflowed). */
export function overflowSection(split: LedgerSplit): string {
  if (split.artifact === undefined) return '';
  const ref = split.artifact.ref;
  return `\n## Facts stored as an artifact\n- ${split.overflow.length} older fact(s) of this range did not fit the summary and are stored as ${ref}; read them with ${READ_ARTIFACT_TOOL_NAME} {"ref":"${ref}"}`;
}
