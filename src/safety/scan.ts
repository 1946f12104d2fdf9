/**
 * @module safety/scan
 * The scanner's entry point: {@link scan} turns a text into a deeply frozen verdict and
 * findings that point at the original text (line, column, UTF-8 byte offset).
 */

import { compareCodeUnits } from '../_internal/compare.js';
import type { Mutable } from '../_internal/mutable.js';
import { ruleInfo } from './catalogue.js';
import {
  assertChannel,
  type Channel,
  channelSeverity,
  isDataChannel,
  learnedMarginShift,
} from './channels.js';
import { findPlantedInData, findSecretHandovers } from './data-channel.js';
import { type LearnedModel, scoreText, shippedModel } from './learned-model.js';
import { lowerByLocalContext } from './local-context.js';
import { allowedBy, type ScanPolicy, verdictOf } from './policy.js';
import type { RawFinding } from './raw-finding.js';
import { scanLayer } from './scan-layer.js';
import { findToolPoisoning } from './tool-poisoning.js';
import type { Finding, ScanResult, Severity } from './types.js';
import { invisibleKind } from './unicode-classes.js';

/** Options for {@link scan}. */
export interface ScanOptions {
  /** Where the text came from (a path or a label); used by allowlists and placeholders. */
  readonly source?: string;
  /** Thresholds, overrides and allowlist. */
  readonly policy?: ScanPolicy;
  /** Where the text comes from; changes some severities and the learned threshold (see `channels.ts`). */
  readonly channel?: Channel;
  /** The learned stage's model (default: the shipped one); for evaluation with other weights. */
  readonly model?: LearnedModel;
}

/** Fewest words a passage needs before the learned stage may flag it: a line such as "You are Quill." is too little text to judge. */
export const LEARNED_MIN_WORDS = 5;

/**
 * Words in `text[start, end)`, counted up to `enough`: each run of units other than space, tab
 * and line breaks that starts with a unit other than kana or a CJK ideograph, plus each kana or
 * ideograph (written without spaces: each counts as a word).
 */
export function wordCount(text: string, start: number, end: number, enough = Infinity): number {
  let n = 0;
  let inWord = false;
  for (let i = start; i < end && n < enough; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 9 || c === 10 || c === 13;
    if (c >= 0x3040 && c <= 0x9fff) n++;
    else if (!space && !inWord) {
      n++;
      // the rest of the word counts nothing: on to the unit before its end (a 1 MB text without
      // a space was walked unit by unit)
      i = wordBreak(text, i + 1, end) - 1;
    }
    inWord = !space;
  }
  return n;
}

/** A unit that ends a word's run for {@link wordCount}: a space, tab, line break, kana or CJK ideograph. */
const WORD_BREAK = /[ \t\n\r\u3040-\u9fff]/g;

/** Units looked at one by one before the native search (most words are short). */
const NEAR_BREAK = 24;

/** The first index at or after `from` (and before `end`) of a {@link WORD_BREAK} unit, or `end`. */
function wordBreak(text: string, from: number, end: number): number {
  const stop = Math.min(end, from + NEAR_BREAK);
  for (let i = from; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || (c >= 0x3040 && c <= 0x9fff)) return i;
  }
  if (stop >= end) return end;
  WORD_BREAK.lastIndex = stop;
  return WORD_BREAK.test(text) ? Math.min(end, WORD_BREAK.lastIndex - 1) : end;
}

/** The rule id of the learned stage's finding. */
export const LEARNED_RULE = 'learned.injection';

/**
 * The learned stage: a finding on the highest-scoring passage when its score reaches the model's
 * threshold (lowered for data channels). Skipped when the rules already block, when the policy
 * turns the rule off, and for the `user` channel.
 */
function learnedFinding(
  text: string,
  raw: RawFinding[],
  options: ScanOptions,
): RawFinding | undefined {
  if (options.policy?.rules?.[LEARNED_RULE] === 'off') return undefined;
  const shift = learnedMarginShift(options.channel);
  if (shift === undefined) return undefined;
  if (raw.some((f) => (f.severity ?? ruleInfo(f.ruleId).severity) === 'block')) return undefined;
  // a passage of the text never has more words than the whole text (a word cut at the
  // passage's start was counted where it began): too few in all, and no passage can be flagged
  if (wordCount(text, 0, text.length, LEARNED_MIN_WORDS) < LEARNED_MIN_WORDS) return undefined;
  const model = options.model ?? shippedModel();
  const r = scoreText(text, model);
  const t = model.threshold;
  const margin = Math.log(t / (1 - t)) - shift;
  if (r.probability <= 0 || Math.log(r.probability / (1 - r.probability)) < margin)
    return undefined;
  let start = r.start;
  let end = r.end;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (wordCount(text, start, end, LEARNED_MIN_WORDS) < LEARNED_MIN_WORDS) return undefined;
  return {
    ruleId: LEARNED_RULE,
    start,
    end,
    message: `The learned stage scored this passage ${r.probability.toFixed(3)} (threshold ${t.toFixed(3)}${shift > 0 ? ', lowered for this channel' : ''}).`,
  };
}

/** Longest excerpt, in characters of the original text. */
export const EXCERPT_CHARS = 80;
/** Default number of encoding layers decoded and rescanned. */
export const DEFAULT_DECODE_DEPTH = 3;

