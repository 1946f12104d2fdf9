/**
 * @module providers/context-management
 * Anthropic's server-side context management, as options the engine can choose: context editing
 * (`clear_tool_uses_20250919`, `clear_thinking_20251015`, beta `context-management-2025-06-27`)
 * and compaction (`compact_20260112`, beta `compact-2026-01-12`), plus cache diagnostics
 * (`diagnostics.previous_message_id`, beta `cache-diagnosis-2026-04-07`). One neutral shape,
 * written as the Messages API takes it (snake_case) and as `@ai-sdk/anthropic` takes it
 * (`providerOptions.anthropic.contextManagement`, camelCase; that provider adds the beta headers
 * itself). Shapes: platform.claude.com/docs/en/build-with-claude/context-editing and
 * /compaction, and the `Beta*Edit` types of `@anthropic-ai/sdk` 1.14.
 */
import { CtxloomError } from '../diagnostics/index.js';

/** Clear old tool results (and optionally their calls) once the context grows past `trigger`. */
export interface ClearToolUsesEdit {
  readonly type: 'clear-tool-uses';
  /** When to start clearing: input tokens (API default 100 000) or tool uses. */
  readonly trigger?: { readonly inputTokens: number } | { readonly toolUses: number } | undefined;
  /** Tool uses to keep, newest first (API default 3). */
  readonly keepToolUses?: number | undefined;
  /** Clear only when at least this many tokens go (a clear invalidates the cached prefix). */
  readonly clearAtLeastTokens?: number | undefined;
  /** Also clear the calls' inputs: all (`true`) or those of the named tools. */
  readonly clearToolInputs?: boolean | readonly string[] | undefined;
  /** Tools whose uses are never cleared. */
  readonly excludeTools?: readonly string[] | undefined;
}

/** Clear thinking blocks of earlier turns; `keepTurns: 'all'` keeps the cache intact. */
export interface ClearThinkingEdit {
  readonly type: 'clear-thinking';
  readonly keepTurns?: number | 'all' | undefined;
}

/** Server-side compaction: the API summarises the conversation once input reaches `triggerTokens`. */
export interface CompactEdit {
  readonly type: 'compact';
  /** Input tokens that trigger it (API default 150 000, minimum 50 000). */
  readonly triggerTokens?: number | undefined;
  readonly pauseAfterCompaction?: boolean | undefined;
  /** Replaces the default summarisation prompt. */
  readonly instructions?: string | undefined;
}

/** One server-side context edit. */
export type ContextEdit = ClearToolUsesEdit | ClearThinkingEdit | CompactEdit;

/** The Messages API's `context_management` body field. */
export interface AnthropicContextManagement {
  edits: (
    | {
        type: 'clear_tool_uses_20250919';
        trigger?: { type: 'input_tokens' | 'tool_uses'; value: number };
        keep?: { type: 'tool_uses'; value: number };
        clear_at_least?: { type: 'input_tokens'; value: number };
        clear_tool_inputs?: boolean | string[];
        exclude_tools?: string[];
      }
    | { type: 'clear_thinking_20251015'; keep?: 'all' | { type: 'thinking_turns'; value: number } }
    | {
        type: 'compact_20260112';
        trigger?: { type: 'input_tokens'; value: number };
        pause_after_compaction?: boolean;
        instructions?: string;
      }
  )[];
}

/** `providerOptions.anthropic.contextManagement` as `@ai-sdk/anthropic` 3 reads it. */
export type AiSdkContextManagement = {
  edits: (
    | {
        type: 'clear_tool_uses_20250919';
        trigger?: { type: 'input_tokens' | 'tool_uses'; value: number };
        keep?: { type: 'tool_uses'; value: number };
        clearAtLeast?: { type: 'input_tokens'; value: number };
        clearToolInputs?: boolean;
        excludeTools?: string[];
      }
    | { type: 'clear_thinking_20251015'; keep?: 'all' | { type: 'thinking_turns'; value: number } }
    | {
        type: 'compact_20260112';
        trigger?: { type: 'input_tokens'; value: number };
        pauseAfterCompaction?: boolean;
        instructions?: string;
      }
  )[];
};

/** Beta header values. */
export const CONTEXT_MANAGEMENT_BETA = 'context-management-2025-06-27';
export const COMPACTION_BETA = 'compact-2026-01-12';
export const CACHE_DIAGNOSIS_BETA = 'cache-diagnosis-2026-04-07';
/** The documented minimum of a compaction trigger. */
export const MIN_COMPACTION_TRIGGER = 50_000;

function count(value: number | undefined, what: string, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min)
    throw new CtxloomError(
      'E_PAYLOAD_INVALID',
      `${what} must be a whole number of at least ${min}, got ${value}`,
    );
  return value;
}

