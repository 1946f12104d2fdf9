/**
 * @module safety/types
 * The shapes the injection scanner produces and reads: severities, categories, findings,
 * results and rule metadata.
 */

import type { Verdict } from '../_internal/verdict.js';

/** How serious a finding is. `block` removes the text, `flag` wraps it, `info` only reports. */
export type Severity = 'block' | 'flag' | 'info';

/** The overall outcome of one scan: `clean`, `flagged` or `blocked` (the list: `_internal/verdict.ts`). */
export type { Verdict };

/** What kind of attack a rule looks for. */
export type Category =
  | 'instruction-override'
  | 'deception'
  | 'role-marker'
  | 'role-hijack'
  | 'prompt-extraction'
  | 'exfiltration'
  | 'remote-execution'
  | 'hidden-text'
  | 'obfuscation'
  | 'jailbreak'
  | 'classifier';

/** An encoding layer a finding was found inside, outermost first. */
export type Layer =
  | 'base64'
  | 'hex'
  | 'binary'
  | 'morse'
  | 'url'
  | 'unicode-tags'
  | 'rot13'
  | 'caesar'
  | 'reversed'
  | 'html-entities'
  | 'escapes';

/** One thing the scanner found, located in the ORIGINAL text. */
export interface Finding {
  /** Stable rule id, e.g. `override.ignore-previous`. */
  readonly ruleId: string;
  readonly category: Category;
  /** Severity after context rules and policy overrides. */
  readonly severity: Severity;
  /** One short sentence saying what matched. */
  readonly message: string;
  /** 1-based line in the original text. */
  readonly line: number;
  /** 1-based column (UTF-16 code units) in the original text. */
  readonly column: number;
  /** 0-based UTF-8 byte offset of the match start in the original text. */
  readonly byteOffset: number;
  /** 0-based UTF-16 index of the match start (for slicing in JS). */
  readonly index: number;
  /** UTF-16 length of the matched span in the original text. */
  readonly length: number;
  /** A short excerpt of the original text, invisible characters shown as `<U+200B>`. */
  readonly excerpt: string;
  /** Encoding layers the match was found inside, outermost first (absent when plain). */
  readonly layers?: readonly Layer[];
  /** Why the severity was lowered from the rule's default, when it was. */
  readonly context?: string;
  /** Set when an allowlist entry suppressed the finding: the entry's justification. */
  readonly suppressed?: string;
}

/** The outcome of {@link scan}. Deeply frozen. */
export interface ScanResult {
  readonly verdict: Verdict;
  readonly findings: readonly Finding[];
}

/** Catalogue entry: what a rule is, independent of how it matches. */
export interface RuleInfo {
  readonly id: string;
  readonly category: Category;
  readonly severity: Severity;
  /** ISO 639-1 codes the rule's phrases cover, or `['*']` when language-independent. */
  readonly languages: readonly string[];
  readonly description: string;
}
