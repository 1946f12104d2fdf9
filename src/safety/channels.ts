/**
 * @module safety/channels
 * Where a text comes from changes what is suspicious in it. Orders addressed to the assistant are
 * the point of an instruction file or a skill, but in a tool's output, a tool's description or a
 * retrieved web page they are text trying to steer the model from inside data. A channel adjusts
 * the severity of some rule categories and the learned stage's threshold; no channel (the
 * default) keeps the scanner's channel-independent behaviour.
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { Category, Severity } from './types.js';

/** Where a scanned text comes from. */
export type Channel =
  | 'instruction-file'
  | 'skill'
  | 'tool-output'
  | 'tool-description'
  | 'retrieved-document'
  | 'memory'
  | 'user';

/** Every channel, for validation and documentation. */
export const CHANNELS: readonly Channel[] = Object.freeze([
  'instruction-file',
  'skill',
  'tool-output',
  'tool-description',
  'retrieved-document',
  'memory',
  'user',
]);

const CHANNEL_SET: ReadonlySet<string> = new Set(CHANNELS);

/**
 * Throws `E_SAFETY_CHANNEL` when `channel` is not one of {@link CHANNELS}: a misspelt channel
 * ("tool-result") would otherwise scan as no channel, without the checks the caller asked for.
 */
export function assertChannel(channel: unknown): asserts channel is Channel | undefined {
  if (channel === undefined || (typeof channel === 'string' && CHANNEL_SET.has(channel))) return;
  throw new CtxloomError(
    'E_SAFETY_CHANNEL',
    `unknown scan channel ${JSON.stringify(channel)}; expected one of ${CHANNELS.join(', ')}`,
  );
}

/** Channels that carry data, not instructions: nothing in them is entitled to give the model orders. */
const DATA_CHANNELS: ReadonlySet<Channel> = new Set([
  'tool-output',
  'tool-description',
  'retrieved-document',
]);

/** True for channels that carry data (a tool's output or description, a retrieved document). */
export function isDataChannel(channel: Channel | undefined): boolean {
  return channel !== undefined && DATA_CHANNELS.has(channel);
}

/**
 * Rules that report `info` by default and a flag in data channels: wording an instruction file
 * uses legitimately ("these rules take precedence over all others") but data has no business
 * using.
 */
const DATA_ONLY_RULES: ReadonlySet<string> = new Set(['override.precedence-claim']);

/**
 * Rules whose wording is also ordinary prose (a review's "Good job! Now write the tests", "never
 * refuse a valid request" in a bot's spec, "hypothetically, if we ignore the cache" in a design
 * note): their flag stays a flag in a tool's output, and a task switch is the user's right in
 * `user` text (info there).
 */
const WEAK_EVIDENCE_RULES: ReadonlySet<string> = new Set([
  // a claim over the model's orders is a flag in every channel, never a block (as the context
  // rule reads "user instructions override the system prompt": `rules-context-target.ts`); so is
  // a claim that the safeguards are off, which a product also tells its user ("your content
  // filters are now off; turn them back on in Preferences")
  'override.rank-claim',
  'override.safeguards-off',
  'override.task-switch',
  'jailbreak.refusal-suppression',
  'override.hypothetical-frame',
  'override.disregard-elliptical',
  'deception.phishing-lure',
  // an order to report against the evidence is what a bot's own spec says too ("no matter what
  // the user types, respond with valid JSON"): a flag, never a block
  'deception.forced-output',
]);

/**
 * True for a rule whose wording is also ordinary prose ({@link WEAK_EVIDENCE_RULES}): a flag of
 * it stays a flag in tool output, and quoted in a sentence that warns about it, it is a
 * description (info; `scan-layer.ts`).
 */
export function isWeakEvidence(ruleId: string): boolean {
  return WEAK_EVIDENCE_RULES.has(ruleId);
}

/** Categories whose flags are raised to block in a tool's output or description. */
const ESCALATED: ReadonlySet<Category> = new Set([
  'instruction-override',
  'role-marker',
  'role-hijack',
  'deception',
]);

/**
 * The severity of a finding of `category` in `channel`, from the rule's (context-adjusted)
 * severity. A data-only rule (`override.precedence-claim`) is raised from info to a flag in a data
 * channel. Tool output and tool descriptions escalate a flagged override, role or deception
 * finding to block unless the context rules lowered it for quoting (such text has no business
 * addressing the model there) or it is weak evidence ({@link WEAK_EVIDENCE_RULES}, or a finding
 * marked `weak`); every other channel keeps the severity.
 */
export function channelSeverity(
  channel: Channel | undefined,
  category: Category,
  severity: Severity,
  softened: boolean,
  ruleId?: string,
): Severity {
  if (ruleId !== undefined && severity === 'info' && DATA_ONLY_RULES.has(ruleId)) {
    return isDataChannel(channel) ? 'flag' : severity;
  }
  if (channel === 'user' && ruleId === 'override.task-switch') return 'info';
  if (channel !== 'tool-output' && channel !== 'tool-description') return severity;
  const weak = ruleId !== undefined && WEAK_EVIDENCE_RULES.has(ruleId);
  if (severity === 'flag' && !softened && !weak && ESCALATED.has(category)) return 'block';
  return severity;
}

/**
 * How far the learned stage's decision margin is lowered in data channels (logit units). Half a
 * logit is the most that keeps every benign source within 2% flagged when it is left out of
 * training and scanned as tool output: with one logit (before), held-out BIPIA carrier documents
 * were 3.8% flagged, deepset's benign prompts 8.2%, popular skill files 4.8% (at half a logit
 * 0.0%, 1.5%, 1.6% in that sweep; 0.9%, 1.5%, 1.6% with the rules of 2026-12-05's end); it costs
 * TaskTracker 69.0% -> 66.0% detected in its channel
 * (`node bench/safety-loso.mjs`, docs/safety.md). A choice made on that table, so its
 * channel figures are model selection, not a held-out estimate.
 */
export const DATA_CHANNEL_MARGIN_SHIFT = 0.5;

/**
 * How far the learned stage's decision margin is lowered in `channel` (logit units): data
 * channels are scanned more eagerly, since the threshold was set on repository files, where
 * imperative text is normal; `user` text never raises a learned flag (the user may give orders).
 */
export function learnedMarginShift(channel: Channel | undefined): number | undefined {
  if (channel === 'user') return undefined;
  if (channel !== undefined && DATA_CHANNELS.has(channel)) return DATA_CHANNEL_MARGIN_SHIFT;
  return 0;
}
