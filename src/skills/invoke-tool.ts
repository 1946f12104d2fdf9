/**
 * @module skills/invoke-tool
 * The `invoke_skill` tool: a JSON-Schema definition plus a handler. The catalog never shows file
 * locations, so this logged, gateable tool is the only way the model loads a skill. The handler
 * is pure apart from the optional, injected inline-command runner.
 */

import { oneLine } from '../_internal/wrapper-tags.js';
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { flaggedWrapper, gateUntrusted, type Scanner } from '../safety/index.js';
import { o200kCounter, type TokenCounter } from '../tokens/index.js';
import type { ToolDefinition } from '../tools/index.js';
import { capText, renderBlock, type TextCaps } from './block-format.js';
import { SKILL_CODES } from './codes.js';
import { expandInlineCommands, type InlineCommandOptions } from './inline-commands.js';
import { resolveInputs, substituteInputs } from './task-command.js';
import type { Skill, SkillVisibility } from './types.js';

/** The tool's name. */
export const INVOKE_SKILL_TOOL_NAME = 'invoke_skill';

/** The `invoke_skill` definition. */
export const INVOKE_SKILL_TOOL: ToolDefinition = Object.freeze({
  name: INVOKE_SKILL_TOOL_NAME,
  description:
    'Loads the full instructions of a skill listed in <available_skills>. Call it when a skill matches the task, before doing the task.',
  inputSchema: Object.freeze({
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The skill name exactly as listed.' },
      inputs: {
        type: 'object',
        description: "Values for the skill's declared inputs, by input name.",
        additionalProperties: { type: 'string' },
      },
    },
    required: ['name'],
    additionalProperties: false,
  }),
});

/** Error codes of the handler. */
export type InvokeErrorCode =
  | 'E_SKILL_BAD_ARGS'
  | 'E_SKILL_UNKNOWN'
  | 'E_SKILL_NOT_INVOCABLE'
  | 'E_SKILL_INPUTS'
  | 'E_SKILL_BLOCKED';

/** What the handler returns. `text` is what the model sees either way. */
export type InvokeResult =
  | {
      readonly ok: true;
      readonly name: string;
      readonly text: string;
      /** Activation key, for the session's activation state. */
      readonly key: string;
      readonly diagnostics: readonly Diagnostic[];
    }
  | {
      readonly ok: false;
      readonly code: InvokeErrorCode;
      readonly text: string;
      readonly diagnostics: readonly Diagnostic[];
    };

/** Options of {@link createInvokeSkillHandler}. */
export interface InvokeOptions {
  /** The injection scanner; a blocked body is never returned (a scanner that throws blocks). */
  readonly scan?: Scanner;
  /** Per-skill visibility (`disabled` cannot be invoked). */
  readonly visibility?: Readonly<Record<string, SkillVisibility>>;
  /** Inline command expansion; off when not given. */
  readonly commands?: InlineCommandOptions;
  /** Token cap of the returned body. Default 20,000. */
  readonly maxTokens?: number;
  /** UTF-8 byte cap of the returned body. Default 160,000. */
  readonly maxBytes?: number;
  readonly tokenCounter?: TokenCounter;
}

/** The handler: takes the tool-call arguments (unvalidated JSON) and returns the result. */
export type InvokeSkillHandler = (args: unknown) => Promise<InvokeResult>;

function fail(
  code: InvokeErrorCode,
  text: string,
  diagnostics: readonly Diagnostic[] = [],
): InvokeResult {
  return { ok: false, code, text, diagnostics };
}

