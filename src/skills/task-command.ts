/**
 * @module skills/task-command
 * Task triggers: a `/name arg ...` command at the start of a user message, and the `${var}`
 * inputs it fills. Pure.
 */
import type { SkillInput } from './types.js';

/** A parsed `/name` command. */
export interface TaskCommand {
  /** The skill name after the slash. */
  readonly name: string;
  /** `key=value` arguments. */
  readonly named: Readonly<Record<string, string>>;
  /** Other arguments, in order. */
  readonly positional: readonly string[];
}

/**
 * Parses a message that starts with `/name`. Arguments are `key=value` or positional; values may
 * be double- or single-quoted. Returns undefined when the message is not a command.
 */
export function parseTaskCommand(message: string): TaskCommand | undefined {
  const m = /^\s*\/([a-z0-9]+(?:-[a-z0-9]+)*)(?=\s|$)/.exec(message);
  if (m === null || m[1] === undefined) return undefined;
  const rest = message.slice(m[0].length);
  const named: Record<string, string> = {};
  const positional: string[] = [];
  const re = /\s*(?:([A-Za-z_][A-Za-z0-9_]*)=)?(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))/gy;
  for (let t = re.exec(rest); t !== null; t = re.exec(rest)) {
    const value = t[2] !== undefined ? t[2].replace(/\\(.)/g, '$1') : (t[3] ?? t[4] ?? '');
    if (t[1] !== undefined) named[t[1]] = value;
    else positional.push(value);
  }
  return { name: m[1], named, positional };
}

/** Input values for a task skill, or what is wrong with them. */
export interface ResolvedInputs {
  /** Values by input name (defaults applied). */
  readonly values: Readonly<Record<string, string>>;
  /** Required inputs with no value, in declaration order. */
  readonly missing: readonly string[];
  /** Given names that the skill does not declare, sorted. */
  readonly unknown: readonly string[];
}

/**
 * Fills declared inputs from named values first, then positional values in declaration order;
 * extra positional values are joined (with spaces) into the last input.
 */
export function resolveInputs(
  declared: readonly SkillInput[],
  named: Readonly<Record<string, string>>,
  positional: readonly string[] = [],
): ResolvedInputs {
  const values: Record<string, string> = {};
  const known = new Set(declared.map((d) => d.name));
  for (const [k, v] of Object.entries(named)) if (known.has(k)) values[k] = v;
  const open = declared.filter((d) => values[d.name] === undefined);
  const rest = [...positional];
  for (const [i, d] of open.entries()) {
    if (rest.length === 0) break;
    values[d.name] = i === open.length - 1 ? rest.splice(0).join(' ') : (rest.shift() as string);
  }
  const missing: string[] = [];
  for (const d of declared) {
    if (values[d.name] !== undefined) continue;
    if (d.default !== undefined) values[d.name] = d.default;
    else if (d.required) missing.push(d.name);
  }
  const unknown = Object.keys(named)
    .filter((k) => !known.has(k))
    .sort();
  return { values, missing, unknown };
}

/**
 * Replaces `${name}` placeholders whose name has a value; `\${name}` stays as a literal
 * `${name}`, and placeholders without a value are left as they are.
 */
export function substituteInputs(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(
    /(\\?)\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (whole, backslash: string, name: string) => {
      if (backslash === '\\') return whole.slice(1);
      return Object.hasOwn(values, name) ? (values[name] as string) : whole;
    },
  );
}
