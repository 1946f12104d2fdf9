/**
 * @module prompt/context
 * `PromptContext`: the immutable snapshot of everything a section may read. Built at the edge by
 * {@link createPromptContext}, which validates its input, copies it, sorts what is listed, and
 * freezes it all the way down. Sections read nothing else.
 */

import { compareCodeUnits } from '../_internal/compare.js';
import { deepFreeze } from '../_internal/freeze.js';
import { CtxloomError, diagnostic } from '../diagnostics/index.js';
import type { RetrievedPassage } from './retrieved-documents.js';
import {
  type ConfirmedPlan,
  type FeatureFlags,
  type InstructionScope,
  type InstructionSourceEntry,
  type InstructionStatus,
  type ModelFamily,
  PERMISSION_MODES,
  type PermissionMode,
  type SkillCatalogEntry,
  type Trust,
} from './types.js';

/** The model the prompt is for. */
export interface ModelInfo {
  /** Provider model id, e.g. `claude-sonnet-4-5` or `gpt-4.1`. */
  readonly id: string;
  /** Its family; inferred from the id when not given. */
  readonly family: ModelFamily;
}

/** The frozen snapshot sections render from. Every collection is readonly and sorted. */
export interface PromptContext {
  /** Name the agent calls itself; `undefined` gives a generic identity. */
  readonly agentName: string | undefined;
  /** Names of the tools the agent has, sorted and de-duplicated. */
  readonly tools: readonly string[];
  /** Operating system, e.g. `linux`. */
  readonly platform: string | undefined;
  /** Shell name, e.g. `bash`. */
  readonly shell: string | undefined;
  /** Absolute working directory. */
  readonly cwd: string | undefined;
  /** Home directory. */
  readonly home: string | undefined;
  /**
   * Locale, e.g. `en-US`. A static input: the identity is written in its language, so the cached
   * prefix is per locale (the same across sessions of that user).
   */
  readonly locale: string | undefined;
  /** Language the agent must answer in, e.g. `French`. */
  readonly outputLanguage: string | undefined;
  /** The model, when known. */
  readonly model: ModelInfo | undefined;
  /** Feature flags. */
  readonly features: FeatureFlags;
  /** Loaded instruction sources, in prompt order (broadest first, closest last). */
  readonly instructions: readonly InstructionSourceEntry[];
  /** Skills catalog entries, sorted by name. */
  readonly skills: readonly SkillCatalogEntry[];
  /** How many skills the catalog budget left out (said in the catalog itself). */
  readonly skillsOmitted: number;
  /** Memory text (already budgeted). */
  readonly memory: string | undefined;
  /** The confirmed plan; drafts never enter the context. */
  readonly plan: ConfirmedPlan | undefined;
  /** The latest compaction summary. */
  readonly contextSnapshot: string | undefined;
  /** Caller text for the end of the dynamic tier. */
  readonly customSuffix: string | undefined;
  /** Names (never values) of secrets available to the agent, sorted. */
  readonly secretNames: readonly string[];
  /** The current time as an ISO-8601 string in UTC (`2026-01-31T09:30:00.000Z`). */
  readonly now: string | undefined;
  /** Free-form template variables. */
  readonly vars: Readonly<Record<string, string>>;
  /** The identity text from `SOUL.md`; replaces the identity section's text. A static input. */
  readonly soul: string | undefined;
  /** The session's permission / approval mode; `undefined` says nothing about it. */
  readonly permissionMode: PermissionMode | undefined;
  /**
   * Passages retrieved for this turn (already gated and budgeted: `prepareRetrievedDocuments`),
   * in the caller's order (relevance), each naming its source.
   */
  readonly retrievedDocuments: readonly RetrievedPassage[];
  /** How many retrieved passages were left out (blocked or over the budget); said in the section. */
  readonly retrievedOmitted: number;
}

