/**
 * @module cli/commands/compact
 * `ctxloom compact TRANSCRIPT.json [--format ctxloom|anthropic|openai] [--window N] [--target F]
 * [--json]`: compacts a conversation transcript and prints it in the same format, with a report:
 * tokens before and after, messages kept / summarised / elided, the artifact references, the fact
 * ledger and whether every fact survived. Elided tool results go to an artifact directory
 * (`--artifacts`, default `.ctxloom/artifacts`); the input file is never written.
 */
import { resolve } from 'node:path';
import { CtxloomError, formatDiagnostic } from '../../diagnostics/index.js';
import { checkWriteTarget, writeProjectFile } from '../../files/index.js';
import {
  type CompactionResult,
  compactHistory,
  createFsArtifactStore,
  readTranscript,
  type TranscriptFormat,
  toolResultText,
  writeTranscript,
} from '../../history/index.js';
import { scan } from '../../safety/index.js';
import { EXIT, type RegisterCommand, UsageError } from '../command.js';
import { readJson } from '../read-json.js';

interface CompactFlags {
  format?: string;
  window: string;
  target: string;
  artifacts: string;
  out?: string;
  json?: boolean;
}

const FORMATS: readonly TranscriptFormat[] = ['anthropic', 'ctxloom', 'openai'];

function parseWindow(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new UsageError(`--window must be a positive whole number of tokens, not "${value}"`);
  }
  return Number(value);
}

function parseTarget(value: string): number {
  const n = Number(value);
  if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(value) || !(n > 0 && n <= 1)) {
    throw new UsageError(`--target must be a fraction of the window in (0, 1], not "${value}"`);
  }
  return n;
}

/** The report as a JSON-ready object. */
export function compactReport(r: CompactionResult, window: number, before: number, file: string) {
  const survivedText = r.history
    .flatMap((m) =>
      m.parts.map((p) =>
        p.type === 'text' ? p.text : p.type === 'tool-result' ? toolResultText(p) : '',
      ),
    )
    .join('\n');
  return {
    file,
    status: r.status,
    window,
    targetTokens: r.targetTokens,
    tokensBefore: r.tokensBefore,
    tokensAfter: r.tokensAfter,
    stages: r.stages,
    messages: {
      before,
      after: r.history.length,
      kept: r.record.kept.length,
      keptUserMessages: r.record.keptUserMessages.length,
      summarized: r.record.summarized.length,
      elided: r.record.elided.length,
    },
    artifacts: r.record.elided.map((e) => ({
      ref: e.ref,
      messageId: e.messageId,
      toolCallId: e.toolCallId,
      tool: e.toolName,
      lines: e.lines,
      bytes: e.bytes,
      tokensBefore: e.tokensBefore,
      tokensAfter: e.tokensAfter,
    })),
    ledger: r.ledger.map((f) => ({ ...f, survived: survivedText.includes(f.value) })),
    factsSurvived: r.factsSurvived,
    restoredFacts: r.restoredFacts.length,
    summarized: r.record.summarized,
    keptUserMessages: r.record.keptUserMessages,
    reinjected: r.record.reinjected,
    rearmed: r.record.rearmed,
    diagnostics: r.diagnostics,
  };
}

function formatText(report: ReturnType<typeof compactReport>): string {
  const lines = [
    `${report.file}: ${report.status}${report.stages.length > 0 ? ` (stages: ${report.stages.join(', ')})` : ''}`,
    `tokens: ${report.tokensBefore} -> ${report.tokensAfter} (target ${report.targetTokens}, window ${report.window})`,
    `messages: ${report.messages.before} -> ${report.messages.after}: ${report.messages.kept} kept (${report.messages.keptUserMessages} user messages from the middle verbatim), ${report.messages.summarized} summarised, ${report.messages.elided} tool results elided`,
  ];
  lines.push(`artifacts (${report.artifacts.length}; read back with read_artifact):`);
  for (const a of report.artifacts) {
    lines.push(
      `  ${a.ref}  ${a.messageId} ${a.tool} ${a.lines} lines ${a.tokensBefore} -> ${a.tokensAfter} tokens`,
    );
  }
  const lost = report.ledger.filter((f) => !f.survived).length;
  lines.push(
    `fact ledger (${report.ledger.length}): ${report.factsSurvived && lost === 0 ? 'every fact survived' : `${lost} fact(s) LOST`}${report.restoredFacts > 0 ? ` (${report.restoredFacts} restored after the summariser dropped them)` : ''}`,
  );
  for (const f of report.ledger)
    lines.push(`  ${f.survived ? 'ok  ' : 'LOST'} ${f.kind}: ${f.value}`);
  if (report.rearmed.length > 0) {
    lines.push('re-armed:');
    for (const r of report.rearmed)
      lines.push(`  ${r.type} ${r.name ?? ''} ${r.path ?? ''}`.trimEnd());
  }
  for (const d of report.diagnostics) if (d.severity !== 'info') lines.push(formatDiagnostic(d));
  return `${lines.join('\n')}\n`;
}