/** Creates the handler over a loaded skill set. */
export function createInvokeSkillHandler(
  skills: readonly Skill[],
  options: InvokeOptions = {},
): InvokeSkillHandler {
  const byName = new Map(skills.map((s) => [s.name, s]));
  const visibility = (name: string) => options.visibility?.[name] ?? 'auto';
  const available = skills
    .filter(
      (s) => s.paths.length === 0 && !s.disableModelInvocation && visibility(s.name) !== 'disabled',
    )
    .map((s) => s.name)
    .sort();
  const counter = options.tokenCounter ?? o200kCounter;
  const caps = { maxTokens: options.maxTokens ?? 20_000, maxBytes: options.maxBytes ?? 160_000 };

  return async (args: unknown): Promise<InvokeResult> => {
    if (
      typeof args !== 'object' ||
      args === null ||
      typeof (args as { name?: unknown }).name !== 'string'
    ) {
      return fail(
        'E_SKILL_BAD_ARGS',
        'invoke_skill needs {"name": string, "inputs"?: {string: string}}.',
      );
    }
    const { name, inputs } = args as { name: string; inputs?: unknown };
    const given: Record<string, string> = {};
    if (inputs !== undefined) {
      if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) {
        return fail('E_SKILL_BAD_ARGS', '"inputs" must be an object of strings.');
      }
      for (const [k, v] of Object.entries(inputs)) {
        if (typeof v !== 'string')
          return fail('E_SKILL_BAD_ARGS', `input "${k}" must be a string.`);
        given[k] = v;
      }
    }
    const skill = byName.get(name);
    if (skill === undefined || visibility(name) === 'disabled') {
      const list = available.length > 0 ? available.join(', ') : '(none)';
      return fail('E_SKILL_UNKNOWN', `No skill named "${name}". Available skills: ${list}.`);
    }
    if (skill.paths.length > 0) {
      return fail(
        'E_SKILL_NOT_INVOCABLE',
        `"${name}" is a path rule: it cannot be invoked directly; it is added automatically when you touch a file that matches ${skill.paths.map((p) => `\`${p}\``).join(', ')}.`,
      );
    }
    if (skill.disableModelInvocation) {
      return fail(
        'E_SKILL_NOT_INVOCABLE',
        `"${name}" cannot be invoked directly (disable-model-invocation); only the user can start it with /${name}.`,
      );
    }
    const resolved = resolveInputs(skill.inputs, given);
    if (resolved.missing.length > 0) {
      return fail(
        'E_SKILL_INPUTS',
        `"${name}" needs the input(s) ${resolved.missing.join(', ')}; call invoke_skill again with "inputs".`,
      );
    }
    const rendered = await renderSkillBody(skill, resolved.values, options, counter, caps);
    if (!rendered.ok) {
      return fail('E_SKILL_BLOCKED', rendered.text, rendered.diagnostics);
    }
    return {
      ok: true,
      name,
      text: rendered.text,
      key: `skill:${name}`,
      diagnostics: rendered.diagnostics,
    };
  };
}

/**
 * The scanned, substituted, capped body of a skill as a `<ctxloom:skill ...>` fragment carrying
 * the activation `key` (default `skill:<name>`), with the footer naming the folder its relative
 * references resolve against. A blocked body is replaced by the scan gate's placeholder (still a
 * fragment, `ok: false`); a flagged one is shown inside the flagged wrapper. Shared by the tool,
 * `/name` tasks and keyword activation.
 */
export async function renderSkillBody(
  skill: Skill,
  values: Readonly<Record<string, string>>,
  options: Pick<InvokeOptions, 'scan' | 'commands'>,
  counter: TokenCounter,
  caps: TextCaps,
  lead = '',
  key = `skill:${skill.name}`,
): Promise<{ ok: boolean; text: string; diagnostics: readonly Diagnostic[] }> {
  const gate = gateUntrusted(skill.body, {
    source: skill.file,
    channel: 'skill',
    scanner: options.scan,
  });
  const attrs = {
    name: skill.name,
    source: skill.file,
    trust: skill.origin === 'project' ? ('untrusted' as const) : ('trusted' as const),
    key,
  };
  if (!gate.allowed) {
    return {
      ok: false,
      text: renderBlock(
        'skill',
        { ...attrs, scanner: `blocked: ${gate.ruleIds.join(', ')}` },
        lead,
        gate.text,
      ),
      diagnostics: gate.diagnostics,
    };
  }
  const expanded = await expandInlineCommands(skill.body, skill, options.commands);
  const substituted = substituteInputs(expanded.text, values);
  const capped = capText(
    substituted,
    caps,
    counter,
    (n) => `\n[… ${n} more characters cut; read ${oneLine(skill.dir)}/SKILL.md for the rest]`,
  );
  const flagged = gate.verdict === 'flagged';
  const body = flagged ? flaggedWrapper(capped.text, skill.file, gate.ruleIds) : capped.text;
  const text = renderBlock(
    'skill',
    flagged ? { ...attrs, scanner: `flagged: ${gate.ruleIds.join(', ')}` } : attrs,
    lead,
    body,
    skillFooter(skill),
  );
  const cut = capped.cut
    ? [
        diagnostic(SKILL_CODES.injectionCut, 'warning', 'the skill text was cut at its cap', {
          file: skill.file,
        }),
      ]
    : [];
  return { ok: true, text, diagnostics: [...gate.diagnostics, ...expanded.diagnostics, ...cut] };
}

/** Most resource files named in the footer. */
const MAX_FOOTER_FILES = 50;

/** The footer: the folder relative references resolve against, and the files the skill ships. */
export function skillFooter(skill: Pick<Skill, 'dir' | 'resources'>): string {
  const base = `Relative references in this skill (scripts/, references/, assets/) resolve against the folder ${oneLine(skill.dir)}.`;
  const files = [
    ...skill.resources.scripts,
    ...skill.resources.references,
    ...skill.resources.assets,
  ];
  if (files.length === 0) return base;
  const shown = files.slice(0, MAX_FOOTER_FILES).map(oneLine).join(', ');
  const more =
    files.length > MAX_FOOTER_FILES ? `, and ${files.length - MAX_FOOTER_FILES} more` : '';
  return `${base}\nFiles it ships: ${shown}${more}.`;
}