/** What {@link createPromptContext} accepts. Everything is optional. */
export interface PromptContextInput {
  agentName?: string | undefined;
  tools?: readonly string[] | undefined;
  platform?: string | undefined;
  shell?: string | undefined;
  cwd?: string | undefined;
  home?: string | undefined;
  locale?: string | undefined;
  outputLanguage?: string | undefined;
  /** A model id, or id plus family. */
  model?: string | { id: string; family?: ModelFamily | undefined } | undefined;
  features?: Readonly<Record<string, boolean | undefined>> | undefined;
  instructions?: readonly InstructionSourceEntry[] | undefined;
  skills?: readonly SkillCatalogEntry[] | undefined;
  skillsOmitted?: number | undefined;
  memory?: string | undefined;
  plan?: ConfirmedPlan | undefined;
  contextSnapshot?: string | undefined;
  customSuffix?: string | undefined;
  secretNames?: readonly string[] | undefined;
  /** A `Date` or an ISO-8601 string; stored as a UTC ISO string. */
  now?: Date | string | undefined;
  /** Template variables, as a record or a Map. */
  vars?: Readonly<Record<string, string>> | ReadonlyMap<string, string> | undefined;
  /** The identity text (`SOUL.md`), already read, scanned and budgeted. */
  soul?: string | undefined;
  /** One of {@link PERMISSION_MODES}. */
  permissionMode?: PermissionMode | undefined;
  /** Retrieved passages, already gated (`prepareRetrievedDocuments` does it). */
  retrievedDocuments?: readonly RetrievedPassage[] | undefined;
  /** How many passages were left out on the way. */
  retrievedOmitted?: number | undefined;
}

/** One bad field found by validation. */
export interface ContextIssue {
  /** Path of the field, e.g. `instructions[2].scope`. */
  readonly field: string;
  /** What is wrong with it. */
  readonly message: string;
}

/** Fields that may differ between sessions; the static tier must not depend on them. */
export const PER_SESSION_FIELDS = Object.freeze([
  'cwd',
  'home',
  'platform',
  'shell',
  'outputLanguage',
  'instructions',
  'skills',
  'skillsOmitted',
  'memory',
  'plan',
  'contextSnapshot',
  'customSuffix',
  'secretNames',
  'now',
  'permissionMode',
  'retrievedDocuments',
  'retrievedOmitted',
] as const satisfies readonly (keyof PromptContext)[]);

/** Fields the static tier may read: configuration that is the same across sessions. */
export const STATIC_INPUT_FIELDS = Object.freeze([
  'agentName',
  'tools',
  'model',
  'features',
  'vars',
  'soul',
  'locale',
] as const satisfies readonly (keyof PromptContext)[]);