/** Registers `ctxloom compact`. */
export const registerCompactCommand: RegisterCommand = (program, ctx) => {
  program
    .command('compact')
    .description(
      "Compact a conversation transcript to fit a context window, keeping the user's goals.",
    )
    .argument(
      '<transcript>',
      'transcript JSON file (ctxloom, Anthropic Messages or OpenAI Chat Completions)',
    )
    .option('--format <format>', 'ctxloom | anthropic | openai (default: detected)')
    .option('--window <tokens>', 'context window in tokens', '200000')
    .option('--target <fraction>', 'fill ratio of the window to compact to', '0.6')
    .option('--artifacts <dir>', 'where elided tool results are stored', '.ctxloom/artifacts')
    .option('--out <file>', 'write the compacted transcript to this file instead of stdout')
    .option('--json', 'print one JSON object with the transcript and the report')
    .action(async (file: string, flags: CompactFlags) => {
      const { io } = ctx;
      if (flags.format !== undefined && !FORMATS.includes(flags.format as TranscriptFormat)) {
        throw new UsageError(
          `--format must be one of ${FORMATS.join(', ')}, not "${flags.format}"`,
        );
      }
      const window = parseWindow(flags.window);
      const target = parseTarget(flags.target);
      const input = resolve(io.cwd, file);
      // the write gate compares file identity (device + inode): a symlink or a hard link to the
      // input is the input
      const outGate = { notSameAs: [input], display: flags.out ?? '' };
      const refused =
        flags.out === undefined ? undefined : checkWriteTarget(resolve(io.cwd, flags.out), outGate);
      if (refused !== undefined)
        throw new UsageError(
          `--out ${refused.message}; ctxloom never writes over its input`,
          undefined,
          { file: flags.out ?? file },
        );
      if (flags.out !== undefined && resolve(io.cwd, flags.out) === input)
        throw new UsageError(
          '--out names the input transcript; ctxloom never writes over its input',
          undefined,
          { file: flags.out },
        );
      // through the non-blocking read gate: a FIFO or a device is refused, never waited on
      const value = readJson(io, file);
      let transcript: ReturnType<typeof readTranscript>;
      try {
        transcript = readTranscript(value, flags.format as TranscriptFormat | undefined, file);
      } catch (error) {
        if (CtxloomError.isInstance(error))
          throw new UsageError(`${file}: ${error.message}`, error, { file });
        throw error;
      }
      const soft = Math.max(0.75, target);
      const result = await compactHistory(transcript.history, {
        budget: { window, target, soft, hard: Math.max(0.92, soft) },
        store: createFsArtifactStore(resolve(io.cwd, flags.artifacts)),
        // tool output quoted into the summary passes the injection scanner
        scan: (text) => scan(text, { source: 'summary' }),
      });
      const out = writeTranscript(transcript.format, result.history, transcript.envelope);
      const report = compactReport(result, window, transcript.history.length, file);
      const ok =
        (result.status === 'compacted' || result.status === 'unchanged') && result.factsSurvived;
      if (flags.out !== undefined) {
        try {
          writeProjectFile(
            resolve(io.cwd, flags.out),
            `${JSON.stringify(out, null, 2)}\n`,
            outGate,
          );
        } catch (error) {
          if (CtxloomError.isInstance(error))
            throw new UsageError(`--out ${error.message}`, error, { file: flags.out });
          throw error;
        }
      }
      if (flags.json === true) {
        io.out(
          `${JSON.stringify(flags.out === undefined ? { transcript: out, report } : { report }, null, 2)}\n`,
        );
      } else {
        if (flags.out === undefined) io.out(`${JSON.stringify(out, null, 2)}\n`);
        io.err(formatText(report));
      }
      ctx.setExitCode(ok ? EXIT.ok : EXIT.findings);
    });
};
