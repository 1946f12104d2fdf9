/**
 * @module cli/commands/conformance
 * `ctxloom conformance [dir]`: runs the conformance vectors (docs/conformance.md). Each folder of
 * `dir` with an `input.json` is one vector; the texts an implementation produces for it are
 * compared byte for byte with the folder's `static.txt`, `dynamic.txt` and `request.json`, whose
 * SHA-256 sums are checked against `SHA256SUMS` first. The implementation is ctxloom itself, or
 * `--cmd "..."`: any program that reads `input.json` on stdin and prints
 * `{"static": ..., "dynamic": ... | null, "request": ... | null}`. `--emit` is ctxloom as such a
 * program; `--update` rewrites the expected files from ctxloom.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../../files/index.js';
import { importAnthropic, importOpenAI } from '../../history/index.js';
import {
  buildConformancePrompt,
  type ConformanceInput,
  type ConformanceOutput,
  type ConformanceRequest,
  CONFORMANCE_FILES as F,
  firstDifference,
  parseConformanceInput,
} from '../../prompt/index.js';
import {
  toAiSdkPayload,
  toAnthropicRequest,
  toOpenAIChatRequest,
  toOpenAIResponsesRequest,
} from '../../providers/index.js';
import type { ToolDefinition } from '../../tools/index.js';
import { type CliIO, type CommandContext, type RegisterCommand, UsageError } from '../command.js';
import { parseJson, readText } from '../read-json.js';

interface ConformanceOptions {
  cmd?: string;
  update?: boolean;
  emit?: boolean;
}

type Prompt = ReturnType<typeof buildConformancePrompt>;

/**
 * The request body each provider's builder produces for a vector, as the exact text sent:
 * `JSON.stringify` of the body. For the AI SDK it is the call options (`toAiSdkPayload(...).options`,
 * v6: `system`, `messages`, `tools` as a record of `{ description, inputSchema, providerOptions? }`,
 * call-level `providerOptions`), all plain JSON; the planner's `breakpoints` decisions are
 * diagnostics, not part of the payload, and are left out (their effect is the `cacheControl`
 * markers in the options).
 */
const REQUEST_BUILDERS: Record<
  ConformanceRequest['provider'],
  (r: ConformanceRequest, prompt: Prompt, tools: readonly ToolDefinition[]) => unknown
> = {
  anthropic: (r, prompt, tools) =>
    toAnthropicRequest({
      model: r.model,
      maxTokens: r.maxTokens,
      prompt,
      history: importAnthropic(r.messages).history,
      tools,
    }).request,
  'openai-chat': (r, prompt, tools) =>
    toOpenAIChatRequest({
      model: r.model,
      maxOutputTokens: r.maxTokens,
      prompt,
      history: importOpenAI(r.messages).history,
      tools,
    }),
  'openai-responses': (r, prompt, tools) =>
    toOpenAIResponsesRequest({
      model: r.model,
      maxOutputTokens: r.maxTokens,
      prompt,
      history: importOpenAI(r.messages).history,
      tools,
    }),
  'ai-sdk': (r, prompt, tools) =>
    toAiSdkPayload({ model: r.model, prompt, history: importOpenAI(r.messages).history, tools })
      .options,
};

