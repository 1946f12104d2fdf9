/**
 * @module inspect/inspect-context
 * `inspectContext`: everything in the model's context for one project (and optionally one
 * session) as one frozen, JSON-ready value: usage by category against the window, the sections of
 * both tiers, the breakpoint plan, sources, findings, the skills catalog, the tools and, for a
 * session, its labelled history, compactions and cache timeline. Built only from what the library
 * already produced (`loadProject`, the build report, the providers' planner, the session and its
 * ledger). Pure: the caller loads, this only reads its arguments.
 */
import type { CompactionResult, History } from '../history/index.js';
import type { Project } from '../project/index.js';
import type { BuiltPrompt } from '../prompt/index.js';
import { type LedgerTurn, toAnthropicRequest } from '../providers/index.js';
import type { Session } from '../session/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import { type ToolDefinition, toolBlockTokens, toolTokens } from '../tools/index.js';
import { sessionCompactions } from './compactions.js';
import { historyItems, historyUsage } from './history-view.js';
import { findingsOf, sectionsOf, skillsOf, sourcesOf } from './project-parts.js';
import { cacheTimeline, usesBreakpoints } from './timeline.js';
import type { InspectCache, Inspection, InspectSession } from './types.js';
import { usageReport } from './usage.js';

/** The default window when none is given (tokens). */
export const DEFAULT_INSPECT_WINDOW = 200_000;
/** The default provider of an inspection. */
export const DEFAULT_INSPECT_PROVIDER = 'anthropic';

const DEFAULT_MODEL: Readonly<Record<string, string>> = Object.freeze({
  anthropic: 'claude-sonnet-4-6',
  'ai-sdk': 'claude-sonnet-4-6',
  openai: 'gpt-4.1',
  'openai-chat': 'gpt-4.1',
  'openai-responses': 'gpt-4.1',
});

/** What {@link inspectContext} reads. Only `project` and `prompt` are required. */
export interface InspectInput {
  readonly project: Project;
  /** The built prompt (`createPresetRegistry().build(project.context)`). */
  readonly prompt: BuiltPrompt;
  /** `anthropic` (default), `ai-sdk`, `openai` / `openai-chat` or `openai-responses`. */
  readonly provider?: string | undefined;
  /** The model id (default per provider: `claude-sonnet-4-6`, `gpt-4.1`). */
  readonly model?: string | undefined;
  /** The context window in tokens (default 200,000). */
  readonly window?: number | undefined;
  /** The tools the request sends (a tool registry's `definitions`). */
  readonly tools?: readonly ToolDefinition[] | undefined;
  /** A session to inspect: its history, compactions and cache figures. */
  readonly session?: Session | undefined;
  /** A live engine's ledger turns (`engine.ledger.turns`): the reported side of the timeline. */
  readonly ledger?: readonly LedgerTurn[] | undefined;
  /** Live compaction results, oldest first (from `onCompaction`): their full records. */
  readonly compactions?: readonly CompactionResult[] | undefined;
  readonly tokenCounter?: TokenCounter | undefined;
}

function cachePlan(
  input: InspectInput,
  provider: string,
  model: string,
  history: History,
  toolsTokens: number,
): InspectCache {
  if (!usesBreakpoints(provider))
    return Object.freeze({
      provider,
      model,
      boundaryTokens: toolsTokens + input.prompt.report.totals.static.tokens,
      breakpoints: Object.freeze([]),
      note: 'automatic prefix caching: no breakpoints are placed; the static tier leads the request so the longest shared prefix is cached',
    });
  const payload = toAnthropicRequest({
    model,
    maxTokens: 4096,
    prompt: input.prompt,
    tools: input.tools ?? [],
    history,
    ...(input.tokenCounter === undefined ? {} : { tokenCounter: input.tokenCounter }),
  });
  const staticSlot = payload.breakpoints.find((b) => b.slot === 'static');
  return Object.freeze({
    provider,
    model,
    boundaryTokens: staticSlot?.prefixTokens ?? 0,
    breakpoints: payload.breakpoints,
    note: 'explicit breakpoints: tools, end of the static tier, end of the dynamic tier, latest message',
  });
}

function sessionPart(
  input: InspectInput,
  session: Session,
  provider: string,
  model: string,
  counter: TokenCounter,
): InspectSession {
  const history = session.history;
  const c = session.cache;
  return Object.freeze({
    id: session.id,
    parentId: session.parentId,
    revision: session.revision,
    messages: history.length,
    historyTokens: (() => {
      const u = historyUsage(history, counter);
      return u.conversation + u.toolResultsVerbatim + u.toolResultsElided;
    })(),
    items: historyItems(history, counter),
    compactions: sessionCompactions(session, input.compactions),
    timeline: cacheTimeline({
      provider,
      model,
      prompt: input.prompt,
      tools: input.tools ?? [],
      history,
      ledger: input.ledger,
      tokenCounter: counter,
    }),
    cache: Object.freeze({
      turns: c.turns,
      inputTotal: c.inputTotal,
      cacheRead: c.cacheRead,
      cacheWrite: c.cacheWrite,
      hitRatio: c.inputTotal === 0 ? 0 : c.cacheRead / c.inputTotal,
    }),
  });
}

/** Everything in the model's context and why it costs what it costs. Pure. */
export function inspectContext(input: InspectInput): Inspection {
  const counter = input.tokenCounter ?? defaultTokenCounter;
  const provider = input.provider ?? DEFAULT_INSPECT_PROVIDER;
  const model = input.model ?? DEFAULT_MODEL[provider] ?? 'claude-sonnet-4-6';
  const tools = input.tools ?? [];
  const history = input.session?.history ?? [];
  const toolsTokens = toolBlockTokens(tools, counter);
  const t = input.prompt.report.totals;
  return Object.freeze({
    root: input.project.root,
    tokenizer: input.prompt.report.tokenizer,
    usage: usageReport({
      prompt: input.prompt.report,
      toolTokens: toolsTokens,
      history: input.session === undefined ? undefined : historyUsage(history, counter),
      window: input.window ?? DEFAULT_INSPECT_WINDOW,
    }),
    sections: sectionsOf(input.prompt),
    tiers: Object.freeze({
      static: { sections: t.static.sections, tokens: t.static.tokens },
      dynamic: { sections: t.dynamic.sections, tokens: t.dynamic.tokens },
      total: { sections: t.total.sections, tokens: t.total.tokens },
    }),
    text: Object.freeze({ static: input.prompt.static, dynamic: input.prompt.dynamic }),
    cache: cachePlan(input, provider, model, history, toolsTokens),
    sources: sourcesOf(input.project),
    findings: findingsOf(input.project),
    skills: skillsOf(input.project),
    tools: Object.freeze(
      tools.map((d) => Object.freeze({ name: d.name, tokens: toolTokens(d, counter) })),
    ),
    session:
      input.session === undefined
        ? undefined
        : sessionPart(input, input.session, provider, model, counter),
    diagnostics: Object.freeze(
      input.project.diagnostics.map((d) =>
        Object.freeze({ code: d.code, severity: d.severity, message: d.message, file: d.file }),
      ),
    ),
  });
}
