/**
 * @module safety
 * The prompt-injection scanner for untrusted context: pure functions, no I/O.
 */
export { RULES, ruleInfo } from './catalogue.js';
export { CHANNELS, type Channel } from './channels.js';
export {
  type ClassifiedScanOptions,
  type Classifier,
  type ClassifierVerdict,
  scanWithClassifier,
} from './classifier.js';
export {
  blockedPlaceholder,
  flaggedWrapper,
  type GateOptions,
  type GateResult,
  gateUntrusted,
  SCANNER_ERROR_RULE,
  type Scanner,
  type ScannerFinding,
  type ScannerResult,
} from './gate.js';
export { applyPolicy } from './guard.js';
export {
  decodeWeights,
  type LearnedModel,
  type LearnedScore,
  type LearnedWeights,
  scoreText,
} from './learned-model.js';
export {
  type AllowEntry,
  parsePolicy,
  type ScanPolicy,
  severityRank,
  verdictOf,
} from './policy.js';
export { SARIF_SCHEMA, type SarifInput, toSarif } from './sarif.js';
export { escapeExcerpt, LEARNED_RULE, type ScanOptions, scan } from './scan.js';
export {
  DATAMARK,
  datamark,
  type SpotlightMode,
  spotlight,
  spotlightNotice,
} from './spotlight.js';
export type { Category, Finding, Layer, RuleInfo, ScanResult, Severity, Verdict } from './types.js';
