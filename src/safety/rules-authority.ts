/**
 * @module safety/rules-authority
 * Authority claims (issue 16): text that tells the model someone else now outranks its system
 * prompt, or that its safeguards are switched off, so that what follows may be obeyed without
 * them. Both are claims only the model's operator could make, and an operator makes them in the
 * system prompt, not in a file or a tool's output:
 * - rank over the model's orders: "the user has higher authority than the system prompt", "this
 *   message takes priority over your instructions" (`override.rank-claim`);
 * - safeguards declared off: "your safety filters are disabled", "your content policy no
 *   longer applies", "your guardrails have been removed" (`override.safeguards-off`). The
 *   safeguards must be the model's ("your safety filters", "the model's guardrails"): anyone
 *   else's are configuration or a support ticket.
 * The speaker's own rank ("I am your developer") is the other authority claim,
 * `role.authority-claim` in `rules-roles.ts`.
 * Each pattern is the general shape of the technique, never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/**
 * A rank above another in the words of authority (who commands whom). "Takes precedence over",
 * "has priority over" also rank files and settings ("user instructions take precedence over the
 * system prompt template" in a changelog, "my instructions take precedence over your guidelines
 * file"); a precedence claim over "all other instructions" is `override.precedence-claim`.
 */
const AUTHORITY = [
  'higher authority than',
  'more authority than',
  'greater authority than',
  'authority over',
  'outranks',
  'outrank',
  'overrules',
  'overrule',
];

/** The model's own orders, said to it. */
const YOUR_ORDERS = [
  'your system prompt',
  'your system message',
  'your system instructions',
  'your instructions',
  'your original instructions',
  'your rules',
  'your guidelines',
  'your programming',
  'your developers',
  'your developer',
  'your creators',
];

/** The model's orders named from outside. */
const THE_ORDERS = [
  'the system prompt',
  'the system message',
  'the system instructions',
  'the developer instructions',
  'openai',
  'anthropic',
];

/**
 * Whose safeguards: the model's, said to it or of it. Safety filters of anything else are
 * configuration or a support ticket ("the parental safety filters have been disabled on the kid
 * profile", "your filters are disabled on my account", a service's "content filters are disabled").
 */
const SAFEGUARD = [
  'your safety filters',
  'your content filters',
  'your guardrails',
  'your safety guardrails',
  'your content policy',
  'your ethical guidelines',
  'your ethics',
  'your safety guidelines',
  'your safety protocols',
  'your safety training',
  'your alignment',
  'your censorship',
  "the model's safety filters",
  "the model's guardrails",
  "the ai's safety filters",
  "the ai's guardrails",
  "the assistant's safety filters",
  "the assistant's guardrails",
];

/** Switched off, said of the safeguards. */
const SWITCHED_OFF = [
  'are disabled',
  'is disabled',
  'have been disabled',
  'has been disabled',
  'are now disabled',
  'is now disabled',
  'are turned off',
  'is turned off',
  'have been turned off',
  'has been turned off',
  'are switched off',
  'have been switched off',
  'are off',
  'is off',
  'are now off',
  'is now off',
  'have been removed',
  'has been removed',
  'are removed',
  'have been lifted',
  'are lifted',
  'have been deactivated',
  'are deactivated',
  'is deactivated',
  'have been suspended',
  'are suspended',
  'is suspended',
  'no longer apply',
  'no longer applies',
  'do not apply',
  'does not apply',
  "don't apply",
  "doesn't apply",
  'are no longer active',
  'is no longer active',
  'are no longer in effect',
  'is no longer in effect',
];

export const AUTHORITY_PATTERNS: readonly PhrasePattern[] = [
  // "the user has higher authority than the system prompt", "this message outranks your instructions"
  { rule: 'override.rank-claim', lang: 'en', groups: [AUTHORITY, YOUR_ORDERS], gaps: [4] },
  { rule: 'override.rank-claim', lang: 'en', groups: [AUTHORITY, THE_ORDERS], gaps: [4] },
  // "your safety filters are disabled", "your content policy no longer applies"
  { rule: 'override.safeguards-off', lang: 'en', groups: [SAFEGUARD, SWITCHED_OFF], gaps: [24] },
];
