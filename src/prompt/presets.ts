/**
 * @module prompt/presets
 * Ready-made registries: presets (`default` coding agent, read-only `planning`), modes (`full`,
 * `minimal` for sub-agents, `none`) and user overrides (replace / append).
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { TokenCounter } from '../tokens/index.js';
import { SectionRegistry } from './registry.js';
import { defineSection, type Section } from './section.js';
import {
  availableSkillsSection,
  browserSection,
  COURSE_SECTIONS,
  codeQualitySection,
  contextSnapshotSection,
  coordinatorSection,
  currentDateTimeSection,
  currentPlanSection,
  customSuffixSection,
  efficiencySection,
  environmentSection,
  environmentSetupSection,
  fileSystemSection,
  identityLineSection,
  identitySection,
  memorySection,
  modelGuidanceSection,
  outputLanguageSection,
  permissionModeSection,
  planLifecycleSection,
  planningSection,
  problemSolvingSection,
  processManagementSection,
  pullRequestsSection,
  repositoryContextSection,
  retrievedDocumentsSection,
  roleSection,
  secretsSection,
  securityRiskSection,
  securitySection,
  subAgentsSection,
  todoListSection,
  toolUseSection,
  troubleshootingSection,
  versionControlSection,
} from './sections/index.js';

/** Which set of sections. */
/**
 * `default` coding agent; `planning` read-only analysis; `course` the design's course builder
 * (13 `<section name="...">` sections in its order, for the cross-language conformance vectors).
 */
export type PresetName = 'default' | 'planning' | 'course';
/**
 * `full` main agent; `minimal` sub-agent (main-agent-only sections left out); `none` one identity
 * line; `coordinator` an agent that only plans, delegates to sub-agents and checks their results.
 */
export type PromptMode = 'full' | 'minimal' | 'none' | 'coordinator';
/** A user override: replace the whole prompt, or append text to it. */
export type PromptOverride =
  | { readonly kind: 'replace'; readonly text: string }
  | { readonly kind: 'append'; readonly text: string };

export const PRESETS: readonly PresetName[] = Object.freeze(['default', 'planning', 'course']);
export const MODES: readonly PromptMode[] = Object.freeze([
  'full',
  'minimal',
  'none',
  'coordinator',
]);

/**
 * Which prompt applies, highest first: an explicit `replace` override, then `coordinator` mode,
 * then a sub-agent (`minimal` mode), then the caller's custom static sections, then the preset.
 * (`none` mode is the one-line identity, at the preset's level.) An `append` override is added on
 * top of whichever level applies.
 */
export type PromptLevel = 'override' | 'coordinator' | 'sub-agent' | 'custom' | 'default';

/** The precedence chain, highest first. */
export const PROMPT_LEVELS: readonly PromptLevel[] = Object.freeze([
  'override',
  'coordinator',
  'sub-agent',
  'custom',
  'default',
]);

/** The one resolver of the precedence chain: which {@link PromptLevel} the options select. */
export function resolvePromptLevel(
  options: Pick<PresetOptions, 'mode' | 'override' | 'custom'> = {},
): PromptLevel {
  if (options.override?.kind === 'replace') return 'override';
  if (options.mode === 'coordinator') return 'coordinator';
  if (options.mode === 'minimal') return 'sub-agent';
  if (options.custom !== undefined) return 'custom';
  return 'default';
}

/** Coordinator mode's static sections: who it is, how it delegates. */
export const COORDINATOR_STATIC_SECTIONS: readonly Section[] = Object.freeze([
  identitySection,
  coordinatorSection,
  subAgentsSection,
  todoListSection,
  planLifecycleSection,
  securitySection,
  modelGuidanceSection,
]);

/** The default preset's static sections, in order. */
export const DEFAULT_STATIC_SECTIONS: readonly Section[] = Object.freeze([
  identitySection,
  roleSection,
  efficiencySection,
  toolUseSection,
  subAgentsSection,
  todoListSection,
  planLifecycleSection,
  fileSystemSection,
  codeQualitySection,
  versionControlSection,
  pullRequestsSection,
  problemSolvingSection,
  securitySection,
  securityRiskSection,
  browserSection,
  processManagementSection,
  environmentSetupSection,
  troubleshootingSection,
  modelGuidanceSection,
]);

