/**
 * @module skills/inject
 * Injection at the moment of use. After a tool call touched files, the matching path rules are
 * appended to that tool's result; keyword-triggered skills and `/name` tasks are appended to the
 * user message that triggered them. Each item is injected once per conversation (see
 * `activation-state.ts`). Inputs are never mutated: every function returns new values.
 */

import { compareCodeUnits } from '../_internal/compare.js';
import { oneLine } from '../_internal/wrapper-tags.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { identifyFragment } from '../history/index.js';
import { flaggedWrapper, gateUntrusted, type Scanner } from '../safety/index.js';
import { o200kCounter, type TokenCounter } from '../tokens/index.js';
import {
  type ActivationRecord,
  type ActivationState,
  isActivated,
  markActivated,
} from './activation-state.js';
import { capText, quoteInline, renderBlock } from './block-format.js';
import { SKILL_CODES } from './codes.js';
import type { InlineCommandOptions } from './inline-commands.js';
import { renderSkillBody } from './invoke-tool.js';
import { compileKeywordMatcher, type KeywordMatcher } from './keyword-trigger.js';
import type { PathRuleEngine } from './path-rules.js';
import { parseTaskCommand, resolveInputs } from './task-command.js';
import type { PathRule, Skill, SkillVisibility } from './types.js';

/**
 * One injected block: a typed history fragment (`<ctxloom:rule ...>` or `<ctxloom:skill ...>`)
 * carrying its activation key as `data-activation`. Append each block as its own text part (a
 * content block of its own) after the tool result's output or the user's text, so
 * `identifyFragment` sees the whole fragment and compaction re-arms it when it is removed.
 */
export interface InjectedBlock {
  /** Activation key (`rule:<source>#<name>` or `skill:<name>`). */
  readonly key: string;
  /** How it fired. */
  readonly via: ActivationRecord['via'];
  /** The exact text of the fragment. */
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
  /**
   * The injection scanner; a blocked rule or skill is never shown (a scanner that throws blocks).
   * Without one every injected text carries `I_NOT_SCANNED`.
   */
  readonly scan?: Scanner;
  /** Token cap of one injected rule or skill body. Default 4,000. */
  readonly maxBlockTokens?: number;
  /** UTF-8 byte cap of one injected rule or skill body. Default 32,000. */
  readonly maxBlockBytes?: number;
  readonly tokenCounter?: TokenCounter;
}

/** The key of a path rule. */
export function pathRuleKey(rule: Pick<PathRule, 'source' | 'name'>): string {
  return `rule:${rule.source}#${rule.name}`;
}

/** The path rule a skill with `paths` stands for. */
export function skillPathRule(skill: Skill): PathRule {
  return {
    name: skill.name,
    globs: skill.paths,
    body: skill.body,
    source: skill.file,
    trust: skill.origin === 'project' ? 'untrusted' : 'trusted',
  };
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
  const counter = options.tokenCounter ?? o200kCounter;
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
      const gate = gateUntrusted(m.rule.body, {
        source: m.rule.source,
        channel: 'instruction-file',
        scanner: options.scan,
      });
      diagnostics.push(...gate.diagnostics);
      const lead = `This rule applies because a file you touched (${quoteInline(m.path)}) matches ${quoteInline(m.glob)}. It comes from ${quoteInline(m.rule.source)}.`;
      let body: string;
      let scanner: string | undefined;
      if (!gate.allowed) {
        body = gate.text;
        scanner = `blocked: ${gate.ruleIds.join(', ')}`;
      } else {
        const capped = capText(
          m.rule.body,
          { maxTokens, maxBytes: options.maxBlockBytes ?? 32_000 },
          counter,
          (n) => `\n[… ${n} more characters cut; read ${oneLine(m.rule.source)} for the rest]`,
        );
        body = capped.text;
        if (gate.verdict === 'flagged') {
          scanner = `flagged: ${gate.ruleIds.join(', ')}`;
          body = flaggedWrapper(body, m.rule.source, gate.ruleIds);
        }
        if (capped.cut) diagnostics.push(cutDiagnostic(m.rule.source));
      }
      const text = renderBlock(
        'rule',
        {
          name: m.rule.name,
          source: m.rule.source,
          trust: m.rule.trust ?? 'untrusted',
          key,
          ...(scanner === undefined ? {} : { scanner }),
        },
        lead,
        body,
      );
      blocks.push({ key, via: 'path', text });
    }
  }
  const newState = markActivated(
    state,
    blocks.map((b) => ({ key: b.key, via: b.via })),
  );
  return { state: newState, blocks, text: joinBlocks(blocks), diagnostics };
}

/**
 * Appends injected text to an object's `content` string: a new object, the input untouched. For
 * a history message prefer one text part per block (see {@link InjectedBlock}): a fragment joined
 * into other text is not recognised by `identifyFragment`.
 */
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
  for (const skill of [...skills].sort((a, b) => compareCodeUnits(a.name, b.name))) {
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
  const counter = options.tokenCounter ?? o200kCounter;
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
      key,
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
          'skill',
          {
            name: task.name,
            source: task.file,
            trust: task.origin === 'project' ? 'untrusted' : 'trusted',
            status: 'needs-inputs',
          },
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
  // a task that is missing inputs did not load its skill: it may fire again
  const recorded = blocks.filter((b) => identifyFragment(b.text)?.attributes.status === undefined);
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
