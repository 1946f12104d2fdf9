/**
 * @module skills/inline-commands
 * Inline command expansion (`` !`cmd` `` in a skill body). Off unless the caller turns it on;
 * even then it runs only for skills from trusted origins, each command with a timeout and an
 * output cap, and a failure becomes a clear error text in place of the command. The command
 * runner is injected (see `run-command.ts` for the Node one), so this module stays pure.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { SKILL_CODES } from './codes.js';
import type { SkillOrigin } from './types.js';

/** What a runner returns. */
export type CommandOutcome =
  | { readonly ok: true; readonly output: string; readonly truncated: boolean }
  | { readonly ok: false; readonly error: string };

/** Runs one shell command in `cwd`, honouring the timeout and output cap. */
export type CommandRunner = (
  command: string,
  options: { readonly cwd: string; readonly timeoutMs: number; readonly maxOutputBytes: number },
) => Promise<CommandOutcome>;

/** Options of inline command expansion. */
export interface InlineCommandOptions {
  /** Must be true for anything to run. */
  readonly enabled: boolean;
  /** The runner (e.g. `nodeCommandRunner`). */
  readonly run: CommandRunner;
  /** Origins whose skills may run commands. Default `['user', 'builtin']` (never the repository). */
  readonly trustedOrigins?: readonly SkillOrigin[];
  /** Per-command timeout. Default 5000 ms. */
  readonly timeoutMs?: number;
  /** Per-command output cap. Default 8192 bytes. */
  readonly maxOutputBytes?: number;
}

const INLINE = /!`([^`\n]+)`/g;

/** The inline commands in `body`, in order. */
export function findInlineCommands(body: string): string[] {
  return [...body.matchAll(INLINE)].map((m) => m[1] as string);
}

/**
 * Expands `` !`cmd` `` in `body` when enabled and the skill's origin is trusted; otherwise the
 * body is returned unchanged (with a diagnostic when expansion was on but the origin untrusted).
 */
export async function expandInlineCommands(
  body: string,
  skill: { readonly origin: SkillOrigin; readonly dir: string; readonly file: string },
  options: InlineCommandOptions | undefined,
): Promise<{ text: string; diagnostics: readonly Diagnostic[] }> {
  const commands = findInlineCommands(body);
  if (options?.enabled !== true || commands.length === 0) return { text: body, diagnostics: [] };
  const trusted = options.trustedOrigins ?? ['user', 'builtin'];
  if (!trusted.includes(skill.origin)) {
    return {
      text: body,
      diagnostics: [
        diagnostic(
          SKILL_CODES.command,
          'warning',
          `${commands.length} inline command(s) not run: skills from the ${skill.origin} are not trusted to run commands`,
          { file: skill.file },
        ),
      ],
    };
  }
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxOutputBytes = options.maxOutputBytes ?? 8192;
  const outputs: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const command of commands) {
    let outcome: CommandOutcome;
    try {
      outcome = await options.run(command, { cwd: skill.dir, timeoutMs, maxOutputBytes });
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.ok) {
      outputs.push(
        outcome.truncated
          ? `${outcome.output}\n[output of \`${command}\` cut at ${maxOutputBytes} bytes]`
          : outcome.output,
      );
      if (outcome.truncated) {
        diagnostics.push(
          diagnostic(
            SKILL_CODES.command,
            'warning',
            `output of \`${command}\` cut at ${maxOutputBytes} bytes`,
            {
              file: skill.file,
            },
          ),
        );
      }
    } else {
      outputs.push(`[inline command \`${command}\` failed: ${outcome.error}]`);
      diagnostics.push(
        diagnostic(
          SKILL_CODES.command,
          'warning',
          `inline command \`${command}\` failed: ${outcome.error}`,
          {
            file: skill.file,
          },
        ),
      );
    }
  }
  let i = 0;
  const text = body.replace(INLINE, () => outputs[i++] ?? '');
  return { text, diagnostics };
}