const MODEL_FAMILIES: readonly ModelFamily[] = [
  'claude',
  'gpt',
  'gemini',
  'llama',
  'qwen',
  'deepseek',
  'mistral',
  'other',
];
const SCOPES: readonly InstructionScope[] = ['global', 'project', 'directory', 'rule'];
const STATUSES: readonly InstructionStatus[] = ['loaded', 'truncated', 'blocked', 'skipped'];
const TRUSTS: readonly Trust[] = ['trusted', 'untrusted'];
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Infers a model family from a provider model id (`claude-…`, `gpt-…`, `o3`, `gemini-…`, …). */
export function inferModelFamily(id: string): ModelFamily {
  const m = id.toLowerCase().replace(/^.*\//, '');
  if (m.includes('claude')) return 'claude';
  if (/^(gpt|o\d|chatgpt|codex)/.test(m)) return 'gpt';
  if (m.includes('gemini') || m.includes('gemma')) return 'gemini';
  if (m.includes('llama')) return 'llama';
  if (m.includes('qwen')) return 'qwen';
  if (m.includes('deepseek')) return 'deepseek';
  if (m.includes('mistral') || m.includes('codestral') || m.includes('devstral')) return 'mistral';
  return 'other';
}

class Validator {
  readonly issues: ContextIssue[] = [];

  fail(field: string, message: string): void {
    this.issues.push({ field, message });
  }

  optString(value: unknown, field: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      this.fail(field, `expected a string, got ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  stringList(value: unknown, field: string): string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.fail(field, `expected an array of strings, got ${describe(value)}`);
      return [];
    }
    const out: string[] = [];
    value.forEach((v, i) => {
      if (typeof v === 'string' && v.length > 0) out.push(v);
      else this.fail(`${field}[${i}]`, `expected a non-empty string, got ${describe(v)}`);
    });
    return [...new Set(out)].sort(compareCodeUnits);
  }

  oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T | undefined {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) {
      return value as T;
    }
    this.fail(field, `expected one of ${allowed.join(', ')}, got ${describe(value)}`);
    return undefined;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function normaliseNow(v: Validator, now: unknown): string | undefined {
  if (now === undefined) return undefined;
  let date: Date | undefined;
  if (now instanceof Date) date = now;
  else if (typeof now === 'string' && ISO_8601.test(now)) date = new Date(now);
  if (date === undefined || Number.isNaN(date.getTime())) {
    v.fail(
      'now',
      `expected a Date or an ISO-8601 date-time such as 2026-01-31T09:30:00Z, got ${describe(now)}`,
    );
    return undefined;
  }
  return date.toISOString();
}

function normaliseModel(v: Validator, model: unknown): ModelInfo | undefined {
  if (model === undefined) return undefined;
  if (typeof model === 'string') {
    if (model.length === 0) {
      v.fail('model', 'expected a non-empty model id');
      return undefined;
    }
    return { id: model, family: inferModelFamily(model) };
  }
  if (typeof model !== 'object' || model === null) {
    v.fail('model', `expected a model id or { id, family }, got ${describe(model)}`);
    return undefined;
  }
  const { id, family } = model as { id?: unknown; family?: unknown };
  if (typeof id !== 'string' || id.length === 0) {
    v.fail('model.id', `expected a non-empty string, got ${describe(id)}`);
    return undefined;
  }
  const fam =
    family === undefined ? inferModelFamily(id) : v.oneOf(family, MODEL_FAMILIES, 'model.family');
  return fam === undefined ? undefined : { id, family: fam };
}

function normaliseFeatures(v: Validator, features: unknown): FeatureFlags {
  if (features === undefined) return {};
  if (typeof features !== 'object' || features === null || Array.isArray(features)) {
    v.fail('features', `expected an object of booleans, got ${describe(features)}`);
    return {};
  }
  const out: Record<string, boolean> = {};
  for (const key of Object.keys(features).sort(compareCodeUnits)) {
    const value = (features as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value === 'boolean') out[key] = value;
    else v.fail(`features.${key}`, `expected a boolean, got ${describe(value)}`);
  }
  return out;
}

function normaliseInstructions(v: Validator, list: unknown): InstructionSourceEntry[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    v.fail('instructions', `expected an array, got ${describe(list)}`);
    return [];
  }
  const out: InstructionSourceEntry[] = [];
  list.forEach((item: unknown, i) => {
    const f = `instructions[${i}]`;
    if (typeof item !== 'object' || item === null) {
      v.fail(f, `expected an object, got ${describe(item)}`);
      return;
    }
    const e = item as Record<string, unknown>;
    const before = v.issues.length;
    const path = v.optString(e.path, `${f}.path`);
    const kind = v.optString(e.kind, `${f}.kind`);
    const content = v.optString(e.content, `${f}.content`);
    if (path === undefined || path.length === 0) v.fail(`${f}.path`, 'expected a non-empty path');
    if (kind === undefined) v.fail(`${f}.kind`, 'is required');
    if (content === undefined) v.fail(`${f}.content`, 'is required');
    const scope = v.oneOf(e.scope, SCOPES, `${f}.scope`);
    const trust = v.oneOf(e.trust, TRUSTS, `${f}.trust`);
    const status = v.oneOf(e.status, STATUSES, `${f}.status`);
    if (
      v.issues.length === before &&
      path &&
      kind &&
      content !== undefined &&
      scope &&
      trust &&
      status
    ) {
      out.push({ path, kind, scope, trust, status, content });
    }
  });
  return out;
}

function normaliseSkills(v: Validator, list: unknown): SkillCatalogEntry[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    v.fail('skills', `expected an array, got ${describe(list)}`);
    return [];
  }
  const byName = new Map<string, SkillCatalogEntry>();
  list.forEach((item: unknown, i) => {
    const e = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const name = e.name;
    const description = e.description;
    if (typeof name !== 'string' || name.length === 0) {
      v.fail(`skills[${i}].name`, `expected a non-empty string, got ${describe(name)}`);
      return;
    }
    if (typeof description !== 'string') {
      v.fail(`skills[${i}].description`, `expected a string, got ${describe(description)}`);
      return;
    }
    if (byName.has(name)) {
      v.fail(`skills[${i}].name`, `duplicate skill name ${JSON.stringify(name)}`);
      return;
    }
    const scanner = e.scanner;
    if (scanner !== undefined && typeof scanner !== 'string') {
      v.fail(`skills[${i}].scanner`, `expected a string, got ${describe(scanner)}`);
      return;
    }
    byName.set(
      name,
      scanner === undefined ? { name, description } : { name, description, scanner },
    );
  });
  return [...byName.values()].sort((a, b) => compareCodeUnits(a.name, b.name));
}

function normaliseVars(v: Validator, vars: unknown): Record<string, string> {
  if (vars === undefined) return {};
  let entries: [string, unknown][];
  if (vars instanceof Map)
    entries = [...(vars as Map<unknown, unknown>)].map(([k, x]) => [String(k), x]);
  else if (typeof vars === 'object' && vars !== null && !Array.isArray(vars))
    entries = Object.entries(vars);
  else {
    v.fail('vars', `expected a record or Map of strings, got ${describe(vars)}`);
    return {};
  }
  const out: Record<string, string> = {};
  for (const [key, value] of entries.sort(([a], [b]) => compareCodeUnits(a, b))) {
    if (typeof value === 'string') out[key] = value;
    else v.fail(`vars.${key}`, `expected a string, got ${describe(value)}`);
  }
  return out;
}

function normalisePlan(v: Validator, plan: unknown): ConfirmedPlan | undefined {
  if (plan === undefined) return undefined;
  if (typeof plan !== 'object' || plan === null) {
    v.fail('plan', `expected { name, text }, got ${describe(plan)}`);
    return undefined;
  }
  const p = plan as Record<string, unknown>;
  const name = v.optString(p.name, 'plan.name');
  const text = v.optString(p.text, 'plan.text');
  if (name === undefined || text === undefined) {
    if (name === undefined && p.name === undefined) v.fail('plan.name', 'is required');
    if (text === undefined && p.text === undefined) v.fail('plan.text', 'is required');
    return undefined;
  }
  return { name, text };
}

/** A whole number >= 0 (default 0). */
function count(v: Validator, value: unknown, field: string): number {
  if (value === undefined) return 0;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  v.fail(field, `expected a whole number >= 0, got ${describe(value)}`);
  return 0;
}

/** Retrieved passages: each a non-empty `source` and a string `text`; order kept (relevance). */
function normalisePassages(v: Validator, list: unknown): RetrievedPassage[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    v.fail('retrievedDocuments', `expected an array, got ${describe(list)}`);
    return [];
  }
  const out: RetrievedPassage[] = [];
  list.forEach((item: unknown, i) => {
    const e = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof e.source !== 'string' || e.source.length === 0)
      v.fail(
        `retrievedDocuments[${i}].source`,
        `expected a non-empty string, got ${describe(e.source)}`,
      );
    else if (typeof e.text !== 'string')
      v.fail(`retrievedDocuments[${i}].text`, `expected a string, got ${describe(e.text)}`);
    else out.push({ source: e.source, text: e.text });
  });
  return out;
}

/** The outcome of validating context input without throwing. */
export type PromptContextResult =
  | { readonly ok: true; readonly context: PromptContext }
  | { readonly ok: false; readonly issues: readonly ContextIssue[] };

/** Validates and builds a context, returning every bad field instead of throwing. */
export function tryCreatePromptContext(input: PromptContextInput = {}): PromptContextResult {
  const v = new Validator();
  if (typeof input !== 'object' || input === null) {
    return {
      ok: false,
      issues: [{ field: '(input)', message: `expected an object, got ${describe(input)}` }],
    };
  }
  const raw = input as Record<string, unknown>;
  const skillsOmitted = count(v, raw.skillsOmitted, 'skillsOmitted');
  const retrievedOmitted = count(v, raw.retrievedOmitted, 'retrievedOmitted');
  const context: PromptContext = {
    agentName: v.optString(raw.agentName, 'agentName'),
    tools: v.stringList(raw.tools, 'tools'),
    platform: v.optString(raw.platform, 'platform'),
    shell: v.optString(raw.shell, 'shell'),
    cwd: v.optString(raw.cwd, 'cwd'),
    home: v.optString(raw.home, 'home'),
    locale: v.optString(raw.locale, 'locale'),
    outputLanguage: v.optString(raw.outputLanguage, 'outputLanguage'),
    model: normaliseModel(v, raw.model),
    features: normaliseFeatures(v, raw.features),
    instructions: normaliseInstructions(v, raw.instructions),
    skills: normaliseSkills(v, raw.skills),
    skillsOmitted,
    memory: v.optString(raw.memory, 'memory'),
    plan: normalisePlan(v, raw.plan),
    contextSnapshot: v.optString(raw.contextSnapshot, 'contextSnapshot'),
    customSuffix: v.optString(raw.customSuffix, 'customSuffix'),
    secretNames: v.stringList(raw.secretNames, 'secretNames'),
    now: normaliseNow(v, raw.now),
    vars: normaliseVars(v, raw.vars),
    soul: v.optString(raw.soul, 'soul'),
    permissionMode:
      raw.permissionMode === undefined
        ? undefined
        : v.oneOf(raw.permissionMode, PERMISSION_MODES, 'permissionMode'),
    retrievedDocuments: normalisePassages(v, raw.retrievedDocuments),
    retrievedOmitted,
  };
  const known = new Set<string>([...PER_SESSION_FIELDS, ...STATIC_INPUT_FIELDS]);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) v.fail(key, 'is not a PromptContext field');
  }
  if (v.issues.length > 0)
    return { ok: false, issues: Object.freeze(v.issues.map((i) => Object.freeze(i))) };
  return { ok: true, context: deepFreeze(context) as PromptContext };
}

/**
 * Builds the frozen snapshot sections read. Validates every field and throws one
 * `CtxloomError` (`E_CONTEXT_INVALID`) listing every bad field.
 * @example createPromptContext({ model: 'claude-sonnet-4-5', now: new Date(), tools: ['bash'] })
 */
export function createPromptContext(input: PromptContextInput = {}): PromptContext {
  const result = tryCreatePromptContext(input);
  if (result.ok) return result.context;
  const list = result.issues.map((i) => `${i.field}: ${i.message}`).join('; ');
  throw new CtxloomError('E_CONTEXT_INVALID', `invalid prompt context: ${list}`, {
    diagnostics: result.issues.map((i) =>
      diagnostic('E_CONTEXT_INVALID', 'error', `${i.field}: ${i.message}`),
    ),
  });
}

/**
 * A new snapshot equal to `base` with the fields in `patch` replaced. Only the patched fields
 * are validated and copied; untouched frozen subtrees are shared, so a per-turn update of the
 * clock is cheap.
 * @example const next = withContext(ctx, { now: new Date() })
 */
export function withContext(base: PromptContext, patch: PromptContextInput): PromptContext {
  const partial = tryCreatePromptContext(patch);
  if (!partial.ok) {
    const list = partial.issues.map((i) => `${i.field}: ${i.message}`).join('; ');
    throw new CtxloomError('E_CONTEXT_INVALID', `invalid prompt context: ${list}`);
  }
  const next: Record<string, unknown> = { ...base };
  for (const key of Object.keys(patch)) {
    next[key] = (partial.context as unknown as Record<string, unknown>)[key];
  }
  return Object.freeze(next) as unknown as PromptContext;
}