/** Escapes a piece of original text for display: invisible and control characters as `<U+XXXX>`. */
export function escapeExcerpt(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp === 10) out += '\\n';
    else if (cp === 9) out += '\\t';
    else if (cp < 32 || cp === 127 || invisibleKind(cp) !== undefined) {
      out += `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
    } else out += ch;
  }
  return out;
}

function excerptOf(text: string, start: number, end: number): string {
  const stop = Math.min(end, start + EXCERPT_CHARS);
  let s = text.slice(start, stop);
  // do not cut a surrogate pair
  if (s.length > 0 && /[\ud800-\udbff]$/.test(s)) s = s.slice(0, -1);
  return escapeExcerpt(s) + (stop < end ? '…' : '');
}

function dedupe(raw: RawFinding[]): RawFinding[] {
  if (raw.length < 2) return raw;
  raw.sort((a, b) => a.start - b.start || compareCodeUnits(a.ruleId, b.ruleId) || a.end - b.end);
  const out: RawFinding[] = [];
  const lastEnd = new Map<string, number>();
  for (const f of raw) {
    const key = `${f.ruleId}|${(f.layers ?? []).join('>')}`;
    const prev = lastEnd.get(key);
    if (prev !== undefined && f.start < prev) continue;
    lastEnd.set(key, f.end);
    out.push(f);
  }
  return out;
}

/**
 * Scans untrusted text for prompt injection. Pure and linear in the input size.
 * The result is deeply frozen; findings are sorted by position, then rule id.
 */
export function scan(text: string, options: ScanOptions = {}): ScanResult {
  assertChannel(options.channel);
  const policy = options.policy ?? {};
  const depth = Math.max(0, Math.min(5, policy.maxDecodeDepth ?? DEFAULT_DECODE_DEPTH));
  const layered = scanLayer(text, 0, depth);
  lowerByLocalContext(text, layered);
  if (options.channel !== undefined) {
    for (let i = 0; i < layered.length; i++) {
      const f = layered[i]!;
      const sev = f.severity ?? ruleInfo(f.ruleId).severity;
      const next = channelSeverity(
        options.channel,
        ruleInfo(f.ruleId).category,
        sev,
        f.context !== undefined || f.weak === true,
        f.ruleId,
      );
      if (next !== sev) layered[i] = { ...f, severity: next };
    }
  }
  if (options.channel === 'tool-description') layered.push(...findToolPoisoning(text, true));
  // a structural reading adds to the phrase rules, never replaces one: where a phrase finding of
  // the same rule already covers the place (at the severity the channel gave it), it stands. The
  // data channels run all of `data-channel.ts`; an instruction file or a skill only the secret
  // hand-over (a repository's notes to agents are its conventions there)
  const structural = isDataChannel(options.channel)
    ? findPlantedInData(text)
    : options.channel === 'instruction-file' || options.channel === 'skill'
      ? findSecretHandovers(text)
      : [];
  for (const f of structural)
    if (!layered.some((g) => g.ruleId === f.ruleId && g.start < f.end && f.start < g.end))
      layered.push(f);
  const learned = learnedFinding(text, layered, options);
  if (learned !== undefined) layered.push(learned);
  const raw = dedupe(layered);
  if (raw.length === 0) return CLEAN;
  const findings: Finding[] = [];
  const live: Severity[] = [];
  // one forward walk computes line, column and UTF-8 byte offset for every (sorted) finding
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  let bytes = 0;
  for (const f of raw) {
    const info = ruleInfo(f.ruleId);
    const override = policy.rules?.[f.ruleId];
    if (override === 'off') continue;
    const severity: Severity = override ?? f.severity ?? info.severity;
    while (pos < f.start) {
      const c = text.charCodeAt(pos);
      if (c === 10) {
        line++;
        lineStart = pos + 1;
      }
      if (c < 0x80) bytes += 1;
      else if (c < 0x800) bytes += 2;
      else if (c >= 0xd800 && c <= 0xdbff && pos + 1 < text.length) {
        const lo = text.charCodeAt(pos + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          bytes += 4;
          pos += 2;
          continue;
        }
        bytes += 3;
      } else bytes += 3;
      pos++;
    }
    const suppressed = allowedBy(policy, f.ruleId, options.source);
    const finding: Mutable<Finding> = {
      ruleId: f.ruleId,
      category: info.category,
      severity,
      message: f.message ?? info.description,
      line,
      column: f.start - lineStart + 1,
      byteOffset: bytes,
      index: f.start,
      length: f.end - f.start,
      excerpt: excerptOf(text, f.start, f.end),
    };
    if (f.layers !== undefined && f.layers.length > 0) finding.layers = [...f.layers];
    if (f.context !== undefined) finding.context = f.context;
    if (suppressed !== undefined) finding.suppressed = suppressed;
    else live.push(severity);
    findings.push(finding);
  }
  return freezeResult({ verdict: verdictOf(live, policy), findings });
}

/** The result of a text without findings: one frozen object, shared (it cannot change). */
const CLEAN: ScanResult = Object.freeze({ verdict: 'clean', findings: Object.freeze([]) });

/**
 * Freezes a result deeply by hand: a finding's only nested object is its `layers` array. A
 * generic deep freeze (`Reflect.ownKeys` on every value) cost more than scanning a short text.
 */
function freezeResult(result: Mutable<ScanResult>): ScanResult {
  for (const f of result.findings) {
    if (f.layers !== undefined) Object.freeze(f.layers);
    Object.freeze(f);
  }
  Object.freeze(result.findings);
  return Object.freeze(result);
}
