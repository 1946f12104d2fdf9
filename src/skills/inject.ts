/**
 * @module skills/inject
 * Injection at the moment of use. After a tool call touched files, the matching path rules are
 * appended to that tool's result; keyword-triggered skills and `/name` tasks are appended to the
 * user message that triggered them. Each item is injected once per conversation (see
 * `activation-state.ts`). Inputs are never mutated: every function returns new values.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { o200kCounter, type TokenCounter } from '../tokens/index.js';
import {
  type ActivationRecord,
  type ActivationState,
  activationAttr,
  isActivated,
  markActivated,
} from './activation-state.js';
import { capText, renderBlock } from './block-format.js';
import { SKILL_CODES } from './codes.js';
import type { InlineCommandOptions } from './inline-commands.js';
import { renderSkillBody } from './invoke-tool.js';
import { compileKeywordMatcher, type KeywordMatcher } from './keyword-trigger.js';
import type { PathRuleEngine } from './path-rules.js';
import { gateUntrusted } from './scan-gate.js';
import { parseTaskCommand, resolveInputs } from './task-command.js';
import type { PathRule, ScanFn, Skill, SkillVisibility } from './types.js';

/** One injected block. */
export interface InjectedBlock {
  /** Activation key (`rule:<source>#<name>` or `skill:<name>`). */
  readonly key: string;
  /** How it fired. */
  readonly via: ActivationRecord['via'];
  /** The exact text appended. */
  readonly text: string;
}

