/**
 * @module safety/policy
 * Scan policy: the severity thresholds that turn findings into a verdict, per-rule severity
 * overrides, and an allowlist whose every entry must say why. Policies come from configuration,
 * so {@link parsePolicy} validates an unknown value and reports problems as a CtxloomError.
 */

import picomatch from 'picomatch';
import type { Mutable } from '../_internal/mutable.js';
import { CtxloomError } from '../diagnostics/index.js';
import { isRuleId } from './catalogue.js';
import type { Severity, Verdict } from './types.js';

/** One allowlist entry: a rule, a source glob, or both; always with a justification. */
export interface AllowEntry {
  /** Rule id to allow (all rules when absent). */
  readonly rule?: string;
  /** Source glob (picomatch, dotfiles included) the entry applies to (all sources when absent). */
  readonly source?: string;
  /** Why this is acceptable. Required, non-empty. */
  readonly justification: string;
}

/** How findings become a verdict. Every field is optional. */
export interface ScanPolicy {
  /** Lowest severity that blocks the text (default `block`; `never` never blocks). */
  readonly blockAt?: Severity | 'never';
  /** Lowest severity that flags the text (default `flag`; `never` never flags). */
  readonly flagAt?: Severity | 'never';
  /** Per-rule severity overrides; `off` drops the rule's findings. */
  readonly rules?: Readonly<Record<string, Severity | 'off'>>;
  /** Findings matched by an entry are kept, marked `suppressed`, and ignored by the verdict. */
  readonly allow?: readonly AllowEntry[];
  /** How many encoding layers are decoded and rescanned (default 3, at most 5). */
  readonly maxDecodeDepth?: number;
}

/** Severity order: info < flag < block. */
export function severityRank(s: Severity | 'never'): number {
  return s === 'block' ? 3 : s === 'flag' ? 2 : s === 'info' ? 1 : 99;
}

/** The verdict for a list of (unsuppressed) severities. */
export function verdictOf(severities: Iterable<Severity>, policy: ScanPolicy = {}): Verdict {
  const blockAt = severityRank(policy.blockAt ?? 'block');
  const flagAt = severityRank(policy.flagAt ?? 'flag');
  let max = 0;
  for (const s of severities) max = Math.max(max, severityRank(s));
  if (max >= blockAt) return 'blocked';
  if (max >= flagAt) return 'flagged';
  return 'clean';
}

/** Returns the justification of the first allow entry matching `ruleId` and `source`. */
export function allowedBy(
  policy: ScanPolicy,
  ruleId: string,
  source: string | undefined,
): string | undefined {
  for (const entry of policy.allow ?? []) {
    if (entry.rule !== undefined && entry.rule !== ruleId) continue;
    if (entry.source !== undefined) {
      if (source === undefined) continue;
      if (!picomatch.isMatch(source, entry.source, { dot: true })) continue;
    }
    return entry.justification;
  }
  return undefined;
}

const SEVERITIES = new Set(['block', 'flag', 'info']);

/** Validates a policy read from configuration. Throws `E_SAFETY_POLICY` naming the bad field. */
export function parsePolicy(value: unknown): ScanPolicy {
  const fail = (msg: string): never => {
    throw new CtxloomError('E_SAFETY_POLICY', `invalid scan policy: ${msg}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('expected an object');
  const v = value as Record<string, unknown>;
  const known = new Set(['blockAt', 'flagAt', 'rules', 'allow', 'maxDecodeDepth']);
  for (const k of Object.keys(v)) if (!known.has(k)) fail(`unknown key "${k}"`);
  const out: Mutable<ScanPolicy> = {};
  for (const key of ['blockAt', 'flagAt'] as const) {
    const s = v[key];
    if (s === undefined) continue;
    if (typeof s !== 'string' || !(SEVERITIES.has(s) || s === 'never'))
      fail(`${key} must be block, flag, info or never`);
    out[key] = s as Severity | 'never';
  }
  if (v.rules !== undefined) {
    if (typeof v.rules !== 'object' || v.rules === null || Array.isArray(v.rules))
      fail('rules must be an object');
    const rules: Record<string, Severity | 'off'> = {};
    for (const [id, s] of Object.entries(v.rules as Record<string, unknown>)) {
      if (!isRuleId(id)) fail(`rules: unknown rule "${id}"`);
      if (typeof s !== 'string' || !(SEVERITIES.has(s) || s === 'off'))
        fail(`rules.${id} must be block, flag, info or off`);
      rules[id] = s as Severity | 'off';
    }
    out.rules = Object.freeze(rules);
  }
  if (v.allow !== undefined) {
    if (!Array.isArray(v.allow)) fail('allow must be a list');
    out.allow = Object.freeze(
      (v.allow as unknown[]).map((e, i): AllowEntry => {
        if (typeof e !== 'object' || e === null) return fail(`allow[${i}] must be an object`);
        const entry = e as Record<string, unknown>;
        const j = entry.justification;
        if (typeof j !== 'string' || j.trim() === '')
          return fail(`allow[${i}] needs a justification`);
        if (entry.rule === undefined && entry.source === undefined)
          return fail(`allow[${i}] needs a rule or a source`);
        if (entry.rule !== undefined && (typeof entry.rule !== 'string' || !isRuleId(entry.rule))) {
          return fail(`allow[${i}]: unknown rule "${String(entry.rule)}"`);
        }
        if (
          entry.source !== undefined &&
          (typeof entry.source !== 'string' || entry.source === '')
        ) {
          return fail(`allow[${i}].source must be a non-empty glob`);
        }
        const a: Mutable<AllowEntry> = { justification: j };
        if (typeof entry.rule === 'string') a.rule = entry.rule;
        if (typeof entry.source === 'string') a.source = entry.source;
        return Object.freeze(a);
      }),
    );
  }
  if (v.maxDecodeDepth !== undefined) {
    const d = v.maxDecodeDepth;
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 5)
      fail('maxDecodeDepth must be an integer 0-5');
    out.maxDecodeDepth = d as number;
  }
  return Object.freeze(out);
}
