/**
 * @module cli/table
 * The compact per-section table `build` prints on stderr.
 */
import type { BuildReport } from '../prompt/index.js';

/** Formats rows as left-aligned text columns (numbers right-aligned). */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)),
  );
  const line = (cells: readonly (string | number)[]) =>
    cells
      .map((c, i) =>
        typeof c === 'number'
          ? String(c).padStart(widths[i] ?? 0)
          : String(c).padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}

/** One row per section, then per-tier totals. */
export function sectionTable(report: BuildReport): string {
  const rows = report.sections.map((s) => [s.name, s.tier, s.status, s.tokens] as const);
  const t = report.totals;
  return formatTable(
    ['section', 'tier', 'status', 'tokens'],
    [
      ...rows,
      ['total static', '', `${t.static.sections} rendered`, t.static.tokens],
      ['total dynamic', '', `${t.dynamic.sections} rendered`, t.dynamic.tokens],
      ['total', '', report.tokenizer, t.total.tokens],
    ],
  );
}
