/**
 * @module prompt/types
 * The data shapes a {@link PromptContext} carries. Other capabilities (sources, skills, session)
 * produce these; sections only read them.
 */

/** Model families that have family-specific guidance. */
export type ModelFamily =
  | 'claude'
  | 'gpt'
  | 'gemini'
  | 'llama'
  | 'qwen'
  | 'deepseek'
  | 'mistral'
  | 'other';

/** How far a piece of text may be trusted. Repository and tool content is `untrusted`. */
export type Trust = 'trusted' | 'untrusted';

/** Where an instruction source applies. */
export type InstructionScope = 'global' | 'project' | 'directory' | 'rule';

/** What happened to an instruction source on its way to the prompt. */
export type InstructionStatus = 'loaded' | 'truncated' | 'blocked' | 'skipped';

/**
 * One instruction file as the repository-context section sees it: already loaded, budgeted and
 * scanned. `content` is the text to show (for a blocked file, the placeholder).
 */
export interface InstructionSourceEntry {
  /** Path relative to the project root (or `~/...` for user-global files), `/`-separated. */
  readonly path: string;
  /** The format, e.g. `agents-md`, `claude-md`, `cursor-mdc`. */
  readonly kind: string;
  /** Where it applies. */
  readonly scope: InstructionScope;
  /** Trust level; repository files are `untrusted` by default. */
  readonly trust: Trust;
  /** Loaded, truncated, blocked or skipped. Skipped sources are not rendered. */
  readonly status: InstructionStatus;
  /** The text to render. */
  readonly content: string;
}

/** One skill as listed in the catalog: never a file path. */
export interface SkillCatalogEntry {
  /** The skill's name (unique). */
  readonly name: string;
  /** The description to show; may already be shortened by the skills catalog budget. */
  readonly description: string;
  /** `flagged: <rule ids>` when the injection scanner flagged the description (shown as an attribute). */
  readonly scanner?: string;
}

/** A confirmed plan: only the confirmed version ever enters the prompt. */
export interface ConfirmedPlan {
  /** The plan file's name, e.g. `PLAN.md`. */
  readonly name: string;
  /** The confirmed plan text. */
  readonly text: string;
}

/** Feature flags that turn guarded sections on. Unknown flags are allowed and kept. */
export interface FeatureFlags {
  /** A browser tool is available. */
  readonly browser?: boolean;
  /** The security-policy section applies. */
  readonly securityPolicy?: boolean;
  /** The agent must label each action with a security risk level. */
  readonly riskAnalyzer?: boolean;
  readonly [flag: string]: boolean | undefined;
}

/**
 * The session's permission / approval mode: `read-only` (no changes), `ask` (every change and
 * command waits for approval), `auto-edit` (edits free, commands approved), `full-auto`
 * (sandboxed, no approval).
 */
export type PermissionMode = 'read-only' | 'ask' | 'auto-edit' | 'full-auto';

/** Every {@link PermissionMode}, in order from most to least restricted. */
export const PERMISSION_MODES: readonly PermissionMode[] = Object.freeze([
  'read-only',
  'ask',
  'auto-edit',
  'full-auto',
]);
