/**
 * @module inspect
 * See the context: what is in the model's context for one project (and one session) and why it
 * costs what it costs, as data (`inspectContext`, pure; `loadInspection` reads a project, a
 * session and a tool file first), as the `ctxloom context` terminal table (`contextTable`) and as
 * one self-contained HTML page (`renderInspectionHtml`).
 */
export { compactionFromResult, sessionCompactions } from './compactions.js';
export { escapeHtml } from './escape-html.js';
export { historyItems, historyUsage } from './history-view.js';
export {
  DEFAULT_INSPECT_PROVIDER,
  DEFAULT_INSPECT_WINDOW,
  type InspectInput,
  inspectContext,
} from './inspect-context.js';
export {
  type LoadedInspection,
  type LoadInspectionOptions,
  loadInspection,
} from './load-inspection.js';
export { renderTimelineChart } from './render-chart.js';
export { INSPECT_CSP, renderInspectionHtml } from './render-html.js';
export { CATEGORY_LABELS, contextTable } from './render-table.js';
export { cacheTimeline, type TimelineInput, usesBreakpoints } from './timeline.js';
export {
  type HistoryItem,
  type HistoryItemKind,
  type InspectCache,
  type InspectCompaction,
  type InspectFinding,
  type Inspection,
  type InspectSection,
  type InspectSession,
  type InspectSkills,
  type InspectSource,
  type TimelineTurn,
  USAGE_CATEGORIES,
  type UsageCategory,
  type UsageReport,
  type UsageRow,
} from './types.js';
export { type HistoryUsage, SECTION_CATEGORIES, type UsageInput, usageReport } from './usage.js';
