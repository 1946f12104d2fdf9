/**
 * @module inspect/usage
 * Usage by category against the window: the static tier, what is left of the dynamic tier once
 * the instruction files, the skills catalog, memory and the plan are counted on their own, the
 * tools block, the history split into conversation, verbatim tool results and elided ones, and
 * the free space. The categories add up to exactly what is sent. Pure.
 */
import type { BuildReport } from '../prompt/index.js';
import type { UsageCategory, UsageReport, UsageRow } from './types.js';

/** The dynamic sections that get a category of their own. */
export const SECTION_CATEGORIES: Readonly<Record<string, UsageCategory>> = Object.freeze({
  'repository-context': 'instruction-files',
  'available-skills': 'skills-catalog',
  memory: 'memory',
  'current-plan': 'plan',
});

/** The history's tokens, split the way the usage table shows them. */
export interface HistoryUsage {
  /** Messages without their tool results. */
  readonly conversation: number;
  /** Tool results sent as they came. */
  readonly toolResultsVerbatim: number;
  /** Tool results replaced by an `elided-result` fragment (what the fragment costs). */
  readonly toolResultsElided: number;
}

/** What {@link usageReport} adds up. */
export interface UsageInput {
  readonly prompt: BuildReport;
  /** Tokens of the tools block as sent. */
  readonly toolTokens: number;
  readonly history?: HistoryUsage | undefined;
  /** The context window in tokens. */
  readonly window: number;
}

/** Usage by category; `free` is what is left of the window (0 when over). */
export function usageReport(input: UsageInput): UsageReport {
  const t = input.prompt.totals;
  const own = new Map<UsageCategory, number>();
  let carved = 0;
  for (const s of input.prompt.sections) {
    const category = s.tier === 'dynamic' ? SECTION_CATEGORIES[s.name] : undefined;
    if (category === undefined || s.status !== 'rendered') continue;
    own.set(category, (own.get(category) ?? 0) + s.tokens);
    carved += s.tokens;
  }
  const h = input.history;
  const tokens: Record<UsageCategory, number> = {
    'static-system': t.static.tokens,
    'dynamic-system': Math.max(0, t.dynamic.tokens - carved),
    tools: input.toolTokens,
    'instruction-files': own.get('instruction-files') ?? 0,
    'skills-catalog': own.get('skills-catalog') ?? 0,
    memory: own.get('memory') ?? 0,
    plan: own.get('plan') ?? 0,
    history: h?.conversation ?? 0,
    'tool-results-verbatim': h?.toolResultsVerbatim ?? 0,
    'tool-results-elided': h?.toolResultsElided ?? 0,
    free: 0,
  };
  let used = 0;
  for (const [k, v] of Object.entries(tokens)) if (k !== 'free') used += v;
  const window = Math.max(0, Math.floor(input.window));
  tokens.free = Math.max(0, window - used);
  const share = (n: number) => (window === 0 ? 0 : n / window);
  const rows: UsageRow[] = (Object.keys(tokens) as UsageCategory[]).map((category) =>
    Object.freeze({ category, tokens: tokens[category], share: share(tokens[category]) }),
  );
  return Object.freeze({ window, used, rows: Object.freeze(rows), over: used > window });
}