/** Result of an injection step: the new state, the blocks and the text to append. */
export interface InjectionPlan {
  readonly state: ActivationState;
  readonly blocks: readonly InjectedBlock[];
  /** The blocks joined with blank lines ('' when none). */
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Common options. */
export interface InjectionOptions {
  /** The injection scanner; a blocked rule or skill is never shown. */
  readonly scan?: ScanFn;
  /** Token cap of one injected rule or skill body. Default 4,000. */
  readonly maxBlockTokens?: number;
  /** UTF-8 byte cap of one injected rule or skill body. Default 32,000. */
  readonly maxBlockBytes?: number;
  readonly counter?: TokenCounter;
}

/** The key of a path rule. */
export function pathRuleKey(rule: Pick<PathRule, 'source' | 'name'>): string {
  return `rule:${rule.source}#${rule.name}`;
}

/** The path rule a skill with `paths` stands for. */
export function skillPathRule(skill: Skill): PathRule {
  return { name: skill.name, globs: skill.paths, body: skill.body, source: skill.file };
}

function cutDiagnostic(file: string): Diagnostic {
  return diagnostic(SKILL_CODES.injectionCut, 'warning', 'the injected text was cut at its cap', {
    file,
  });
}

function joinBlocks(blocks: readonly InjectedBlock[]): string {
  return blocks.map((b) => b.text).join('\n\n');
}

/**
 * Path rules for the files a tool call touched (paths already workspace-relative, e.g. from
 * `resolveWorkspacePath`; undefined entries, i.e. outside the workspace, match nothing). Rules
 * already injected in this conversation are skipped; each rule is injected once even if several
 * paths match it.
 */
export function planPathInjection(
  state: ActivationState,
  touchedPaths: readonly (string | undefined)[],
  engine: PathRuleEngine,
  options: InjectionOptions = {},
): InjectionPlan {
  const counter = options.counter ?? o200kCounter;
  const maxTokens = options.maxBlockTokens ?? 4000;
  const blocks: InjectedBlock[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const path of touchedPaths) {
    if (path === undefined) continue;
    for (const m of engine.match(path)) {
      const key = pathRuleKey(m.rule);
      if (seen.has(key) || isActivated(state, key)) continue;
      seen.add(key);
      const gate = gateUntrusted(m.rule.body, m.rule.source, options.scan);
      diagnostics.push(...gate.diagnostics);
      const lead = `This rule applies because a file you touched (\`${m.path}\`) matches \`${m.glob}\`. It comes from \`${m.rule.source}\`.`;
      const attrs: (readonly [string, string])[] = [
        ['name', m.rule.name],
        ['source', m.rule.source],
        activationAttr(key),
      ];
      let body: string;
      if (!gate.allowed) {
        body = `[This rule was blocked by the injection scanner (${gate.ruleIds.join(', ')}) and is not shown.]`;
      } else {
        if (gate.verdict === 'flagged')
          attrs.push(['scanner', `flagged: ${gate.ruleIds.join(', ')}`]);
        const capped = capText(
          m.rule.body,
          { maxTokens, maxBytes: options.maxBlockBytes ?? 32_000 },
          counter,
          (n) => `\n[… ${n} more characters cut; read ${m.rule.source} for the rest]`,
        );
        body = capped.text;
        if (capped.cut) diagnostics.push(cutDiagnostic(m.rule.source));
      }
      blocks.push({ key, via: 'path', text: renderBlock('path_rule', attrs, lead, body) });
    }
  }
  const newState = markActivated(
    state,
    blocks.map((b) => ({ key: b.key, via: b.via })),
  );
  return { state: newState, blocks, text: joinBlocks(blocks), diagnostics };
}

/** Appends injected text to an object's `content` string: a new object, the input untouched. */
export function appendToContent<T extends { readonly content: string }>(value: T, text: string): T {
  if (text === '') return value;
  return { ...value, content: `${value.content}\n\n${text}` };
}

/** Keyword and task triggers of a skill set, compiled once. */
export interface SkillTriggers {
  readonly skills: ReadonlyMap<string, Skill>;
  /** `/command` names: every skill's own name, then its declared `triggers.commands`. */
  readonly commands: ReadonlyMap<string, Skill>;
  readonly keywords: KeywordMatcher;
  readonly visibility: Readonly<Record<string, SkillVisibility>>;
  /** Declared commands that were not added because another skill holds the name. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Compiles the keyword triggers of `skills` (skills that are disabled, path rules, or
 * `disable-model-invocation` never fire on keywords).
 */
export function compileSkillTriggers(
  skills: readonly Skill[],
  visibility: Readonly<Record<string, SkillVisibility>> = {},
): SkillTriggers {
  const keywordSkills = skills.filter(
    (s) =>
      s.triggers !== undefined &&
      s.paths.length === 0 &&
      !s.disableModelInvocation &&
      (visibility[s.name] ?? 'auto') !== 'disabled',
  );
  // a skill's own name always wins; among declared commands, the first skill by name keeps it
  const commands = new Map(skills.map((s) => [s.name, s]));
  const diagnostics: Diagnostic[] = [];
  for (const skill of [...skills].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    for (const command of skill.commands) {
      const holder = commands.get(command);
      if (holder === undefined) commands.set(command, skill);
      else if (holder !== skill)
        diagnostics.push(
          diagnostic(
            SKILL_CODES.commandTaken,
            'warning',
            `skill "${skill.name}" declares the command /${command}, which already starts skill "${holder.name}"; /${command} keeps starting "${holder.name}"`,
            { file: skill.file },
          ),
        );
    }
  }
  return {
    skills: new Map(skills.map((s) => [s.name, s])),
    commands,
    diagnostics,
    keywords: compileKeywordMatcher(
      keywordSkills.map((s) => ({
        id: s.name,
        keywords: s.triggers?.keywords ?? [],
        minMatches: s.triggers?.minMatches ?? 1,
      })),
    ),
    visibility,
  };
}

/** Options of {@link planMessageInjection}. */
export interface MessageInjectionOptions extends InjectionOptions {
  /** Inline command expansion; off when not given. */
  readonly commands?: InlineCommandOptions;
}

/**
 * Skills for a user message: a leading `/name` command (with `${var}` inputs; injected each time
 * the user asks, since it is an explicit request) and keyword triggers (once per conversation).
 */
export async function planMessageInjection(
  state: ActivationState,
  message: string,
  triggers: SkillTriggers,
  options: MessageInjectionOptions = {},
): Promise<InjectionPlan> {
  const counter = options.counter ?? o200kCounter;
  const maxTokens = options.maxBlockTokens ?? 4000;
  const blocks: InjectedBlock[] = [];
  const diagnostics: Diagnostic[] = [];
  const render = async (
    skill: Skill,
    values: Readonly<Record<string, string>>,
    lead: string,
    key: string,
  ) => {
    const r = await renderSkillBody(
      skill,
      values,
      options,
      counter,
      { maxTokens, maxBytes: options.maxBlockBytes ?? 32_000 },
      lead,
      [activationAttr(key)],
    );
    diagnostics.push(...r.diagnostics);
    return r.text;
  };

  const command = parseTaskCommand(message);
  const task = command === undefined ? undefined : triggers.commands.get(command.name);
  const taskAllowed =
    task?.userInvocable === true &&
    task.paths.length === 0 &&
    (triggers.visibility[task.name] ?? 'auto') !== 'disabled';
  if (command !== undefined && task !== undefined && taskAllowed) {
    const key = `skill:${task.name}`;
    const inputs = resolveInputs(task.inputs, command.named, command.positional);
    if (inputs.missing.length > 0) {
      const usage = task.inputs.map((i) => `${i.name}=…`).join(' ');
      blocks.push({
        key,
        via: 'task',
        text: renderBlock(
          'skill_error',
          [['name', task.name]],
          `The /${command.name} command needs the input(s) ${inputs.missing.join(', ')}. Ask the user for them (usage: /${command.name} ${usage}).`,
          '',
        ),
      });
    } else {
      const lead = `The user started this skill with /${command.name}.`;
      blocks.push({ key, via: 'task', text: await render(task, inputs.values, lead, key) });
    }
  }

  for (const m of triggers.keywords.match(message)) {
    const key = `skill:${m.id}`;
    if (blocks.some((b) => b.key === key) || isActivated(state, key)) continue;
    const skill = triggers.skills.get(m.id);
    if (skill === undefined) continue;
    const words = m.matched.map((k) => `"${k}"`).join(', ');
    const lead = `This skill is loaded because the message mentions ${words}.`;
    blocks.push({ key, via: 'keyword', text: await render(skill, {}, lead, key) });
  }
  const recorded = blocks.filter((b) => !b.text.startsWith('<skill_error'));
  return {
    state: markActivated(
      state,
      recorded.map((b) => ({ key: b.key, via: b.via })),
    ),
    blocks,
    text: joinBlocks(blocks),
    diagnostics,
  };
}
