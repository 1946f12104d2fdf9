/**
 * @module cli/main
 * The ctxloom command line: a thin shell over the library. Each command lives in
 * `cli/commands/<name>.ts`; this file only wires them up (importing a command's module only when
 * it runs), parses, and maps errors to exit codes.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { Command, CommanderError } from 'commander';
import { CtxloomError, type DiagnosticCode, escapeForTerminal } from '../diagnostics/index.js';
import {
  type CliErrorJson,
  type CliIO,
  type CommandContext,
  EXIT,
  errorJson,
  type RegisterCommand,
} from './command.js';

/** One command: its name on the command line and how to load its module (only when it runs). */
interface LazyCommand {
  readonly name: string;
  readonly load: () => Promise<RegisterCommand>;
}

/**
 * Every command, in the order `--help` lists them. A command's module (and with it the library
 * code it needs, such as the tokenizer or the scanner) is imported only when that command runs,
 * or when the whole list is needed (`--help`, an unknown command): `ctxloom --version` imports
 * none of them.
 */
const COMMANDS: readonly LazyCommand[] = [
  { name: 'build', load: async () => (await import('./commands/build.js')).registerBuildCommand },
  {
    name: 'doctor',
    load: async () => (await import('./commands/doctor.js')).registerDoctorCommand,
  },
  {
    name: 'conformance',
    load: async () => (await import('./commands/conformance.js')).registerConformanceCommand,
  },
  {
    name: 'payload',
    load: async () => (await import('./commands/payload.js')).registerPayloadCommand,
  },
  {
    name: 'cache-sim',
    load: async () => (await import('./commands/cache-sim.js')).registerCacheSimCommand,
  },
  {
    name: 'context',
    load: async () => (await import('./commands/context.js')).registerContextCommand,
  },
  {
    name: 'inspect',
    load: async () => (await import('./commands/inspect.js')).registerInspectCommand,
  },
  { name: 'diff', load: async () => (await import('./commands/diff.js')).registerDiffCommand },
  { name: 'scan', load: async () => (await import('./commands/scan.js')).registerScanCommand },
  {
    name: 'sources',
    load: async () => (await import('./commands/sources.js')).registerSourcesCommand,
  },
  {
    name: 'skills',
    load: async () => (await import('./commands/skills.js')).registerSkillsCommand,
  },
  {
    name: 'compact',
    load: async () => (await import('./commands/compact.js')).registerCompactCommand,
  },
  { name: 'plan', load: async () => (await import('./commands/plan.js')).registerPlanCommand },
  {
    name: 'session',
    load: async () => (await import('./commands/session.js')).registerSessionCommand,
  },
];

/** Names of every command, in `--help` order. */
export const COMMAND_NAMES: readonly string[] = Object.freeze(COMMANDS.map((c) => c.name));

/**
 * The commands `argv` needs registered: none for a bare `--version`, the named one when the first
 * word is a known command, and all of them otherwise (`--help`, no command, an unknown or
 * misspelt one, so that commander can list them or suggest the closest).
 */
export function commandsToLoad(argv: readonly string[]): readonly string[] {
  for (const a of argv) {
    if (a === '--') break;
    if (a === '-v' || a === '--version') return [];
    if (a.startsWith('-')) continue;
    return COMMAND_NAMES.includes(a) ? [a] : COMMAND_NAMES;
  }
  return COMMAND_NAMES;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The real process I/O. */
export function processIO(): CliIO {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    cwd: process.cwd(),
    home: homedir(),
    env: process.env,
  };
}

/**
 * Whether the user asked for JSON output: `--json`, `--format json` or `--jsonl` (`scan`'s JSON
 * lines) before any `--`. Every error path then prints one `{ "error": { code, message, file? } }`
 * object on stdout, on one line, parse errors of the command line included.
 */
export function wantsJson(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return false;
    if (a === '--json' || a === '--jsonl' || a === '--format=json') return true;
    if (a === '--format' && argv[i + 1] === 'json') return true;
  }
  return false;
}

/**
 * Runs the CLI with `argv` (without the node and script entries) and returns the exit code:
 * 0 success, 1 findings at or above the failure threshold, 2 usage or input error. Any other
 * error is a bug: with `--json` its JSON error object is printed, then it is rethrown (exit 70).
 */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  let exitCode: number = EXIT.ok;
  const json = wantsJson(argv);
  const printError = (
    code: DiagnosticCode,
    message: string,
    extra: CliErrorJson['error'] | null,
  ) => {
    if (json)
      io.out(
        `${JSON.stringify(extra === null ? { error: { code, message } } : { error: extra })}\n`,
      );
  };
  const ctx: CommandContext = {
    io,
    setExitCode: (code) => {
      exitCode = code;
    },
  };
  const program = new Command('ctxloom')
    .description('Context engineering for LLM coding agents.')
    .version(packageVersion(), '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError(false);
  try {
    const wanted = commandsToLoad(argv);
    const registers = await Promise.all(
      COMMANDS.filter((c) => wanted.includes(c.name)).map((c) => c.load()),
    );
    for (const register of registers) register(program, ctx);
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through exitOverride with code 0
      if (error.exitCode === 0) return EXIT.ok;
      printError('E_USAGE', error.message.replace(/^error: /, ''), null);
      return EXIT.usage;
    }
    if (CtxloomError.isInstance(error)) {
      io.err(`ctxloom: ${escapeForTerminal(error.message)}\n`);
      printError(error.code, error.message, errorJson(error).error);
      return EXIT.usage;
    }
    printError(
      'E_INTERNAL',
      `internal error: ${error instanceof Error ? error.message : String(error)}`,
      null,
    );
    throw error;
  }
  return exitCode;
}

/** Entry point used by `bin/ctxloom.js`. */
export function main(argv: readonly string[]): Promise<number> {
  return runCli(argv, processIO());
}
