/**
 * @module inspect/render-chart
 * The cache timeline as an inline SVG: hit ratio and relative input cost per turn, predicted
 * (dashed) and reported (solid) where each exists, with the session's reported average hit ratio
 * as a line when the ledger has no per-turn figures. No script, no external resource. Pure.
 */
import { escapeHtml } from './escape-html.js';
import type { TimelineTurn } from './types.js';

const W = 720;
const H = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

type Series = { key: string; label: string; color: string; dashed: boolean };

const SERIES: readonly Series[] = [
  { key: 'predictedHitRatio', label: 'hit ratio (predicted)', color: '#2b7de9', dashed: true },
  { key: 'reportedHitRatio', label: 'hit ratio (reported)', color: '#2b7de9', dashed: false },
  {
    key: 'predictedRelativeCost',
    label: 'relative cost (predicted)',
    color: '#d9480f',
    dashed: true,
  },
  {
    key: 'reportedRelativeCost',
    label: 'relative cost (reported)',
    color: '#d9480f',
    dashed: false,
  },
];

const value = (t: TimelineTurn, key: string): number | undefined =>
  (t as unknown as Record<string, number | undefined>)[key];

function polyline(
  turns: readonly TimelineTurn[],
  s: Series,
  x: (i: number) => number,
  y: (v: number) => number,
): string {
  const points: string[] = [];
  const dots: string[] = [];
  turns.forEach((t, i) => {
    const v = value(t, s.key);
    if (v === undefined) return;
    points.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    dots.push(
      `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${s.color}"/>`,
    );
  });
  if (points.length === 0) return '';
  const dash = s.dashed ? ' stroke-dasharray="5 3"' : '';
  return `<g class="series" data-series="${s.key}" data-points="${points.length}"><polyline fill="none" stroke="${s.color}" stroke-width="1.5"${dash} points="${points.join(' ')}"/>${dots.join('')}</g>`;
}

/** The chart, or a short note when there are no turns. */
export function renderTimelineChart(
  turns: readonly TimelineTurn[],
  reportedAverage: number | undefined,
): string {
  if (turns.length === 0) return '<p class="muted">No assistant turns yet: nothing to chart.</p>';
  let top = 1;
  for (const t of turns) for (const s of SERIES) top = Math.max(top, value(t, s.key) ?? 0);
  const span = Math.max(1, turns.length - 1);
  const x = (i: number) => PAD.left + (i / span) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v / top) * (H - PAD.top - PAD.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const grid = ticks
    .map(
      (v) =>
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#ddd"/><text x="${PAD.left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v.toFixed(2)}</text>`,
    )
    .join('');
  const every = Math.max(1, Math.ceil(turns.length / 12));
  const labels = turns
    .map((t, i) =>
      i % every === 0 || i === turns.length - 1
        ? `<text x="${x(i).toFixed(1)}" y="${H - 8}" text-anchor="middle">${t.turn}</text>`
        : '',
    )
    .join('');
  const average =
    reportedAverage === undefined
      ? ''
      : `<line class="reported-average" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(reportedAverage).toFixed(1)}" y2="${y(reportedAverage).toFixed(1)}" stroke="#2f9e44" stroke-dasharray="2 2"/>`;
  const lines = SERIES.map((s) => polyline(turns, s, x, y)).join('');
  const legend = SERIES.filter((s) => turns.some((t) => value(t, s.key) !== undefined))
    .map(
      (s) =>
        `<li><span class="swatch${s.dashed ? ' dashed' : ''}" style="border-color:${s.color}"></span>${escapeHtml(s.label)}</li>`,
    )
    .join('');
  const avgLegend =
    reportedAverage === undefined
      ? ''
      : `<li><span class="swatch dashed" style="border-color:#2f9e44"></span>reported session average hit ratio (${(reportedAverage * 100).toFixed(1)}%)</li>`;
  return `<svg id="timeline-chart" role="img" aria-label="cache hit ratio and relative cost per turn" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg"><g class="axes" font-size="10" fill="#555">${grid}${labels}</g>${average}${lines}</svg><ul class="legend">${legend}${avgLegend}</ul>`;
}
