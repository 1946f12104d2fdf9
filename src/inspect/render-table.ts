/**
 * @module inspect/render-table
 * The `ctxloom context` terminal table: one row per usage category with its tokens, its share of
 * the window and a bar, then the used total and the window. Pure, byte-stable.
 */
import type { Inspection, UsageCategory } from './types.js';

/** The human label of each category. */
export const CATEGORY_LABELS: Readonly<Record<UsageCategory, string>> = Object.freeze({
  'static-system': 'static system',
  'dynamic-system': 'dynamic system',
  tools: 'tools',
  'instruction-files': 'instruction files',
  'skills-catalog': 'skills catalog',
  memory: 'memory',
  plan: 'plan',
  history: 'history',
  'tool-results-verbatim': 'tool results (verbatim)',
  'tool-results-elided': 'tool results (elided)',
  free: 'free space',
});

const BAR = 24;

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function bar(share: number): string {
  const n = Math.min(BAR, Math.round(share * BAR));
  return `${'#'.repeat(n)}${'.'.repeat(BAR - n)}`;
}

/** The table as text (ends with a newline). */
export function contextTable(inspection: Inspection): string {
  const u = inspection.usage;
  const rows: [string, string, string, string][] = u.rows.map((r) => [
    CATEGORY_LABELS[r.category],
    String(r.tokens),
    percent(r.share),
    bar(r.share),
  ]);
  rows.push(['used', String(u.used), percent(u.window === 0 ? 0 : u.used / u.window), '']);
  rows.push(['window', String(u.window), '', u.over ? 'OVER THE WINDOW' : '']);
  const header: [string, string, string, string] = ['category', 'tokens', 'share', ''];
  const all = [header, ...rows];
  const w = [0, 1, 2].map((i) => Math.max(...all.map((r) => r[i]?.length ?? 0)));
  const line = (r: readonly string[]) =>
    [
      (r[0] ?? '').padEnd(w[0] ?? 0),
      (r[1] ?? '').padStart(w[1] ?? 0),
      (r[2] ?? '').padStart(w[2] ?? 0),
      r[3] ?? '',
    ]
      .join('  ')
      .trimEnd();
  const title = `context of ${inspection.cache.provider} / ${inspection.cache.model} (${inspection.tokenizer} tokens)`;
  const session = inspection.session;
  const sub =
    session === undefined
      ? 'no session (the prompt and tools only)'
      : `session ${session.id}: ${session.messages} messages, ${session.compactions.length} compactions`;
  return `${[title, sub, '', ...all.map(line)].join('\n')}\n`;
}