type Neutral = {
  type: string;
  trigger?: { type: 'input_tokens' | 'tool_uses'; value: number };
  keep?: unknown;
  clearAtLeast?: { type: 'input_tokens'; value: number };
  clearToolInputs?: boolean | string[];
  excludeTools?: string[];
  pauseAfterCompaction?: boolean;
  instructions?: string;
};

function neutral(edit: ContextEdit): Neutral {
  if (edit.type === 'clear-tool-uses') {
    const out: Neutral = { type: 'clear_tool_uses_20250919' };
    const t = edit.trigger;
    if (t !== undefined)
      out.trigger =
        'inputTokens' in t
          ? {
              type: 'input_tokens',
              value: count(t.inputTokens, 'trigger.inputTokens', 1) as number,
            }
          : { type: 'tool_uses', value: count(t.toolUses, 'trigger.toolUses', 1) as number };
    const keep = count(edit.keepToolUses, 'keepToolUses');
    if (keep !== undefined) out.keep = { type: 'tool_uses', value: keep };
    const least = count(edit.clearAtLeastTokens, 'clearAtLeastTokens');
    if (least !== undefined) out.clearAtLeast = { type: 'input_tokens', value: least };
    if (edit.clearToolInputs !== undefined)
      out.clearToolInputs =
        typeof edit.clearToolInputs === 'boolean'
          ? edit.clearToolInputs
          : [...edit.clearToolInputs].sort();
    if (edit.excludeTools !== undefined) out.excludeTools = [...edit.excludeTools].sort();
    return out;
  }
  if (edit.type === 'clear-thinking') {
    const out: Neutral = { type: 'clear_thinking_20251015' };
    if (edit.keepTurns !== undefined)
      out.keep =
        edit.keepTurns === 'all'
          ? 'all'
          : { type: 'thinking_turns', value: count(edit.keepTurns, 'keepTurns', 1) };
    return out;
  }
  if (edit.type === 'compact') {
    const out: Neutral = { type: 'compact_20260112' };
    const t = count(edit.triggerTokens, 'triggerTokens', MIN_COMPACTION_TRIGGER);
    if (t !== undefined) out.trigger = { type: 'input_tokens', value: t };
    if (edit.pauseAfterCompaction !== undefined)
      out.pauseAfterCompaction = edit.pauseAfterCompaction;
    if (edit.instructions !== undefined) out.instructions = edit.instructions;
    return out;
  }
  throw new CtxloomError(
    'E_PAYLOAD_INVALID',
    `unknown context edit "${String((edit as { type: unknown }).type)}"`,
  );
}

/** The `context_management` field and the beta headers it needs (sorted). */
export function anthropicContextManagement(edits: readonly ContextEdit[]): {
  contextManagement: AnthropicContextManagement;
  betas: string[];
} {
  const betas = new Set<string>();
  const out = edits.map((e) => {
    const n = neutral(e);
    betas.add(n.type === 'compact_20260112' ? COMPACTION_BETA : CONTEXT_MANAGEMENT_BETA);
    const w: Record<string, unknown> = { type: n.type };
    if (n.trigger !== undefined) w.trigger = n.trigger;
    if (n.keep !== undefined) w.keep = n.keep;
    if (n.clearAtLeast !== undefined) w.clear_at_least = n.clearAtLeast;
    if (n.clearToolInputs !== undefined) w.clear_tool_inputs = n.clearToolInputs;
    if (n.excludeTools !== undefined) w.exclude_tools = n.excludeTools;
    if (n.pauseAfterCompaction !== undefined) w.pause_after_compaction = n.pauseAfterCompaction;
    if (n.instructions !== undefined) w.instructions = n.instructions;
    return w;
  });
  return {
    contextManagement: { edits: out as AnthropicContextManagement['edits'] },
    betas: [...betas].sort(),
  };
}

/**
 * `providerOptions.anthropic.contextManagement` for `@ai-sdk/anthropic` (which sends the beta
 * headers itself). Its schema takes `clearToolInputs` as a boolean only: a list of tool names is
 * refused (`E_PAYLOAD_INVALID`) rather than widened.
 */
export function aiSdkContextManagement(edits: readonly ContextEdit[]): AiSdkContextManagement {
  return {
    edits: edits.map((e) => {
      const n = neutral(e);
      if (Array.isArray(n.clearToolInputs))
        throw new CtxloomError(
          'E_PAYLOAD_INVALID',
          '@ai-sdk/anthropic takes clearToolInputs as true or false, not a list of tools',
        );
      const w: Record<string, unknown> = { type: n.type };
      for (const k of [
        'trigger',
        'keep',
        'clearAtLeast',
        'clearToolInputs',
        'excludeTools',
        'pauseAfterCompaction',
        'instructions',
      ] as const)
        if (n[k] !== undefined) w[k] = n[k];
      return w;
    }) as AiSdkContextManagement['edits'],
  };
}