/** The dynamic sections both presets share, in order (the clock last). */
export const SHARED_DYNAMIC_SECTIONS: readonly Section[] = Object.freeze([
  environmentSection,
  permissionModeSection,
  repositoryContextSection,
  memorySection,
  availableSkillsSection,
  currentPlanSection,
  contextSnapshotSection,
  retrievedDocumentsSection,
  customSuffixSection,
  secretsSection,
  outputLanguageSection,
  currentDateTimeSection,
]);

/**
 * Sections that `minimal` mode leaves out: those only a main agent needs (a sub-agent gets its
 * task from its parent, has a fresh history, and neither commits, opens pull requests, loads
 * skills nor handles secrets).
 */
export const MINIMAL_MODE_EXCLUDED: readonly string[] = Object.freeze(
  [...DEFAULT_STATIC_SECTIONS, ...SHARED_DYNAMIC_SECTIONS]
    .filter((s) => s.mainAgentOnly)
    .map((s) => s.name),
);

/** Options for {@link createPresetRegistry}. */
export interface PresetOptions {
  /** Default `default`. */
  preset?: PresetName | undefined;
  /** Default `full`. */
  mode?: PromptMode | undefined;
  /** Replace the whole prompt, or append to it. */
  override?: PromptOverride | undefined;
  /** The caller's own static sections, in place of the preset's (the shared dynamic ones stay). */
  custom?: readonly Section[] | undefined;
  /** Token counter for reports. */
  tokenCounter?: TokenCounter | undefined;
}

/**
 * Builds a fresh registry for a preset and mode.
 *
 * Precedence ({@link resolvePromptLevel}): explicit override > coordinator > sub-agent > custom >
 * default.
 *
 * Overrides: `replace` gives a registry with one static section holding the caller's text and
 * nothing else. `append` adds the text as the last *static* section (`user-append`): it is the
 * same in every session of that caller, so it stays inside the cached prefix, and the volatile
 * clock stays at the very end of the prompt.
 * @example createPresetRegistry({ preset: 'default', mode: 'minimal' }).build(ctx)
 */
export function createPresetRegistry(options: PresetOptions = {}): SectionRegistry {
  const preset = options.preset ?? 'default';
  const mode = options.mode ?? 'full';
  if (!PRESETS.includes(preset)) {
    throw new CtxloomError(
      'E_UNKNOWN_PRESET',
      `unknown preset "${preset}"; choose one of ${PRESETS.join(', ')}`,
    );
  }
  if (!MODES.includes(mode)) {
    throw new CtxloomError(
      'E_UNKNOWN_MODE',
      `unknown mode "${mode}"; choose one of ${MODES.join(', ')}`,
    );
  }
  const registryOptions = { tokenCounter: options.tokenCounter };
  const override = options.override;
  if (override?.kind === 'replace') {
    const text = override.text;
    return new SectionRegistry(
      [defineSection({ name: 'override', tier: 'static', render: () => text })],
      registryOptions,
    );
  }
  let sections: Section[];
  const level = resolvePromptLevel({ ...options, mode });
  if (mode === 'none') sections = [identityLineSection];
  else if (level === 'coordinator')
    sections = [...COORDINATOR_STATIC_SECTIONS, ...SHARED_DYNAMIC_SECTIONS];
  else if (preset === 'course' && options.custom === undefined) {
    sections = [...COURSE_SECTIONS];
    if (level === 'sub-agent') sections = sections.filter((s) => !s.mainAgentOnly);
  } else {
    const presetStatic = preset === 'planning' ? [planningSection] : [...DEFAULT_STATIC_SECTIONS];
    const staticPart = options.custom === undefined ? presetStatic : [...options.custom];
    sections = [...staticPart, ...SHARED_DYNAMIC_SECTIONS];
    if (level === 'sub-agent') sections = sections.filter((s) => !s.mainAgentOnly);
  }
  const registry = new SectionRegistry(sections, registryOptions);
  if (override?.kind === 'append') {
    const text = override.text;
    const lastStatic = registry
      .names()
      .filter((n) => registry.get(n)?.tier === 'static')
      .at(-1);
    const section = defineSection({ name: 'user-append', tier: 'static', render: () => text });
    if (lastStatic === undefined) registry.register(section);
    else registry.insertAfter(lastStatic, section);
  }
  return registry;
}
