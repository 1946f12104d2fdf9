import { describe, expect, it } from 'vitest';
import { loadProject } from '../project/index.js';
import { createPresetRegistry } from '../prompt/index.js';
import { escapeHtml, formatTokens } from './escape-html.js';
import { inspectContext } from './inspect-context.js';
import { renderTimelineChart } from './render-chart.js';
import { INSPECT_CSP, renderInspectionHtml } from './render-html.js';
import { HOSTILE_SCRIPT, hostileProject } from './test-helpers/hostile-project.js';

async function page(): Promise<string> {
  const repo = hostileProject();
  const project = await loadProject({
    cwd: repo,
    home: '/nonexistent-home-for-inspect-tests',
    now: new Date('2026-01-01T00:00:00Z'),
    userGlobal: false,
  });
  const prompt = createPresetRegistry().build(project.context);
  return renderInspectionHtml(inspectContext({ project, prompt }));
}

describe('escapeHtml', () => {
  it('escapes markup, quotes and control characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('a\u0000b\u2028c\td\ne')).toBe('a\\u{0}b\\u{2028}c\td\ne');
  });

  it('formats token counts without a locale', () => {
    expect(formatTokens(1234567)).toBe('1,234,567');
    expect(formatTokens(12)).toBe('12');
  });
});

describe('renderInspectionHtml', () => {
  it('is one page with a CSP that forbids scripts and fetches, and no script of its own', async () => {
    const html = await page();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    expect(INSPECT_CSP).toContain("script-src 'none'");
    expect(INSPECT_CSP).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(|src=/i);
  });

  it('shows the hostile repository text only escaped', async () => {
    const html = await page();
    expect(html).not.toContain(HOSTILE_SCRIPT);
    expect(html).toContain(escapeHtml(HOSTILE_SCRIPT));
  });

  it('gives the same bytes for the same inspection', async () => {
    const repo = hostileProject();
    const load = async () => {
      const project = await loadProject({
        cwd: repo,
        home: '/nonexistent',
        now: new Date(0),
        userGlobal: false,
      });
      return renderInspectionHtml(
        inspectContext({ project, prompt: createPresetRegistry().build(project.context) }),
      );
    };
    expect(await load()).toBe(await load());
  });
});

describe('renderTimelineChart', () => {
  const turn = (n: number, predicted: number, reported?: number) => ({
    turn: n,
    label: `m${n}`,
    predictedHitRatio: predicted,
    predictedRelativeCost: 1 - predicted * 0.9,
    reportedHitRatio: reported,
    reportedRelativeCost: reported === undefined ? undefined : 1 - reported * 0.9,
    inputTokens: 1000,
  });

  it('draws predicted and reported series where each exists', () => {
    const svg = renderTimelineChart([turn(1, 0), turn(2, 0.9, 0.8), turn(3, 0.95, 0.9)], undefined);
    expect(svg).toContain('data-series="predictedHitRatio" data-points="3"');
    expect(svg).toContain('data-series="reportedHitRatio" data-points="2"');
    expect(svg).not.toContain('reported-average');
  });

  it('draws the reported average when only session totals are known, and a note for no turns', () => {
    expect(renderTimelineChart([turn(1, 0.5)], 0.6)).toContain('reported-average');
    expect(renderTimelineChart([], undefined)).toContain('No assistant turns');
  });
});
