/**
 * @module cli/prompt-flags
 * The prompt flags `build` and `payload` share, one implementation: `--system-prompt TEXT|@FILE`
 * (replace), `--append-system-prompt TEXT|@FILE` (append) and `--locale TAG` (the session's
 * locale, in place of `LC_ALL` / `LC_MESSAGES` / `LANG`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { PromptOverride } from '../prompt/index.js';
import { type CliIO, UsageError } from './command.js';

/** What the shared flags parse to. */
export interface PromptFlags {
  systemPrompt?: string;
  appendSystemPrompt?: string;
  locale?: string;
}

/** `TEXT` as is, or `@FILE`: the file's text (relative to `cwd`). */
export function promptArgument(value: string, cwd: string, flag: string): string {
  if (!value.startsWith('@')) return value;
  const path = resolve(cwd, value.slice(1));
  try {
    return readFileSync(path, 'utf8');
  } catch (cause) {
    throw new UsageError(`${flag}: cannot read ${value.slice(1)}`, cause, { file: value.slice(1) });
  }
}

/** The override the two flags ask for; both at once is a usage error (a replace has nothing to append to). */
export function overrideFromFlags(
  options: Pick<PromptFlags, 'systemPrompt' | 'appendSystemPrompt'>,
  cwd: string,
): PromptOverride | undefined {
  if (options.systemPrompt !== undefined && options.appendSystemPrompt !== undefined)
    throw new UsageError('--system-prompt and --append-system-prompt cannot be used together');
  if (options.systemPrompt !== undefined)
    return { kind: 'replace', text: promptArgument(options.systemPrompt, cwd, '--system-prompt') };
  if (options.appendSystemPrompt !== undefined)
    return {
      kind: 'append',
      text: promptArgument(options.appendSystemPrompt, cwd, '--append-system-prompt'),
    };
  return undefined;
}

const LOCALE = /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/;

/**
 * The IO with `--locale` in force: `LC_ALL` set to it, so the project loader reads it before
 * `LC_MESSAGES` and `LANG`. Without the flag, `io` unchanged. A malformed tag is a usage error.
 */
export function withLocaleFlag(io: CliIO, locale: string | undefined): CliIO {
  if (locale === undefined) return io;
  if (!LOCALE.test(locale))
    throw new UsageError(`--locale must be a language tag such as en-US or zh-CN, got "${locale}"`);
  return { ...io, env: { ...io.env, LC_ALL: locale } };
}

/** Adds the shared prompt flags to a command. */
export function addPromptFlags(command: Command): Command {
  return command
    .option('--system-prompt <text|@file>', 'replace the whole prompt with TEXT or the file FILE')
    .option(
      '--append-system-prompt <text|@file>',
      'append TEXT or the file FILE as the last static section',
    )
    .option(
      '--locale <tag>',
      'the session locale, e.g. zh-CN (default: LC_ALL, LC_MESSAGES, LANG)',
    );
}
