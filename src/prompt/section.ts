/**
 * @module prompt/section
 * A section is one small, pure piece of the system prompt: a guard that says whether it applies
 * and a render that says what text it adds. Both read only the {@link PromptContext}.
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { PromptContext } from './context.js';
import { checkVolatility } from './volatility.js';

/** Static sections are identical across sessions (cache hits); dynamic ones are per session. */
export type Tier = 'static' | 'dynamic';

/** Declares that a section's output changes every turn (such as the clock), and why. */
export interface Volatility {
  readonly volatile: true;
  /** Why it changes every turn; shown in reports and docs. */
  readonly reason: string;
}

/** One section of the system prompt. */
export interface Section {
  /** Unique name within a registry, kebab-case. */
  readonly name: string;
  /** Which tier it renders into. */
  readonly tier: Tier;
  /** Present for content that changes every turn; such sections render last. Dynamic tier only. */
  readonly volatility?: Volatility | undefined;
  /** Sections only a main agent needs; `minimal` mode (sub-agents) leaves them out. */
  readonly mainAgentOnly?: boolean | undefined;
  /** `false` means "not applicable": the section is skipped. */
  guard(ctx: PromptContext): boolean;
  /** The text; `null` or blank means "applicable, nothing to add now" (empty). */
  render(ctx: PromptContext): string | null;
}

/** What `defineSection` accepts: `guard` defaults to "always applies". */
export interface SectionSpec extends Omit<Section, 'guard'> {
  guard?: ((ctx: PromptContext) => boolean) | undefined;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Builds a frozen section, checking its name and tier. */
export function defineSection(spec: SectionSpec): Section {
  if (!NAME.test(spec.name)) {
    throw new CtxloomError(
      'E_SECTION_INVALID',
      `section name ${JSON.stringify(spec.name)} must be kebab-case (a-z, 0-9, -)`,
    );
  }
  if (spec.tier !== 'static' && spec.tier !== 'dynamic') {
    throw new CtxloomError(
      'E_SECTION_INVALID',
      `section ${spec.name}: tier must be 'static' or 'dynamic'`,
    );
  }
  checkVolatility(spec.name, spec.volatility);
  return Object.freeze({
    name: spec.name,
    tier: spec.tier,
    volatility: spec.volatility ? Object.freeze({ ...spec.volatility }) : undefined,
    mainAgentOnly: spec.mainAgentOnly === true,
    guard: spec.guard ?? (() => true),
    render: spec.render,
  });
}
