/**
 * @module cli/commands/cache-sim
 * `ctxloom cache-sim TRACE.jsonl --provider P`: predicted cached tokens per request of a recorded
 * sequence, and the session total.
 */
import { Option } from 'commander';
import { CtxloomError } from '../../diagnostics/index.js';
import {
  type CacheRequest,
  type CacheRules,
  minCacheableTokens,
  type PayloadKind,
  requestToBlocks,
  simulateCache,
} from '../../providers/index.js';
import { type CommandContext, type RegisterCommand, UsageError } from '../command.js';
import { payloadProblem } from '../payload-shape.js';
import { readJsonl } from '../read-json.js';
import { formatTable } from '../table.js';

const KINDS = ['anthropic', 'openai-chat', 'openai-responses', 'ai-sdk'] as const;

interface CacheSimOptions {
  provider: PayloadKind;
  rules?: 'anthropic' | 'openai' | 'kv';
  blockSize: string;
  minTokens?: string;
  json?: boolean;
}

/** A trace line is a request body, or `{ "at": ms | ISO, "request": body }`. */
export function traceToRequests(
  lines: readonly unknown[],
  kind: PayloadKind,
  file: string,
): { requests: CacheRequest[]; model: string | undefined } {
  let model: string | undefined;
  const requests = lines.map((line, i) => {
    const wrapped = typeof line === 'object' && line !== null && 'request' in line;
    const body = wrapped ? (line as { request: unknown }).request : line;
    const atRaw = wrapped ? (line as { at?: unknown }).at : undefined;
    const at =
      typeof atRaw === 'string' ? Date.parse(atRaw) : typeof atRaw === 'number' ? atRaw : undefined;
    if (at !== undefined && Number.isNaN(at))
      throw new UsageError(`${file}:${i + 1}: "at" is not a date`);
    model ??=
      typeof (body as { model?: unknown })?.model === 'string'
        ? (body as { model: string }).model
        : undefined;
    const problem = payloadProblem(kind, body);
    if (problem !== undefined)
      throw new UsageError(`${file}:${i + 1}: not a valid ${kind} request: ${problem}`, undefined, {
        file,
        line: i + 1,
      });
    try {
      return { blocks: requestToBlocks(kind, body), at };
    } catch (error) {
      if (!CtxloomError.isInstance(error)) throw error;
      throw new UsageError(`${file}:${i + 1}: ${error.message}`, error, { file, line: i + 1 });
    }
  });
  return { requests, model };
}

function run(ctx: CommandContext, trace: string, o: CacheSimOptions): void {
  if (o.minTokens !== undefined && !/^\d+$/.test(o.minTokens))
    throw new UsageError(`--min-tokens must be a whole number of tokens, got "${o.minTokens}"`);
  const { requests, model } = traceToRequests(readJsonl(ctx.io, trace), o.provider, trace);
  const ruleKind =
    o.rules ??
    (o.provider === 'anthropic' ? 'anthropic' : o.provider === 'ai-sdk' ? 'anthropic' : 'openai');
  let rules: CacheRules;
  if (ruleKind === 'anthropic')
    rules = {
      kind: 'anthropic',
      minTokens: o.minTokens ? Number(o.minTokens) : minCacheableTokens(model ?? ''),
    };
  else if (ruleKind === 'openai')
    rules = o.minTokens ? { kind: 'openai', minTokens: Number(o.minTokens) } : { kind: 'openai' };
  else {
    const size = Number(o.blockSize);
    if (!Number.isInteger(size) || size <= 0)
      throw new UsageError(`--block-size must be a positive whole number, got "${o.blockSize}"`);
    rules = { kind: 'kv', blockSize: size };
  }
  const sim = simulateCache(requests, rules);
  if (o.json) {
    ctx.io.out(`${JSON.stringify({ rules, turns: sim.turns, totals: sim.totals }, null, 2)}\n`);
    return;
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  ctx.io.out(
    formatTable(
      ['turn', 'input', 'cache read', 'cache write', 'uncached', 'hit'],
      [
        ...sim.turns.map((t) => [
          t.index + 1,
          t.inputTokens,
          t.cacheRead,
          t.cacheWrite,
          t.uncached,
          pct(t.hitRatio),
        ]),
        [
          'total',
          sim.totals.inputTokens,
          sim.totals.cacheRead,
          sim.totals.cacheWrite,
          sim.totals.uncached,
          pct(sim.totals.hitRatio),
        ],
      ],
    ),
  );
}

export const registerCacheSimCommand: RegisterCommand = (program, ctx) => {
  program
    .command('cache-sim')
    .description('predict cached tokens per request of a JSONL trace of request bodies')
    .argument('<trace>', 'JSONL: one request body, or { "at", "request" }, per line')
    .addOption(new Option('--provider <kind>', 'payload shape').choices(KINDS).default('anthropic'))
    .addOption(
      new Option('--rules <kind>', "cache rules (default: the provider's)").choices([
        'anthropic',
        'openai',
        'kv',
      ]),
    )
    .option('--block-size <n>', 'block size in tokens for --rules kv', '16')
    .option('--min-tokens <n>', "minimum cacheable prefix (default: the model's)")
    .option('--json', 'print one JSON object')
    .action((trace: string, options: CacheSimOptions) => run(ctx, trace, options));
};