/** ctxloom's own output for a vector. */
export function conformanceOutput(input: ConformanceInput): ConformanceOutput {
  const prompt = buildConformancePrompt(input);
  const r = input.request;
  const request =
    r === undefined ? null : JSON.stringify(REQUEST_BUILDERS[r.provider](r, prompt, r.tools ?? []));
  return { static: prompt.static, dynamic: prompt.dynamic, request };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The expected files of an output, by name (`dynamic.txt` / `request.json` only when present). */
function outputFiles(out: ConformanceOutput): Map<string, string> {
  const files = new Map<string, string>([[F.static, out.static]]);
  if (out.dynamic !== null) files.set(F.dynamic, out.dynamic);
  if (out.request !== null) files.set(F.request, out.request);
  return files;
}

/** `SHA256SUMS` text: `<hex>  <file>` lines sorted by file name (`sha256sum -c` reads it). */
export function sha256Sums(files: ReadonlyMap<string, string>): string {
  return [...files.keys()]
    .sort()
    .map((name) => `${sha256(files.get(name) ?? '')}  ${name}\n`)
    .join('');
}

/** The output of `--cmd` for one input, or a problem. */
function runPort(cmd: string, inputText: string, cwd: string): ConformanceOutput | string {
  const r = spawnSync(cmd, {
    shell: true,
    input: inputText,
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.error) return `--cmd failed to start: ${r.error.message}`;
  if (r.status !== 0)
    return `--cmd exited with ${r.status}: ${r.stderr.trim().split('\n')[0] ?? ''}`;
  let v: unknown;
  try {
    v = JSON.parse(r.stdout);
  } catch {
    return '--cmd did not print one JSON object';
  }
  const o = v as Record<string, unknown>;
  const textOrNull = (x: unknown) => x === null || typeof x === 'string';
  if (typeof o?.static !== 'string' || !textOrNull(o.dynamic) || !textOrNull(o.request))
    return '--cmd must print {"static": string, "dynamic": string | null, "request": string | null}';
  return {
    static: o.static,
    dynamic: o.dynamic as string | null,
    request: o.request as string | null,
  };
}

/** What differs between a vector's files and an output; empty when they match. */
function compareVector(dir: string, out: ConformanceOutput, io: CliIO): string[] {
  const problems: string[] = [];
  const expected = new Map<string, string>();
  for (const name of [F.static, F.dynamic, F.request])
    if (existsSync(join(dir, name))) expected.set(name, readText(io, join(dir, name)));
  const sums = existsSync(join(dir, F.sums)) ? readText(io, join(dir, F.sums)) : '';
  if (sums !== sha256Sums(expected)) problems.push(`${F.sums} does not match the vector's files`);
  const actual = outputFiles(out);
  for (const name of [F.static, F.dynamic, F.request]) {
    const e = expected.get(name);
    const a = actual.get(name);
    if (e === undefined && a === undefined) continue;
    if (e === undefined || a === undefined) {
      problems.push(
        `${name}: ${e === undefined ? 'not expected, but produced' : 'expected, not produced'}`,
      );
      continue;
    }
    const at = firstDifference(Buffer.from(e, 'utf8'), Buffer.from(a, 'utf8'));
    if (at >= 0)
      problems.push(
        `${name} differs at byte ${at} (expected ${Buffer.byteLength(e)} bytes, got ${Buffer.byteLength(a)})`,
      );
  }
  return problems;
}

function writeVector(dir: string, out: ConformanceOutput): void {
  const files = outputFiles(out);
  for (const name of [F.static, F.dynamic, F.request])
    if (!files.has(name) && existsSync(join(dir, name))) rmSync(join(dir, name));
  for (const [name, text] of files) writeFileAtomic(join(dir, name), text);
  writeFileAtomic(join(dir, F.sums), sha256Sums(files));
}

/** The vector folders of `root`, sorted by name. */
function vectorDirs(root: string): string[] {
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new UsageError(`not a directory of conformance vectors: ${root}`);
  return readdirSync(root)
    .filter((n) => existsSync(join(root, n, F.input)))
    .sort()
    .map((n) => join(root, n));
}

async function run(ctx: CommandContext, dir: string | undefined, o: ConformanceOptions) {
  const { io } = ctx;
  if (o.emit) {
    const out = conformanceOutput(
      parseConformanceInput(parseJson(await io.readStdin(), '<stdin>')),
    );
    io.out(`${JSON.stringify(out)}\n`);
    return;
  }
  const root = resolve(io.cwd, dir ?? 'conformance/vectors');
  const dirs = vectorDirs(root);
  let failed = 0;
  for (const d of dirs) {
    const name = d.slice(root.length + 1);
    const text = readText(io, join(d, F.input));
    const input = parseConformanceInput(parseJson(text, join(d, F.input)));
    const out = o.cmd === undefined ? conformanceOutput(input) : runPort(o.cmd, text, io.cwd);
    if (o.update && typeof out !== 'string') {
      writeVector(d, out);
      io.out(`updated ${name}\n`);
      continue;
    }
    const problems = typeof out === 'string' ? [out] : compareVector(d, out, io);
    if (problems.length > 0) failed++;
    io.out(problems.length === 0 ? `ok   ${name}\n` : `FAIL ${name}: ${problems.join('; ')}\n`);
  }
  io.out(`${dirs.length} vectors, ${dirs.length - failed} passed, ${failed} failed\n`);
  if (dirs.length === 0) throw new UsageError(`no conformance vectors in ${root}`);
  if (failed > 0) ctx.setExitCode(1);
}

export const registerConformanceCommand: RegisterCommand = (program, ctx) => {
  program
    .command('conformance')
    .description('check an implementation against the conformance vectors in [dir] (byte for byte)')
    .argument('[dir]', 'folder of vectors', 'conformance/vectors')
    .option(
      '--cmd <command>',
      'the implementation to check: reads input.json on stdin, prints the output JSON',
    )
    .option('--update', "rewrite every vector's expected files from ctxloom")
    .option(
      '--emit',
      "read one input.json on stdin and print ctxloom's output JSON (a --cmd target)",
    )
    .action((dir: string | undefined, options: ConformanceOptions) => run(ctx, dir, options));
};
