/**
 * @module providers/types
 * Provider-neutral inputs for request payloads. No SDK is imported at run time: payloads are plain
 * objects whose shapes are checked against the real SDK types in the tests.
 */
import type { BuiltSection, PromptParts } from '../prompt/index.js';

/** Cache lifetime of a breakpoint. */
export type CacheTtl = '5m' | '1h';

/**
 * The system prompt to send: a `BuiltPrompt` fits, and so do plain tiers (`{ static, dynamic }`),
 * which are sent as they are.
 */
export interface PromptTiers {
  readonly static: string;
  readonly dynamic: string | null;
  /**
   * The prompt's parts (a `BuiltPrompt`'s): with them, volatile sections (the clock) can be
   * delivered after the history.
   */
  readonly parts?: PromptParts | undefined;
  /**
   * The prompt's sections (a `BuiltPrompt`'s): with them (and `parts`), the repository section
   * can be delivered as user content.
   */
  readonly sections?: readonly BuiltSection[] | undefined;
}

/** Where the volatile tail of the dynamic tier (the clock) goes. */
export type VolatilePlacement = 'end' | 'system';

/** The prompt as delivered: the volatile tail and the placed repository section apart. */
export interface DeliveredTiers {
  readonly static: string;
  /** The dynamic tier without its volatile tail (and without the repository section when placed apart). */
  readonly dynamic: string | null;
  /** The volatile sections (always last in the dynamic tier), or null. */
  readonly volatile: string | null;
  /** The repository section's text when `repositoryPlacement` is `user` and it rendered, else null. */
  readonly repository: string | null;
}

/**
 * Where the repository-provided instruction files (the `repository-context` section) go:
 * `system` (default) in the dynamic system block; `user` at the head of the conversation, as
 * the first user content (some models weigh user-turn guidance differently, and some harnesses
 * want the system prompt to hold only their own rules).
 */
export type RepositoryPlacement = 'system' | 'user';
