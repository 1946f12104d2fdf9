// @ts-check
/**
 * A minimal coding agent on the Anthropic SDK whose whole context is run by ctxloom's engine.
 * Run it for real (needs ANTHROPIC_API_KEY, after `npm run build`):
 *
 *   node examples/agent-loop/agent.mjs examples/demo-repo "Add input validation to the HTTP server"
 *
 * The lines between `ctxloom glue` markers are everything the loop does with ctxloom.
 */
import { pathToFileURL } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { openContext, resumeContext } from 'ctxloom';
import { runTool, tools } from './tools.mjs';

/**
 * Opens (or resumes) the context of a session for `cwd`.
 * @param {{ cwd: string, model: string, id?: string, resume?: boolean, window?: number, home?: string, clock?: () => Date, compaction?: import('ctxloom').OpenContextOptions['compaction'], hooks?: import('ctxloom').ContextHooks }} o
 */
export async function openSession(o) {
  const options = {
    cwd: o.cwd,
    model: o.model,
    provider: /** @type {const} */ ('anthropic'),
    tools,
    window: o.window ?? 200_000,
    ...(o.home === undefined ? {} : { home: o.home }),
    ...(o.clock === undefined ? {} : { clock: o.clock }),
    ...(o.compaction === undefined ? {} : { compaction: o.compaction }),
    ...(o.hooks === undefined ? {} : { hooks: o.hooks }),
  };
  // ctxloom glue: start
  return o.resume && o.id ? resumeContext({ ...options, id: o.id }) : openContext({ ...options, ...(o.id ? { id: o.id } : {}) });
  // ctxloom glue: end
}

/**
 * One user turn: the model and the tools take turns until the model answers without a tool call.
 * @param {import('ctxloom').ContextEngine<'anthropic'>} cx
 * @param {Anthropic} client
 * @param {string} text
 * @param {number} [maxSteps]
 */
export async function runTurn(cx, client, text, maxSteps = 50) {
  // ctxloom glue: start
  await cx.addUserMessage(text);
  for (let step = 0; step < maxSteps; step++) {
    const { request } = await cx.prepare();
    const response = await client.messages.create(request).catch(async (error) => {
      if ((await cx.recoverFromOverflow(error)).overflow) return undefined;
      throw error;
    });
    if (response === undefined) continue;
    const { toolCalls } = cx.recordResponse(response);
    if (toolCalls.length === 0) break;
    for (const call of toolCalls)
      await cx.addToolResult(call, cx.handles(call) ? { output: await cx.runBuiltin(call) } : await runTool(cx.project.dir, call));
  }
  await cx.save();
  // ctxloom glue: end
  return cx.lastAssistantText();
}

const main = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (main && process.argv.length >= 4) {
  const [cwd, task] = process.argv.slice(2);
  const cx = await openSession({ cwd: String(cwd), model: process.env.CTXLOOM_MODEL ?? 'claude-sonnet-4-5' });
  console.log(await runTurn(cx, new Anthropic(), String(task)));
  console.error(cx.ledger.format());
}
