/**
 * @module inspect/render-html
 * `renderInspectionHtml`: one self-contained HTML page of an inspection. No script, no external
 * style sheet, font or image: everything is inline, and a Content-Security-Policy meta forbids
 * scripts and every fetch, so the page works opened from disk and cannot run what a repository
 * file holds. Every text from a repository, a session or a tool is escaped. Pure, byte-stable.
 */
import type { BreakpointDecision } from '../providers/index.js';
import { escapeHtml as e, formatShare, formatTokens } from './escape-html.js';
import { PAGE_STYLE } from './page-style.js';
import { renderTimelineChart } from './render-chart.js';
import { CATEGORY_LABELS } from './render-table.js';
import type { Inspection, InspectSection, InspectSession } from './types.js';

/** The page's Content-Security-Policy: no script, no fetch; inline styles only. */
export const INSPECT_CSP =
  "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const bar = (share: number) =>
  `<span class="bar"><span style="width:${Math.min(100, share * 100).toFixed(2)}%"></span></span>`;

function table(head: readonly string[], rows: readonly string[], cls = ''): string {
  if (rows.length === 0) return '<p class="muted">none</p>';
  const th = head.map((h) => `<th>${e(h)}</th>`).join('');
  return `<table${cls === '' ? '' : ` class="${cls}"`}><thead><tr>${th}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function usagePart(x: Inspection): string {
  const u = x.usage;
  const rows = u.rows.map(
    (r) =>
      `<tr data-category="${r.category}" data-tokens="${r.tokens}"><td>${e(CATEGORY_LABELS[r.category])}</td><td class="num">${formatTokens(r.tokens)}</td><td class="num">${formatShare(r.share)}</td><td>${bar(r.share)}</td></tr>`,
  );
  const over = u.over ? ' <strong class="bad">over the window</strong>' : '';
  return `<section id="usage"><h2>Usage against the window</h2><p>${formatTokens(u.used)} of ${formatTokens(u.window)} tokens used${over}.</p>${table(['category', 'tokens', 'share', ''], rows)}</section>`;
}

function sectionRow(s: InspectSection, tierTokens: number): string {
  const share = tierTokens === 0 ? 0 : s.tokens / tierTokens;
  return `<tr class="section ${s.status}" data-section="${e(s.name)}" data-tier="${s.tier}" data-status="${s.status}" data-tokens="${s.tokens}"><td>${e(s.name)}${s.volatile ? ' <span class="tag">volatile</span>' : ''}</td><td>${s.status}</td><td class="num">${formatTokens(s.tokens)}</td><td class="num">${formatTokens(s.bytes)}</td><td>${bar(share)}</td></tr>`;
}

function tiersPart(x: Inspection): string {
  const head = ['section', 'status', 'tokens', 'bytes', 'share of tier'];
  const tier = (name: 'static' | 'dynamic') => {
    const total = x.tiers[name].tokens;
    const rows = x.sections.filter((s) => s.tier === name).map((s) => sectionRow(s, total));
    const text = x.text[name] ?? '';
    return `<div class="tier" id="tier-${name}" data-tokens="${total}"><h3>${name} tier: ${formatTokens(total)} tokens, ${x.tiers[name].sections} rendered</h3>${table(head, rows)}<details class="tier-text"><summary>the ${name} tier as sent (${formatTokens(text.length)} characters)</summary><pre class="prompt-text" id="text-${name}">${e(text)}</pre></details></div>`;
  };
  const boundary = `<div id="cache-boundary" class="boundary" data-tokens="${x.cache.boundaryTokens}">cache boundary: ${formatTokens(x.cache.boundaryTokens)} tokens of tools and static tier are the shared cacheable prefix</div>`;
  return `<section id="tiers"><h2>The system prompt as sent (${formatTokens(x.tiers.total.tokens)} tokens, ${e(x.tokenizer)})</h2>${tier('static')}${boundary}${tier('dynamic')}</section>`;
}

function breakpointRow(b: BreakpointDecision): string {
  return `<tr class="breakpoint ${b.placed ? 'placed' : 'not-placed'}" data-slot="${b.slot}" data-placed="${b.placed}"><td>${b.slot}</td><td>${b.placed ? 'placed' : 'not placed'}</td><td>${b.ttl}</td><td class="num">${formatTokens(b.prefixTokens)}</td><td>${e(b.note ?? '')}</td></tr>`;
}

function cachePart(x: Inspection): string {
  const c = x.cache;
  const rows = c.breakpoints.map(breakpointRow);
  return `<section id="breakpoints"><h2>Cache breakpoints (${e(c.provider)}, ${e(c.model)})</h2><p>${e(c.note)}</p>${table(['slot', 'decision', 'ttl', 'prefix tokens', 'why'], rows)}</section>`;
}

function sourcesPart(x: Inspection): string {
  const rows = x.sources.map(
    (s) =>
      `<tr class="source" data-path="${e(s.path)}" data-status="${e(s.status)}"><td>${e(s.path)}</td><td>${s.role}</td><td>${e(s.scope)}</td><td>${e(s.trust)}</td><td>${e(s.status)}${s.reason === undefined ? '' : ` (${e(s.reason)})`}</td><td>${e(s.verdict)}</td><td class="num">${formatTokens(s.tokens)}</td><td>${s.truncated ? `cut ${formatTokens(s.bytesCut)} of ${formatTokens(s.fullBytes)} bytes` : 'no'}</td><td><code class="hash">${e(s.sha256)}</code></td></tr>`,
  );
  return `<section id="sources"><h2>Sources</h2>${table(['path', 'role', 'scope', 'trust', 'status', 'scan', 'tokens', 'truncated', 'sha256'], rows)}</section>`;
}

function findingsPart(x: Inspection): string {
  const rows = x.findings.map(
    (f) =>
      `<tr class="finding" data-rule="${e(f.ruleId)}" data-source="${e(f.source)}"><td>${e(f.source)}</td><td>${f.line ?? ''}</td><td><code>${e(f.ruleId)}</code></td><td>${e(f.severity)}${f.suppressed === undefined ? '' : ' (suppressed)'}</td><td>${e(f.verdict)}</td><td><pre class="excerpt">${e(f.excerpt)}</pre>${e(f.message)}</td></tr>`,
  );
  return `<section id="findings"><h2>Scanner findings (${x.findings.length})</h2>${table(['source', 'line', 'rule', 'severity', 'verdict', 'excerpt'], rows)}</section>`;
}

function skillsPart(x: Inspection): string {
  const s = x.skills;
  const listed = s.listed.map(
    (k) =>
      `<tr class="skill" data-skill="${e(k.name)}"><td>${e(k.name)}</td><td>${e(k.description)}${s.cut.includes(k.name) ? ' <span class="tag">shortened</span>' : ''}</td></tr>`,
  );
  const unlisted = s.unlisted.map(
    (k) =>
      `<tr class="unlisted" data-skill="${e(k.name)}" data-reason="${e(k.reason)}"><td>${e(k.name)}</td><td>${e(k.reason)}</td></tr>`,
  );
  return `<section id="skills"><h2>Skills catalog: ${s.listed.length} listed, ${formatTokens(s.tokens)} of ${formatTokens(s.budgetTokens)} budget tokens, ${s.droppedForBudget} dropped for budget</h2>${table(['skill', 'description'], listed)}<h3>Not listed</h3>${table(['skill', 'reason'], unlisted)}</section>`;
}

function toolsAndDiagnostics(x: Inspection): string {
  const tools = x.tools.map(
    (t) =>
      `<tr class="tool"><td>${e(t.name)}</td><td class="num">${formatTokens(t.tokens)}</td></tr>`,
  );
  const diags = x.diagnostics.map(
    (d) =>
      `<tr class="diagnostic ${e(d.severity)}"><td><code>${e(d.code)}</code></td><td>${e(d.severity)}</td><td>${e(d.file ?? '')}</td><td>${e(d.message)}</td></tr>`,
  );
  return `<section id="tools"><h2>Tools (${x.tools.length})</h2>${table(['tool', 'tokens'], tools)}</section><section id="diagnostics"><h2>Diagnostics (${x.diagnostics.length})</h2>${table(['code', 'severity', 'file', 'message'], diags)}</section>`;
}

function sessionPart(s: InspectSession | undefined): string {
  if (s === undefined)
    return '<section id="session"><h2>Session</h2><p class="muted">No session inspected (pass --session ID).</p></section>';
  const items = s.items.map(
    (i) =>
      `<tr class="item" data-kind="${i.kind}"${i.fragment === undefined ? '' : ` data-fragment="${e(i.fragment)}"`}><td>${e(i.messageId)}</td><td>${e(i.role)}</td><td><span class="tag kind-${i.kind}">${i.fragment === undefined ? i.kind : e(i.fragment)}</span></td><td>${e(i.label)}</td><td class="num">${formatTokens(i.tokens)}</td><td class="preview">${e(i.preview)}</td></tr>`,
  );
  const compactions = s.compactions.map(
    (c, n) =>
      `<li class="compaction" data-detail="${c.detail}"><strong>#${n + 1} ${e(c.at)}</strong>: ${formatTokens(c.tokensBefore)} → ${formatTokens(c.tokensAfter)} tokens. Kept: ${c.kept.length === 0 ? (c.detail === 'record' ? 'not recorded' : 'none') : e(c.kept.join(', '))}. Elided: ${c.elided.length === 0 ? 'none' : c.elided.map((x) => `${e(x.messageId || '?')} → <code>${e(x.ref)}</code>`).join(', ')}. Summarised: ${c.summarized.length === 0 ? 'none' : e(c.summarized.join(', '))}. Dropped: ${c.dropped.length === 0 ? 'none' : e(c.dropped.join('; '))}.</li>`,
  );
  const reportedPerTurn = s.timeline.some((t) => t.reportedHitRatio !== undefined);
  const chart = renderTimelineChart(
    s.timeline,
    reportedPerTurn || s.cache.turns === 0 ? undefined : s.cache.hitRatio,
  );
  return `<section id="session" data-session="${e(s.id)}"><h2>Session ${e(s.id)}</h2><p>${s.messages} messages, ${formatTokens(s.historyTokens)} history tokens, revision ${s.revision}${s.parentId === undefined ? '' : `, forked from ${e(s.parentId)}`}. Reported over ${s.cache.turns} turns: ${formatTokens(s.cache.cacheRead)} of ${formatTokens(s.cache.inputTotal)} input tokens read from cache (${formatShare(s.cache.hitRatio)}).</p><h3>Cache timeline</h3>${chart}<h3>Compactions (${s.compactions.length})</h3>${compactions.length === 0 ? '<p class="muted">none</p>' : `<ol>${compactions.join('')}</ol>`}<h3>History</h3>${table(['message', 'role', 'type', 'label', 'tokens', 'text'], items, 'history')}</section>`;
}

/** The whole page. */
export function renderInspectionHtml(x: Inspection): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${e(INSPECT_CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>ctxloom inspect: ${e(x.root)}</title>`,
    `<style>${PAGE_STYLE}</style></head><body>`,
    `<header><h1>ctxloom inspect</h1><p><code>${e(x.root)}</code></p></header><main>`,
    usagePart(x),
    tiersPart(x),
    cachePart(x),
    sourcesPart(x),
    findingsPart(x),
    skillsPart(x),
    toolsAndDiagnostics(x),
    sessionPart(x.session),
    '</main></body></html>',
    '',
  ].join('\n');
}
