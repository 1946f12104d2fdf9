/**
 * @module cli/commands/diff
 * `ctxloom diff A.json B.json`: where two request bodies diverge and what that costs the cache.
 */
import { Option } from 'commander';
import { explainCacheMiss, type PayloadKind, requestToBlocks } from '../../providers/index.js';
import { type CommandContext, EXIT, type RegisterCommand, UsageError } from '../command.js';
import { payloadProblem } from '../payload-shape.js';
import { readJson } from '../read-json.js';

const KINDS = ['anthropic', 'openai-chat', 'openai-responses', 'ai-sdk'] as const;

/** Guesses the payload kind from its fields. */
export function detectPayloadKind(body: unknown): PayloadKind {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.max_tokens === 'number' && 'system' in b) return 'anthropic';
  if (typeof b.instructions === 'string' || Array.isArray(b.input)) return 'openai-responses';
  if (typeof b.prompt_cache_key === 'string') return 'openai-chat';
  return 'ai-sdk';
}

interface DiffOptions {
  provider?: PayloadKind;
  json?: boolean;
}

function run(ctx: CommandContext, a: string, b: string, o: DiffOptions): void {
  const bodyA = readJson(ctx.io, a);
  const bodyB = readJson(ctx.io, b);
  const kind = o.provider ?? detectPayloadKind(bodyA);
  for (const [file, body] of [
    [a, bodyA],
    [b, bodyB],
  ] as const) {
    const problem = payloadProblem(kind, body);
    if (problem !== undefined)
      throw new UsageError(`${file}: not a valid ${kind} request: ${problem}`, undefined, { file });
  }
  const why = explainCacheMiss(
    { blocks: requestToBlocks(kind, bodyA) },
    { blocks: requestToBlocks(kind, bodyB) },
  );
  if (o.json) ctx.io.out(`${JSON.stringify({ kind, ...why }, null, 2)}\n`);
  else if (why.identicalPrefix) ctx.io.out(`${b} starts with all of ${a}: no cache miss.\n`);
  else {
    ctx.io.out(
      `first difference at byte ${why.byteOffset}: ${why.blockId}${why.section ? ` (section "${why.section}")` : ''}, character ${why.offsetInBlock}\n` +
        `  ${a}: ${why.before}\n  ${b}: ${why.after}\n` +
        `${why.lostTokens} tokens of ${b} can no longer come from the cache.\n`,
    );
  }
  if (!why.identicalPrefix) ctx.setExitCode(EXIT.findings);
}

export const registerDiffCommand: RegisterCommand = (program, ctx) => {
  program
    .command('diff')
    .description('explain the cache miss between two request bodies (exit 1 when they diverge)')
    .argument('<a>', 'earlier request body (JSON)')
    .argument('<b>', 'later request body (JSON)')
    .addOption(new Option('--provider <kind>', 'payload shape (default: detected)').choices(KINDS))
    .option('--json', 'print one JSON object')
    .action((a: string, b: string, options: DiffOptions) => run(ctx, a, b, options));
};
